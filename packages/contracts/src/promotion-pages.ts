import { z as zod } from 'zod';
import { wholeNumber } from './whole-number.ts';

/**
 * A promotion page (issue 14 §1, `/activities/promotion/{id}`): one programme told to the player, with its
 * picture, what it is, its rules and the way into it. Operator content, translated per row like adverts
 * (docs/decisions.md "Operator content is translated per row").
 */
export const PromotionPageSchema = zod.object({
  id: zod.number().int(),
  title: zod.string(),
  image: zod.string(),
  description: zod.string(),
  /** Empty when the operator wrote none: the page then says "rule missing" (spec §8). */
  rules: zod.string(),
  /** Where the call to action leads: an in-app path or an https address. */
  url: zod.string(),
  /** The button's text; empty for the app's own "Join now". */
  action: zod.string(),
});
export type PromotionPage = zod.infer<typeof PromotionPageSchema>;

export const PromotionPageQuerySchema = zod.object({
  id: wholeNumber(1, 2_147_483_647),
});

/** An in-app path (`/…`, not `//…`) or an https address: nothing a link could run. */
const linkTarget = zod
  .string()
  .trim()
  .max(500)
  .refine(
    (value) =>
      (/^\/(?![/\\])[^\s\\]*$/.test(value) && !value.includes('\\')) || /^https:\/\/[^\s]+$/.test(value),
    'an in-app path or an https address',
  );

const TranslatedFieldsSchema = zod
  .object({
    title: zod.string().trim().max(120).optional(),
    description: zod.string().trim().max(2000).optional(),
    rules: zod.string().trim().max(10_000).optional(),
    action: zod.string().trim().max(40).optional(),
  })
  .strict();

/** What an operator writes (POST creates, PUT replaces); texts in English with fr/pt translations. */
export const PromotionPageInputSchema = zod
  .object({
    slug: zod
      .string()
      .trim()
      .regex(/^[a-z0-9][a-z0-9-]{0,59}$/, 'lower-case letters, digits and dashes'),
    title: zod.string().trim().min(1).max(120),
    image: linkTarget,
    description: zod.string().trim().max(2000).default(''),
    rules: zod.string().trim().max(10_000).default(''),
    url: linkTarget,
    action: zod.string().trim().max(40).default(''),
    sort: zod.number().int().min(0).max(10_000).default(0),
    enabled: zod.boolean().default(true),
    translations: zod
      .object({
        fr: TranslatedFieldsSchema.optional(),
        pt: TranslatedFieldsSchema.optional(),
        sw: TranslatedFieldsSchema.optional(),
      })
      .strict()
      .default({}),
  })
  .strict();
export type PromotionPageInput = zod.infer<typeof PromotionPageInputSchema>;

/** A promotion page as the operator sees it: every language, its switch and order. */
export const PromotionPageAdminSchema = PromotionPageSchema.extend({
  slug: zod.string(),
  sort: zod.number().int(),
  enabled: zod.boolean(),
  translations: zod.record(zod.string(), zod.record(zod.string(), zod.string())),
});
export type PromotionPageAdmin = zod.infer<typeof PromotionPageAdminSchema>;

export const PromotionPageIdParamsSchema = zod.object({
  id: wholeNumber(1, 2_147_483_647),
});
