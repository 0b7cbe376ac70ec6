import { z as zod } from 'zod';
import {
  BRAZIL_COMPLIANCE,
  KENYA_COMPLIANCE,
  MarketComplianceSchema,
  SAFEST_COMPLIANCE,
} from './compliance.ts';
import { LANGUAGES, type Language } from './language.ts';
import { MarketPromotionsSchema, type MarketPromotions } from './promotions.ts';
import type { MarketTaxes } from './tax-rules.ts';

/**
 * Country profiles: the one place that knows a market's currency, number formats and mobile rules.
 * The server picks one by COUNTRY and sends it to the web app (config-service/app/settings), so no
 * component hard-codes "KES" or "10 digits".
 *
 * `scale` is how many minor units make one major unit (amounts are stored in minor units, spec §3).
 * Mobile numbers are entered in the national form (`nationalPattern`, `mobileLength`) and sent to
 * providers in E.164 (`dialCode` + the national number without its trunk `0`).
 */
export const LanguageSchema = zod.enum(LANGUAGES);

export const CountryCodeSchema = zod.enum(['KE', 'GH', 'UG', 'NG', 'ZM', 'CM', 'BR']);
export type CountryCode = zod.infer<typeof CountryCodeSchema>;

export const OperatorSchema = zod.object({
  /** Channel code used by payment channels, e.g. MTN_MM. */
  code: zod.string(),
  name: zod.string(),
  /** Regular expression over the national form of the number. */
  pattern: zod.string(),
});
export type Operator = zod.infer<typeof OperatorSchema>;

/**
 * An identity document a market's operators accept for KYC, and the shape of its number. The member picks
 * `type` (stored as ID_TYPE, English; the app shows `kyc.documents.{slug}` in the member's language) where
 * the market asks for a type, else the market's first document is the one its id field takes.
 */
export const IdentityDocumentSchema = zod.object({
  type: zod.string(),
  slug: zod.string().regex(/^[a-z0-9-]+$/),
  /** Over the trimmed number in capitals. */
  pattern: zod.string(),
  /** Check digits on top of the pattern (Brazil's CPF: two modulo-11 digits). */
  checkDigits: zod.enum(['cpf']).nullable(),
  /** What is refused, in English (the server's message; the app shows `kyc.documents.{slug}.rule`). */
  rule: zod.string(),
  /** A made-up number of the right shape: the field's placeholder. */
  example: zod.string(),
});
export type IdentityDocument = zod.infer<typeof IdentityDocumentSchema>;

/** Letters, digits and dashes: the shape of a document whose exact format we do not know. */
const ANY_DOCUMENT_NUMBER = {
  pattern: '^[A-Z0-9-]{1,30}$',
  checkDigits: null,
  rule: 'Letters, digits and dashes only, up to 30',
} as const;

/** A tax rate in percent, exact to a hundredth; below 100, so a deposit always credits something. */
const TaxRateSchema = zod.number().positive().lt(100).multipleOf(0.01);

/** The market's gambling taxes (tax-rules.ts); null where its law has none (or we do not know it yet). */
export const MarketTaxesSchema = zod.object({
  deposit: zod.object({ ratePercent: TaxRateSchema }).nullable(),
  withdrawal: zod.object({ ratePercent: TaxRateSchema, base: zod.enum(['gross', 'winnings']) }).nullable(),
}) satisfies zod.ZodType<MarketTaxes>;

/** Where the law does not restrict promotions: a site day from midnight, every programme allowed. */
const OPEN_PROMOTIONS: MarketPromotions = { resetHour: 0, depositLinkedRewards: true, programmesOff: [] };

/** Where a market does not choose its own: the app's first three languages, the phone's language unread. */
const COMMON_LANGUAGES: Language[] = ['en', 'fr', 'pt'];

/** Until a market's tax law is known and configured here: no deposit or withdrawal tax of the law's. */
const NO_TAXES: MarketTaxes = { deposit: null, withdrawal: null };

