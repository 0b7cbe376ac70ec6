import { z as zod } from 'zod';
import { ADVERT_POSITIONS, FAQ_TYPE, MENU_POSITIONS } from './config.ts';
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
/**
 * A picture an operator uploaded (`POST /api/admin/content/pictures`): the upload store's random name, served
 * at /uploads/ like an avatar. The server also checks the store holds it.
 */
export const UPLOADED_IMAGE_PATTERN = /^\/uploads\/[0-9a-f]{32}\.(?:jpg|png|webp)$/;
const PictureSchema = zod
  .string()
  .trim()
  .max(200)
  .refine(
    (image) => STATIC_IMAGE_PATTERN.test(image) || UPLOADED_IMAGE_PATTERN.test(image),
    'Must be a picture of the statics (/statics/…) or an uploaded one (/uploads/…)',
  );

/**
 * The largest picture an operator may upload for players: every player loads it, on low-end phones over
 * slow mobile networks, so far below the 10 MB any upload may be (5181).
 */
export const CONTENT_PICTURE_MAX_BYTES = 1024 * 1024;

/** What an uploaded picture answers: its address, for an advert's or a menu entry's `image`. */
export const ContentPictureSchema = zod.object({ url: zod.string() });
export type ContentPicture = zod.infer<typeof ContentPictureSchema>;

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
  image: zod.union([zod.literal(''), PictureSchema]).optional(),
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
    image: zod.union([zod.literal(''), PictureSchema]),
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
    image: PictureSchema,
    sort: SortSchema,
    enabled: zod.boolean(),
    startsAt: IsoTimeSchema.nullable(),
    endsAt: IsoTimeSchema.nullable(),
    translations: placedTranslations,
  })
  .strict();
export type AdvertChange = zod.infer<typeof AdvertChangeSchema>;

/** A place in the app among `places` (contracts/config.ts POSITION). */
function placeSchema(places: readonly number[]) {
  return zod
    .number()
    .int()
    .refine((position) => places.includes(position), 'Not a place for this kind of entry');
}

/**
 * A new advert: the fields of a change and its place, shown in every season. Its slug (the row's stable
 * name) is made by the server.
 */
export const AdvertAddSchema = AdvertChangeSchema.extend({
  position: placeSchema(ADVERT_POSITIONS),
}).strict();
export type AdvertAdd = zod.infer<typeof AdvertAddSchema>;

/** A new menu entry: the fields of a change and its menu; it carries no marker (`content`). */
export const MenuEntryAddSchema = MenuEntryChangeSchema.extend({
  position: placeSchema(MENU_POSITIONS),
}).strict();
export type MenuEntryAdd = zod.infer<typeof MenuEntryAddSchema>;

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

/** A new FAQ entry: the fields of a change and its page (contracts/config.ts FAQ_TYPE). */
export const FaqEntryAddSchema = FaqEntryChangeSchema.extend({
  type: placeSchema(Object.values(FAQ_TYPE)),
}).strict();
export type FaqEntryAdd = zod.infer<typeof FaqEntryAddSchema>;

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
