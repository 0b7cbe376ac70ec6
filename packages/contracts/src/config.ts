import { z as zod } from 'zod';
import { wholeNumber } from './whole-number.ts';
import { CountryProfileSchema, LanguageSchema } from './country.ts';

/** System option types (spec §9). The operator's content for each lives in cf_global. */
export const SYSTEM_OPTION = {
  WITHDRAW_CONFIG: 100,
  WITHDRAW_LIMIT: 150,
  SMS_CODE_SWITCH: 160,
  REGISTER_TIPS: 1001,
  TOP_UP_TIPS: 1002,
  USSD: 3000,
  HOTLINE: 4002,
  WHATSAPP: 4003,
  SOCIAL_LINKS: 4004,
  CHANNEL_IMAGE: 4005,
  LICENCE: 4006,
  EMAIL: 4007,
  INVITATION_TEXT: 4008,
  INVITATION_SHARE_TEXT: 4009,
  MIN_DEPOSIT: 4011,
  WITHDRAW_TAX_SWITCH: 4025,
  WITHDRAW_TAX_AMOUNT: 4026,
  COIN_BONUS_TYPES: 4030,
  ADDRESS: 4048,
  TASK_TIPS: 4057,
  GAME_LIST: 4059,
  DIAMOND_TO_CASH_TIPS: 4062,
  TAX_EXPLANATION: 4065,
  WITHDRAW_TIPS: 6001,
  WITHDRAW_ENABLE: 6002,
  /** `{automaticUpTo, twoApproversAbove}` in minor units: overrides the market's approval amounts. */
  WITHDRAW_APPROVAL: 6003,
} as const;
export type SystemOptionType = (typeof SYSTEM_OPTION)[keyof typeof SYSTEM_OPTION];

/**
 * Options the server reads but never serves to players' apps: the withdrawal approval amounts would tell a
 * player how to stay under them. They are not seeded either: absent, the market's own apply.
 */
export const OPERATOR_ONLY_OPTION_TYPES: readonly number[] = [SYSTEM_OPTION.WITHDRAW_APPROVAL];

/** Advert and menu positions (spec §7). */
export const POSITION = {
  DEPOSIT_SWIPE: 300101,
  DEPOSIT_POPUP: 300102,
  HOME_SWIPE: 500101,
  FLOATING: 800104,
  HOME_SPONSORS: 800102,
  HOME_POPUP: 800103,
  PROMOTION_IMAGES: 900103,
  PROMOTION_POPUP: 900104,
  COIN_EVENT_INFO: 700101,
  DIAMOND_EVENT_INFO: 700201,
  PROMOTION_MENU: 200101,
  PROFILE_MENU: 130100,
  HOME_MENU: 100102,
  HOME_MENU_SECONDARY: 100104,
} as const;

export const ADVERT_POSITIONS = [
  POSITION.DEPOSIT_SWIPE,
  POSITION.DEPOSIT_POPUP,
  POSITION.HOME_SWIPE,
  POSITION.FLOATING,
  POSITION.HOME_SPONSORS,
  POSITION.HOME_POPUP,
  POSITION.PROMOTION_IMAGES,
  POSITION.PROMOTION_POPUP,
  POSITION.COIN_EVENT_INFO,
  POSITION.DIAMOND_EVENT_INFO,
] as const;

export const MENU_POSITIONS = [
  POSITION.HOME_MENU,
  POSITION.HOME_MENU_SECONDARY,
  POSITION.PROFILE_MENU,
  POSITION.PROMOTION_MENU,
] as const;

/** A content value that marks the VIP menu entry (spec §3). */
export const VIP_MENU_HOOK = 'HOOK-VIP';

const positiveIntFromText = wholeNumber(1, 2_147_483_647);

export const SystemOptionSchema = zod.object({
  id: zod.number().int(),
  type: zod.number().int(),
  name: zod.string(),
  content: zod.string(),
});
export type SystemOption = zod.infer<typeof SystemOptionSchema>;

