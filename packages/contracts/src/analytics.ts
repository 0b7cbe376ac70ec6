import { z as zod } from 'zod';

/** A page view the app reports on every route change (spec §2 "Every route change reports a page view"). */
export const PageViewSchema = zod.object({
  path: zod
    .string()
    .min(1)
    .max(300)
    .regex(/^\/[^\s]*$/, 'must be an app path starting with /'),
  referrer: zod.string().max(300).optional(),
});
export type PageView = zod.infer<typeof PageViewSchema>;
