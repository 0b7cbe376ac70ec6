import { z } from 'zod';

/** A page view the app reports on every route change (spec §2 "Every route change reports a page view"). */
export const PageViewSchema = z.object({
  path: z
    .string()
    .min(1)
    .max(300)
    .regex(/^\/[^\s]*$/, 'must be an app path starting with /'),
  referrer: z.string().max(300).optional(),
});
export type PageView = z.infer<typeof PageViewSchema>;