export const SystemOptionByTypeQuerySchema = zod.object({ type: positiveIntFromText });

/** Advert and menu items share one shape (spec §3). `img` and `image` carry the same address. */
export const AdvertItemSchema = zod.object({
  id: zod.number().int(),
  title: zod.string(),
  url: zod.string(),
  img: zod.string(),
  image: zod.string(),
  typeId: zod.number().int(),
  sort: zod.number().int(),
  content: zod.string(),
});
export type AdvertItem = zod.infer<typeof AdvertItemSchema>;
export type MenuItem = AdvertItem;

export const MenuQuerySchema = zod.object({ position: positiveIntFromText });
export const AdvertQuerySchema = zod.object({ typeId: positiveIntFromText });

export const FaqItemSchema = zod.object({
  id: zod.number().int(),
  type: zod.number().int(),
  question: zod.string(),
  answer: zod.string(),
  sort: zod.number().int(),
});
export type FaqItem = zod.infer<typeof FaqItemSchema>;

export const FaqQuerySchema = zod.object({
  type: positiveIntFromText,
  page: wholeNumber(1, 100000).default(1),
  size: wholeNumber(1, 100).default(20),
});

/** FAQ types: which help list an entry belongs to. */
export const FAQ_TYPE = { GENERAL: 1, DEPOSIT: 2, WITHDRAW: 3, GAMES: 4 } as const;

/**
 * System configuration entries looked up by code (spec §4: 6002 holds the withdraw switch). The answer
 * is a list: the withdraw page treats anything but exactly one entry as disabled ('uninitialized').
 */
export const SystemConfigQuerySchema = zod.object({ code: positiveIntFromText });
export const SystemConfigEntrySchema = zod.object({
  code: zod.number().int(),
  content: zod.record(zod.string(), zod.unknown()),
});
export type SystemConfigEntry = zod.infer<typeof SystemConfigEntrySchema>;
export const WithdrawSwitchSchema = zod.object({ enable: zod.boolean(), message: zod.string() });
export type WithdrawSwitch = zod.infer<typeof WithdrawSwitchSchema>;

/** Content pages (`/pages/branch/{type}`, `/pages/h5/{type}`): title and body for a page type. */
export const ContentPageQuerySchema = zod.object({ type: zod.string().regex(/^[a-z0-9-]{1,40}$/) });
export const ContentPageSchema = zod.object({
  type: zod.string(),
  title: zod.string(),
  body: zod.string(),
});
export type ContentPage = zod.infer<typeof ContentPageSchema>;

/** `{origin}/statics/upgrade/version_latest.json`: what the app-download banner links to. */
export const VersionFileSchema = zod.object({
  version: zod.string(),
  versionCode: zod.number().int(),
  apkUrl: zod.string(),
  imgUrl: zod.string(),
  releaseNotes: zod.string(),
});
export type VersionFile = zod.infer<typeof VersionFileSchema>;

export const THEMES = ['winslots', 'luckywin'] as const;
export const ThemeSchema = zod.enum(THEMES);
export type Theme = zod.infer<typeof ThemeSchema>;

// The languages live beside the country profiles that choose among them; most modules import them from here.
export { LanguageSchema } from './country.ts';
export { LANGUAGES, type Language } from './language.ts';

/** What the web app needs before its first screen: market, look and switches. */
export const AppSettingsSchema = zod.object({
  country: CountryProfileSchema,
  theme: ThemeSchema,
  christmas: zod.boolean(),
  languages: zod.array(LanguageSchema),
  brandName: zod.string(),
  /** Suppliers whose games app-store builds must hide (spec §6). */
  disallowedSuppliers: zod.array(zod.string()),
  /** `/pay/deposit/paypay` (spec §2, "only when enabled"): absent or false hides it. */
  paypay: zod.boolean().optional(),
});
export type AppSettings = zod.infer<typeof AppSettingsSchema>;
