import { z as zod } from 'zod';
import { NOTICE_TYPE } from './message-rules.ts';
import { LANGUAGES, type Language } from './language.ts';
import { wholeNumber } from './whole-number.ts';

/**
 * The back office's content (issue 26 §5; docs/api.md "Operators: content"): the adverts, menu entries and
 * FAQ entries players' apps read from the config service, and the notices of the home ticker. An operator
 * edits the very rows the player routes serve (no second copy): a row's own texts are English, and each
 * other language may override a text or picture (`translations`).
 */

/** The languages a row's translations hold; English is the row's own fields. */
export const TRANSLATED_LANGUAGES = LANGUAGES.filter(
  (language): language is Exclude<Language, 'en'> => language !== 'en',
);

/**
 * A picture among the shipped statics (`/statics/adverts/home-swipe-coins.svg`): folders and a file name of
 * letters, digits, dashes, dots and underscores, never `..`. The server also checks the file exists.
 */
export const STATIC_IMAGE_PATTERN =
  /^\/statics\/(?:[a-z0-9_-]+\/)*[a-z0-9_-][a-z0-9_.-]*\.(?:svg|webp|png|jpe?g)$/i;
const StaticImageSchema = zod
  .string()
  .trim()
  .max(200)
  .regex(STATIC_IMAGE_PATTERN, 'Must be a picture of the statics (/statics/…)');

/**
 * Where a tap leads: a page of the app (`/deposit`, never `//host`), an https address, or nowhere (empty).
 */
const LinkSchema = zod
  .string()
  .trim()
  .max(500)
  .regex(/^(?:|\/(?!\/)\S*|https:\/\/\S+)$/, 'Must be a page of the app (/…) or an https address');

const SortSchema = wholeNumber(0, 9999);

/** One language's overrides; an empty or absent text follows the English. */
function translationsSchema<T extends zod.ZodRawShape>(shape: T) {
  const overrides = zod.object(shape).strict();
  return zod
    .object(Object.fromEntries(TRANSLATED_LANGUAGES.map((language) => [language, overrides.optional()])))
    .strict() as zod.ZodObject<Record<Exclude<Language, 'en'>, zod.ZodOptional<typeof overrides>>>;
}

const TitleSchema = zod.string().trim().min(1).max(200);
const placedTranslations = translationsSchema({
  title: zod.string().trim().max(200).optional(),
  image: zod.union([zod.literal(''), StaticImageSchema]).optional(),
});

const IsoTimeSchema = zod.iso.datetime({ offset: true });

// ---- Adverts and menu entries ---------------------------------------------------------------------------

/** What the operator reads of a translated row: each language's overrides as stored. */
const StoredTranslationsSchema = zod.record(zod.string(), zod.record(zod.string(), zod.string()));

export const AdminMenuEntrySchema = zod.object({
  id: zod.number().int(),
  slug: zod.string(),
  /** The place in the app (contracts/config.ts POSITION). */
  position: zod.number().int(),
  title: zod.string(),
  url: zod.string(),
  image: zod.string(),
  /** A marker the app reads (HOOK-VIP, a list of codes): not edited here. */
  content: zod.string(),
  sort: zod.number().int(),
  enabled: zod.boolean(),
  translations: StoredTranslationsSchema,
});
export type AdminMenuEntry = zod.infer<typeof AdminMenuEntrySchema>;

export const AdminAdvertSchema = AdminMenuEntrySchema.extend({
  /** `christmas`: shown only while the Christmas variant is on. */
  season: zod.enum(['always', 'christmas']),
  /** ISO 8601; null: from always, until always. */
  startsAt: zod.string().nullable(),
  endsAt: zod.string().nullable(),
  /** On, in its period and (for a Christmas advert) in season: players see it now. */
  live: zod.boolean(),
});
export type AdminAdvert = zod.infer<typeof AdminAdvertSchema>;

export const MenuEntryChangeSchema = zod
  .object({
    title: TitleSchema,
    url: LinkSchema,
    /** A menu entry may have no picture (a text line of the profile menu). */
    image: zod.union([zod.literal(''), StaticImageSchema]),
    sort: SortSchema,
    enabled: zod.boolean(),
    translations: placedTranslations,
  })
  .strict();
export type MenuEntryChange = zod.infer<typeof MenuEntryChangeSchema>;

export const AdvertChangeSchema = zod
  .object({
    title: TitleSchema,
    url: LinkSchema,
    image: StaticImageSchema,
    sort: SortSchema,
    enabled: zod.boolean(),
    startsAt: IsoTimeSchema.nullable(),
    endsAt: IsoTimeSchema.nullable(),
    translations: placedTranslations,
  })
  .strict();
export type AdvertChange = zod.infer<typeof AdvertChangeSchema>;

// ---- FAQ ------------------------------------------------------------------------------------------------

export const AdminFaqEntrySchema = zod.object({
  id: zod.number().int(),
  slug: zod.string(),
  /** contracts/config.ts FAQ_TYPE. */
  type: zod.number().int(),
  question: zod.string(),
  answer: zod.string(),
  sort: zod.number().int(),
  enabled: zod.boolean(),
  translations: StoredTranslationsSchema,
  /** The withdrawal tax's entry: players read the answer the tax rules generate, not the stored one. */
  generatedAnswer: zod.boolean(),
});
export type AdminFaqEntry = zod.infer<typeof AdminFaqEntrySchema>;

export const FAQ_ANSWER_MAX = 4000;
export const FaqEntryChangeSchema = zod
  .object({
    question: zod.string().trim().min(1).max(300),
    answer: zod.string().trim().min(1).max(FAQ_ANSWER_MAX),
    sort: SortSchema,
    enabled: zod.boolean(),
    translations: translationsSchema({
      question: zod.string().trim().max(300).optional(),
      answer: zod.string().trim().max(FAQ_ANSWER_MAX).optional(),
    }),
  })
  .strict();
export type FaqEntryChange = zod.infer<typeof FaqEntryChangeSchema>;

export const ContentIdParamsSchema = zod.object({ id: wholeNumber(1, 2_147_483_647) });

// ---- Notices --------------------------------------------------------------------------------------------

export const AdminNoticeSchema = zod.object({
  id: zod.number().int(),
  type: zod.union([zod.literal(NOTICE_TYPE.SYSTEM), zod.literal(NOTICE_TYPE.WINNER)]),
  message: zod.string(),
  /** Winner notices: the winner's mobile, masked as players see it. */
  mobile: zod.string().nullable(),
  /** Winner notices: the amount won, minor units. */
  amount: zod.number().int().nullable(),
  startsAt: zod.string(),
  endsAt: zod.string(),
  /** Shown in the ticker now (started, not ended). */
  live: zod.boolean(),
});
export type AdminNotice = zod.infer<typeof AdminNoticeSchema>;

/** How many notices the operator's list shows: the newest, the ticker's own among them. */
export const ADMIN_NOTICE_LIST_SIZE = 100;
export const NoticeIdParamsSchema = zod.object({ id: wholeNumber(1, Number.MAX_SAFE_INTEGER) });