/**
 * Who must look at a withdrawal before it is paid (issue 26 §3, "four eyes"), in the market's minor units of
 * `money` (what leaves the member's balance: payout + fee + tax): paid at once up to `automaticUpTo`, held
 * for one staff member's approval above it, for two different staff members' above `twoApproversAbove`.
 * Operators override a market's amounts with system option 6003 (withdraw-rules.ts `readWithdrawApproval`).
 */
export const WithdrawalApprovalSchema = zod
  .object({
    automaticUpTo: zod.number().int().min(0),
    twoApproversAbove: zod.number().int().min(0),
  })
  .refine((value) => value.twoApproversAbove >= value.automaticUpTo, {
    message: 'Two approvers start at or above the automatic ceiling',
  });
export type WithdrawalApproval = zod.infer<typeof WithdrawalApprovalSchema>;

/**
 * Where a market's amounts are not set yet: no withdrawal is paid without two people having looked at it
 * (amounts cannot be guessed without knowing the currency's worth). Operators lower it with option 6003.
 */
const SAFEST_WITHDRAWAL_APPROVAL: WithdrawalApproval = { automaticUpTo: 0, twoApproversAbove: 0 };

/**
 * When an approver's list marks a held withdrawal (issue 26 §3; market-law.md §4 "risk badges"): "soon after
 * a deposit with little play" when the member's last deposit came within `soonAfterDepositHours` before the
 * withdrawal and what they staked since is below `littlePlayPercent` of it (money passed through the
 * account rather than played); "new device" when the device of the session that asked was first seen for
 * the member within `newDeviceDays`. Hints for a person, never a refusal.
 */
export const WithdrawalRiskSchema = zod.object({
  soonAfterDepositHours: zod
    .number()
    .int()
    .min(1)
    .max(24 * 30),
  littlePlayPercent: zod.number().int().min(1).max(1000),
  newDeviceDays: zod.number().int().min(1).max(365),
});
export type WithdrawalRisk = zod.infer<typeof WithdrawalRiskSchema>;

/**
 * Hours, a share and days are the same in every currency: one set for every market until one's operator
 * learns better. A day's deposit mostly unplayed, and a device seen for less than three days.
 */
const USUAL_WITHDRAWAL_RISK: WithdrawalRisk = {
  soonAfterDepositHours: 24,
  littlePlayPercent: 50,
  newDeviceDays: 3,
};

export const CountryProfileSchema = zod.object({
  code: CountryCodeSchema,
  name: zod.string(),
  currency: zod.string(),
  currencySymbol: zod.string(),
  scale: zod.number().int().positive(),
  decimals: zod.number().int().min(0),
  taxes: MarketTaxesSchema,
  locale: zod.string(),
  dialCode: zod.string(),
  mobileLength: zod.number().int().positive(),
  nationalPattern: zod.string(),
  mobilePlaceholder: zod.string(),
  trunkPrefix: zod.string(),
  operators: zod.array(OperatorSchema),
  /** Spec §5: in these markets a number must also match one of the operators' patterns. */
  mobileOperatorRequired: zod.boolean(),
  /** The languages the app offers here, in the language picker's order; `defaultLanguage` is one of them. */
  languages: zod.array(LanguageSchema).min(1),
  defaultLanguage: LanguageSchema,
  /**
   * The languages a first visit starts in when the phone asks for them before any other language offered
   * here (language.ts `chooseLanguage`); every other phone starts in `defaultLanguage`. Kenya: Swahili.
   */
  phoneLanguages: zod.array(LanguageSchema),
  timeZone: zod.string(),
  /**
   * The smallest real-money stake the market's law allows, minor units: every bet (in-house and provider
   * games; later tickets and spins bought with cash) starts there, whatever a game's own minimum. 0 where
   * the law sets none (the game's own minimum applies). Kenya: Gambling Control Act 2025, KSh 20.
   */
  minStake: zod.number().int().min(0),
  /** The identity documents KYC accepts, the default first (kyc.ts checks numbers against them). */
  identityDocuments: zod.array(IdentityDocumentSchema).min(1),
  /** What the market's law says about promotions (promotions.ts): the site day, deposit-linked rewards. */
  promotions: MarketPromotionsSchema,
  /** What the market's gambling law asks of identity, limits, breaks, advertising and reports (compliance.ts). */
  compliance: MarketComplianceSchema,
  withdrawalApproval: WithdrawalApprovalSchema,
  withdrawalRisk: WithdrawalRiskSchema,
});
export type CountryProfile = zod.infer<typeof CountryProfileSchema>;

export const COUNTRY_PROFILES: Record<CountryCode, CountryProfile> = {
  KE: {
    code: 'KE',
    name: 'Kenya',
    currency: 'KES',
    currencySymbol: 'KES',
    scale: 100,
    decimals: 2,
    // Finance Act 2025: 5 % excise on what moves from M-Pesa into the betting account (the deposit lands
    // net of it), and 5 % on every withdrawal, stake included, replacing 20 % on winnings.
    taxes: { deposit: { ratePercent: 5 }, withdrawal: { ratePercent: 5, base: 'gross' } },
    locale: 'en-KE',
    dialCode: '+254',
    mobileLength: 10,
    // Spec §5: 0 followed by 9 digits.
    nationalPattern: '^0\\d{9}$',
    mobilePlaceholder: '0712345678',
    trunkPrefix: '0',
    operators: [
      {
        code: 'MPESA',
        name: 'Safaricom',
        pattern: '^0(7(0\\d|1\\d|2\\d|4[0-68]|5[7-9]|6[89]|9\\d)|11[0-5])\\d{6}$',
      },
      { code: 'AIRTEL_MM', name: 'Airtel', pattern: '^0(7(3\\d|5[0-6]|8\\d)|10[0-2])\\d{6}$' },
      { code: 'TKASH', name: 'Telkom', pattern: '^077\\d{7}$' },
    ],
    mobileOperatorRequired: false,
    // Swahili is the national language beside English (Constitution of Kenya, art. 7): a phone set to it
    // starts the app in it; English stays the default, French and Portuguese stay on offer.
    languages: ['en', 'sw', 'fr', 'pt'],
    defaultLanguage: 'en',
    phoneLanguages: ['sw'],
    timeZone: 'Africa/Nairobi',
    minStake: 20_00,
    // Second-generation national ID cards carry 7 or 8 digits, and their numbers carry over to the Maisha
    // cards; a new registrant's Maisha Namba is 14 digits. Passports (Kenyan ones are a letter or two and
    // digits) and the alien ID of a foreign resident, as Kenyan operators accept them.
    identityDocuments: [
      {
        type: 'National ID',
        slug: 'ke-national-id',
        pattern: '^\\d{7,8}$',
        checkDigits: null,
        rule: 'A national ID number is 7 or 8 digits',
        example: '12345678',
      },
      {
        type: 'Maisha Namba',
        slug: 'ke-maisha-namba',
        pattern: '^\\d{14}$',
        checkDigits: null,
        rule: 'A Maisha Namba is 14 digits',
        example: '10012345678901',
      },
      {
        type: 'Passport',
        slug: 'ke-passport',
        pattern: '^[A-Z0-9]{6,9}$',
        checkDigits: null,
        rule: 'A passport number is 6 to 9 letters and digits',
        example: 'AK0123456',
      },
      {
        type: 'Alien ID',
        slug: 'ke-alien-id',
        pattern: '^\\d{6,9}$',
        checkDigits: null,
        rule: 'An alien ID number is 6 to 9 digits',
        example: '1234567',
      },
    ],
    promotions: OPEN_PROMOTIONS,
    compliance: KENYA_COMPLIANCE,
    // KSh 50,000 and KSh 100,000 (minor units): an ordinary win goes out at once; the large ones, a small
    // share of withdrawals and most of the money at risk, wait for a person (two above KSh 100,000).
    withdrawalApproval: { automaticUpTo: 50_000_00, twoApproversAbove: 100_000_00 },
    withdrawalRisk: USUAL_WITHDRAWAL_RISK,
  },
  GH: {
    code: 'GH',
    name: 'Ghana',
    currency: 'GHS',
    currencySymbol: 'GH₵',
    scale: 100,
    decimals: 2,
    taxes: NO_TAXES,
    locale: 'en-GH',
    dialCode: '+233',
    mobileLength: 10,
    nationalPattern: '^0[235]\\d{8}$',
    mobilePlaceholder: '0241234567',
    trunkPrefix: '0',
    operators: [
      // Spec §5: Ghana MTN prefixes 24, 54, 55, 59 (plus 25 and 53, issued since).
      { code: 'MTN_MM', name: 'MTN', pattern: '^0(24|25|53|54|55|59)\\d{7}$' },
      { code: 'VODA_MM', name: 'Telecel', pattern: '^0(20|50)\\d{7}$' },
      { code: 'AIRTELTIGO_MM', name: 'AirtelTigo', pattern: '^0(26|27|56|57)\\d{7}$' },
    ],
    mobileOperatorRequired: true,
    languages: COMMON_LANGUAGES,
    defaultLanguage: 'en',
    phoneLanguages: [],
    timeZone: 'Africa/Accra',
    minStake: 0,
    identityDocuments: [
      {
        type: 'Ghana Card',
        slug: 'gh-ghana-card',
        pattern: '^GHA-\\d{9}-\\d$',
        checkDigits: null,
        rule: 'The Ghana Card number is GHA- followed by 9 digits, a dash and 1 digit',
        example: 'GHA-123456789-0',
      },
      { type: 'Vote ID', slug: 'gh-voter-id', ...ANY_DOCUMENT_NUMBER, example: '1234567890' },
      { type: 'Passport', slug: 'passport', ...ANY_DOCUMENT_NUMBER, example: 'G1234567' },
      { type: 'Driver License', slug: 'driver-licence', ...ANY_DOCUMENT_NUMBER, example: 'DL-1234567' },
      { type: 'SSNIT', slug: 'gh-ssnit', ...ANY_DOCUMENT_NUMBER, example: 'C123456789012' },
    ],
    promotions: OPEN_PROMOTIONS,
    compliance: SAFEST_COMPLIANCE,
    withdrawalApproval: SAFEST_WITHDRAWAL_APPROVAL,
    withdrawalRisk: USUAL_WITHDRAWAL_RISK,
  },
  UG: {
    code: 'UG',
    name: 'Uganda',
    currency: 'UGX',
    currencySymbol: 'USh',
    // ISO 4217 gives UGX no minor unit: one shilling is the smallest amount.
    scale: 1,
    decimals: 0,
    taxes: NO_TAXES,
    locale: 'en-UG',
    dialCode: '+256',
    mobileLength: 10,
    nationalPattern: '^07\\d{8}$',
    mobilePlaceholder: '0771234567',
    trunkPrefix: '0',
    operators: [
      { code: 'MTN_MM', name: 'MTN', pattern: '^07[678]\\d{7}$' },
      { code: 'AIRTEL_MM', name: 'Airtel', pattern: '^07[0245]\\d{7}$' },
    ],
    mobileOperatorRequired: true,
    languages: COMMON_LANGUAGES,
    defaultLanguage: 'en',
    phoneLanguages: [],
    timeZone: 'Africa/Kampala',
    minStake: 0,
    // The National Identification Number: 14 characters, CM (men) or CF (women) first.
    identityDocuments: [
      {
        type: 'National ID',
        slug: 'ug-nin',
        pattern: '^C[MF][A-Z0-9]{12}$',
        checkDigits: null,
        rule: 'A NIN is 14 letters and digits starting with CM or CF',
        example: 'CM12345678ABCD',
      },
      { type: 'Passport', slug: 'passport', ...ANY_DOCUMENT_NUMBER, example: 'B1234567' },
      { type: 'Driver License', slug: 'driver-licence', ...ANY_DOCUMENT_NUMBER, example: 'DL1234567' },
    ],
    promotions: OPEN_PROMOTIONS,
    compliance: SAFEST_COMPLIANCE,
    withdrawalApproval: SAFEST_WITHDRAWAL_APPROVAL,
    withdrawalRisk: USUAL_WITHDRAWAL_RISK,
  },
  NG: {
    code: 'NG',
    name: 'Nigeria',
    currency: 'NGN',
    currencySymbol: '₦',
    scale: 100,
    decimals: 2,
    taxes: NO_TAXES,
    locale: 'en-NG',
    dialCode: '+234',
    mobileLength: 11,
    nationalPattern: '^0[789][01]\\d{8}$',
    mobilePlaceholder: '08031234567',
    trunkPrefix: '0',
    operators: [
      { code: 'MTN', name: 'MTN', pattern: '^0(703|706|803|806|810|813|814|816|903|906|913|916)\\d{7}$' },
      { code: 'AIRTEL', name: 'Airtel', pattern: '^0(701|708|802|808|812|901|902|904|907|912)\\d{7}$' },
      { code: 'GLO', name: 'Glo', pattern: '^0(705|805|807|811|815|905|915)\\d{7}$' },
      { code: 'NINE_MOBILE', name: '9mobile', pattern: '^0(809|817|818|908|909)\\d{7}$' },
    ],
    mobileOperatorRequired: false,
    languages: COMMON_LANGUAGES,
    defaultLanguage: 'en',
    phoneLanguages: [],
    timeZone: 'Africa/Lagos',
    minStake: 0,
    // The form asks for the BVN (kyc.ts); the NIN is the document should a form ask for one.
    identityDocuments: [
      {
        type: 'NIN',
        slug: 'ng-nin',
        pattern: '^\\d{11}$',
        checkDigits: null,
        rule: 'A NIN is 11 digits',
        example: '12345678901',
      },
    ],
    promotions: OPEN_PROMOTIONS,
    compliance: SAFEST_COMPLIANCE,
    withdrawalApproval: SAFEST_WITHDRAWAL_APPROVAL,
    withdrawalRisk: USUAL_WITHDRAWAL_RISK,
  },
  ZM: {
    code: 'ZM',
    name: 'Zambia',
    currency: 'ZMW',
    currencySymbol: 'K',
    scale: 100,
    decimals: 2,
    taxes: NO_TAXES,
    locale: 'en-ZM',
    dialCode: '+260',
    mobileLength: 10,
    nationalPattern: '^0[79][5-7]\\d{7}$',
    mobilePlaceholder: '0961234567',
    trunkPrefix: '0',
    operators: [
      { code: 'MTN_MM', name: 'MTN', pattern: '^0(96|76)\\d{7}$' },
      { code: 'AIRTEL_MM', name: 'Airtel', pattern: '^0(97|77)\\d{7}$' },
      { code: 'ZAMTEL_MM', name: 'Zamtel', pattern: '^0(95|75)\\d{7}$' },
    ],
    mobileOperatorRequired: true,
    languages: COMMON_LANGUAGES,
    defaultLanguage: 'en',
    phoneLanguages: [],
    timeZone: 'Africa/Lusaka',
    minStake: 0,
    // The National Registration Card: 6 digits/2 digits/1 digit.
    identityDocuments: [
      {
        type: 'NRC',
        slug: 'zm-nrc',
        pattern: '^\\d{6}/\\d{2}/\\d$',
        checkDigits: null,
        rule: 'An NRC number is 6 digits/2 digits/1 digit',
        example: '123456/78/1',
      },
    ],
    promotions: OPEN_PROMOTIONS,
    compliance: SAFEST_COMPLIANCE,
    withdrawalApproval: SAFEST_WITHDRAWAL_APPROVAL,
    withdrawalRisk: USUAL_WITHDRAWAL_RISK,
  },
  CM: {
    code: 'CM',
    name: 'Cameroon',
    currency: 'XAF',
    currencySymbol: 'FCFA',
    // The CFA franc has no minor unit in use.
    scale: 1,
    decimals: 0,
    taxes: NO_TAXES,
    locale: 'fr-CM',
    dialCode: '+237',
    // Cameroon numbers have no trunk prefix: 9 digits starting with 6.
    mobileLength: 9,
    nationalPattern: '^6\\d{8}$',
    mobilePlaceholder: '671234567',
    trunkPrefix: '',
    operators: [
      { code: 'MTN_MM', name: 'MTN', pattern: '^6(7\\d|5[0-4]|8[0-3])\\d{6}$' },
      { code: 'ORANGE_MM', name: 'Orange', pattern: '^6(9\\d|5[5-9]|8[5-9])\\d{6}$' },
    ],
    mobileOperatorRequired: true,
    languages: COMMON_LANGUAGES,
    defaultLanguage: 'fr',
    phoneLanguages: [],
    timeZone: 'Africa/Douala',
    minStake: 0,
    identityDocuments: [
      { type: 'National ID', slug: 'cm-cni', ...ANY_DOCUMENT_NUMBER, example: '123456789' },
      { type: 'Passport', slug: 'passport', ...ANY_DOCUMENT_NUMBER, example: 'AA1234567' },
    ],
    promotions: OPEN_PROMOTIONS,
    compliance: SAFEST_COMPLIANCE,
    withdrawalApproval: SAFEST_WITHDRAWAL_APPROVAL,
    withdrawalRisk: USUAL_WITHDRAWAL_RISK,
  },
  BR: {
    code: 'BR',
    name: 'Brazil',
    currency: 'BRL',
    currencySymbol: 'R$',
    scale: 100,
    decimals: 2,
    taxes: NO_TAXES,
    locale: 'pt-BR',
    dialCode: '+55',
    // Area code (2 digits) + 9 + 8 digits; numbers are portable, so no operator patterns.
    mobileLength: 11,
    nationalPattern: '^[1-9][1-9]9\\d{8}$',
    mobilePlaceholder: '11912345678',
    trunkPrefix: '',
    operators: [],
    mobileOperatorRequired: false,
    languages: COMMON_LANGUAGES,
    defaultLanguage: 'pt',
    phoneLanguages: [],
    timeZone: 'America/Sao_Paulo',
    minStake: 0,
    // The CPF, 11 digits (dots and dash allowed as written on the card), the last two check digits.
    identityDocuments: [
      {
        type: 'CPF',
        slug: 'br-cpf',
        pattern: '^\\d{3}\\.?\\d{3}\\.?\\d{3}-?\\d{2}$',
        checkDigits: 'cpf',
        rule: 'The CPF must be 11 digits',
        example: '123.456.789-09',
      },
    ],
    // Law 14.790/2023 art. 42: loyalty programmes only; no bonus conditioned on a deposit and no advance or
    // bonus for placing bets (the welcome and first-deposit bonus are both), no "deposit first" gate.
    // Referral: its rewards hang on the friend's deposit and bets (docs/promotions.md "Invitation and referral").
    // Weekly cash back pays money back because bets were placed and lost: off until counsel says otherwise
    // (docs/decisions.md "Weekly cash back is off in Brazil").
    promotions: {
      resetHour: 0,
      depositLinkedRewards: false,
      // The fixed-odds licence fixes the payout when the bet is placed: the pari-mutuel lottery and the raffles
      // (lucky refund, cash draw) are off (reference promotions-and-draws §6).
      programmesOff: ['welcome-bonus', 'referral', 'cash-back', 'lottery', 'cash-draw', 'lucky-refund'],
    },
    compliance: BRAZIL_COMPLIANCE,
    // R$ 5,000 and R$ 20,000 (minor units).
    withdrawalApproval: { automaticUpTo: 5_000_00, twoApproversAbove: 20_000_00 },
    withdrawalRisk: USUAL_WITHDRAWAL_RISK,
  },
};

/**
 * Whether a national-form mobile number is valid for the country (spec §5: length, pattern and, where the
 * market requires it, one of its operators' patterns).
 */
export function isValidMobile(mobile: string, profile: CountryProfile): boolean {
  if (mobile.length !== profile.mobileLength || !new RegExp(profile.nationalPattern).test(mobile))
    return false;
  return !profile.mobileOperatorRequired || findOperator(mobile, profile) !== undefined;
}

/** The mobile operator a number belongs to, if the country's patterns tell. */
export function findOperator(mobile: string, profile: CountryProfile): Operator | undefined {
  return profile.operators.find((operator) => new RegExp(operator.pattern).test(mobile));
}

/** E.164 form (+254712345678) of a valid national number, as SMS and payment providers want it. */
export function toE164(mobile: string, profile: CountryProfile): string {
  const national = mobile.startsWith(profile.trunkPrefix) ? mobile.slice(profile.trunkPrefix.length) : mobile;
  return `${profile.dialCode}${national}`;
}
