import { z as zod } from 'zod';
import { VerificationMethodSchema, type VerificationMethod } from './compliance.ts';
import { COUNTRY_PROFILES, type CountryCode, type IdentityDocument } from './country.ts';
import { calendarDayOf } from './market-calendar.ts';

/**
 * Know-your-customer form (promotions-and-games §3, §5). The same rules run in the browser, as the
 * player types, and on the server, which is the one that decides.
 *
 * The fields a market asks for come from `KYC_FIELDS_BY_COUNTRY`; each has an index, and the form is
 * submitted as `field{index}` values (spec §3). The date of birth is entered dd-mm-yyyy and sent
 * yyyymmdd.
 */
export const KYC_FIELD_NAMES = [
  'firstName',
  'surname',
  'email',
  'dateOfBirth',
  'BVN',
  'IdCardNumber',
  'RESIDENTIAL_ADDRESS',
  'ID_TYPE',
  'ID_NUMBER',
] as const;
export type KycFieldName = (typeof KYC_FIELD_NAMES)[number];

export const KycFieldSchema = zod.object({
  index: zod.number().int(),
  name: zod.enum(KYC_FIELD_NAMES),
  required: zod.boolean(),
});
export type KycField = zod.infer<typeof KycFieldSchema>;

export const KycConfigSchema = zod.object({
  enable: zod.boolean(),
  /** Names of the fields every market asks for. */
  basicFields: zod.array(zod.enum(KYC_FIELD_NAMES)),
});

/**
 * Where a member's identity stands (issue 25 §1): `none` (nothing sent) → `pending` (the form is saved and
 * awaits the verification service, or the service was unavailable) → `verified` | `rejected` |
 * `needs-review` (an operator decides: approve or reject with a reason the player reads).
 */
export const KycStatusSchema = zod.enum(['none', 'pending', 'verified', 'rejected', 'needs-review']);
export type KycStatus = zod.infer<typeof KycStatusSchema>;

/**
 * Why a verification did not pass, as the player is told: the selfie does not match the ID's photo
 * (`mismatch`), the authority's date of birth is under 18 (`under-age`), the verification service knows
 * this face under another account (`duplicate`), this ID or CPF already belongs to another account here
 * (`taken`), an operator's decision with their note (`operator`); `unavailable`: the service did not
 * answer, the member stays pending and tries again.
 */
export const KYC_REASONS = [
  'mismatch',
  'under-age',
  'duplicate',
  'taken',
  'operator',
  'unavailable',
] as const;
export const KycReasonSchema = zod.enum(KYC_REASONS);
export type KycReason = zod.infer<typeof KycReasonSchema>;

/** The youngest a player may be (Kenya's and Brazil's law): the authority's date of birth is checked. */
export const MINIMUM_PLAYER_AGE = 18;

/** After an unavailable verification service, the member may try again this long after. */
export const KYC_RETRY_AFTER_SECONDS = 60;

export const KycRecordSchema = zod.object({
  status: KycStatusSchema,
  /** The submitted values by field name (dateOfBirth as yyyymmdd). */
  values: zod.partialRecord(zod.enum(KYC_FIELD_NAMES), zod.string()),
  submittedAt: zod.string().nullable(),
  /** How this market verifies (country profile `compliance.identity.method`): what the page asks for. */
  method: VerificationMethodSchema,
  /** The last verification's reason when it did not pass (rejected, needs-review, or pending: unavailable). */
  reason: KycReasonSchema.nullable(),
  /** An operator's note to the player with a rejection (reason `operator`). */
  note: zod.string().nullable(),
  /** Seconds before the member may send the selfie again; null when not waiting on the service. */
  retryAfterSeconds: zod.number().int().nullable(),
});
export type KycRecord = zod.infer<typeof KycRecordSchema>;

/** The record of a member who has sent nothing yet, in a market verifying by `method`. */
export function emptyKycRecord(method: VerificationMethod): KycRecord {
  return {
    status: 'none',
    values: {},
    submittedAt: null,
    method,
    reason: null,
    note: null,
    retryAfterSeconds: null,
  };
}

/**
 * The photo for verification, as a data URL: a selfie (national-id-selfie), the liveness frame
 * (cpf-liveness), a photo holding the ID (document-review). The app scales it down before sending.
 */
export const KYC_PHOTO_MAX_CHARS = 700_000;
const KycPhotoSchema = zod
  .string()
  .max(KYC_PHOTO_MAX_CHARS)
  .regex(/^data:image\/(jpeg|png|webp);base64,[A-Za-z0-9+/]+=*$/, 'A JPEG, PNG or WebP image as a data URL');
export const KycVerifySchema = zod.object({ photo: KycPhotoSchema });
export type KycVerify = zod.infer<typeof KycVerifySchema>;

/** One member waiting for an operator (GET /api/admin/kyc/reviews). */
export const KycReviewSchema = zod.object({
  memberId: zod.number().int(),
  method: VerificationMethodSchema,
  values: zod.partialRecord(zod.enum(KYC_FIELD_NAMES), zod.string()),
  /** The normalised identity (`KE:NATIONAL_ID:12345678`, `BR:CPF:…`) the member claims. */
  identity: zod.string().nullable(),
  reason: KycReasonSchema.nullable(),
  /** The verification service's reference and result code, for the operator's look-up in its portal. */
  providerRef: zod.string().nullable(),
  resultCode: zod.string().nullable(),
  submittedAt: zod.string(),
  /**
   * Whether the photo sent with the attempt is kept for the operator (kept only for an attempt that went to
   * review; GET /api/admin/kyc/reviews/{memberId}/photo).
   */
  hasPhoto: zod.boolean(),
});
export type KycReview = zod.infer<typeof KycReviewSchema>;

export const KycRejectSchema = zod.object({
  /** What the player reads: why, and what to do. */
  note: zod.string().trim().min(3).max(300),
});
export type KycReject = zod.infer<typeof KycRejectSchema>;

const BASIC_FIELDS: KycFieldName[] = ['firstName', 'surname', 'dateOfBirth'];

/** Which fields each market asks for, in form order; `required` marks what must be filled. */
export const KYC_FIELDS_BY_COUNTRY: Record<CountryCode, { name: KycFieldName; required: boolean }[]> = {
  // The document type first (national ID, Maisha Namba, passport, alien ID: the country profile's).
  KE: [
    ...BASIC_FIELDS.map((name) => ({ name, required: true })),
    { name: 'ID_TYPE', required: true },
    { name: 'ID_NUMBER', required: true },
    { name: 'email', required: false },
    { name: 'RESIDENTIAL_ADDRESS', required: false },
  ],
  GH: [
    ...BASIC_FIELDS.map((name) => ({ name, required: true })),
    { name: 'ID_TYPE', required: true },
    { name: 'ID_NUMBER', required: true },
    { name: 'email', required: false },
  ],
  UG: [
    ...BASIC_FIELDS.map((name) => ({ name, required: true })),
    { name: 'ID_TYPE', required: true },
    { name: 'ID_NUMBER', required: true },
    { name: 'email', required: false },
  ],
  NG: [
    ...BASIC_FIELDS.map((name) => ({ name, required: true })),
    { name: 'BVN', required: true },
    { name: 'email', required: false },
    { name: 'RESIDENTIAL_ADDRESS', required: true },
  ],
  // IdCardNumber is the NRC in Zambia.
  ZM: [
    ...BASIC_FIELDS.map((name) => ({ name, required: true })),
    { name: 'IdCardNumber', required: true },
    { name: 'email', required: false },
  ],
  CM: [
    ...BASIC_FIELDS.map((name) => ({ name, required: true })),
    { name: 'ID_TYPE', required: true },
    { name: 'ID_NUMBER', required: true },
    { name: 'email', required: false },
  ],
  // IdCardNumber is the CPF in Brazil.
  BR: [
    ...BASIC_FIELDS.map((name) => ({ name, required: true })),
    { name: 'IdCardNumber', required: true },
    { name: 'email', required: false },
  ],
};

export function kycFieldsFor(country: CountryCode): KycField[] {
  return KYC_FIELDS_BY_COUNTRY[country].map((field, index) => ({ ...field, index }));
}

export function kycConfigFor(): { enable: boolean; basicFields: KycFieldName[] } {
  return { enable: true, basicFields: BASIC_FIELDS };
}

export const KYC_MESSAGES = {
  required: 'Cannot be empty, please fill in!',
  names: 'Only letters are allowed for names!',
  email: 'Email address not compatible!',
  bvn: 'BVN must be 11 digits!',
  cpfCheckDigits: 'This CPF is not valid: check its last two digits',
  idNumber: 'Letters, digits and dashes only, up to 30',
  idType: 'Please choose an ID type',
  dateOfBirth: 'Date of birth must be between 6 and 70 years ago',
  address: 'At most 200 characters',
  failure: 'Please check the content',
} as const;

/** The documents a market's KYC accepts (its country profile), the default first. */
export function identityDocumentsOf(country: CountryCode): readonly IdentityDocument[] {
  return COUNTRY_PROFILES[country].identityDocuments;
}

/** The document a type names in this market; undefined for a type the market does not accept. */
export function identityDocumentOf(
  country: CountryCode,
  type: string | undefined,
): IdentityDocument | undefined {
  return identityDocumentsOf(country).find((document) => document.type === type);
}

/** The modulo-11 check digit of a CPF's first `length` digits (9: the 10th digit, 10: the 11th). */
function cpfCheckDigit(digits: string, length: number): number {
  let sum = 0;
  for (let index = 0; index < length; index += 1) sum += Number(digits[index]) * (length + 1 - index);
  const remainder = (sum * 10) % 11;
  return remainder === 10 ? 0 : remainder;
}

/** Brazil's CPF check: the 10th and 11th digits are modulo-11 sums of the ones before; all-same digits are refused. */
export function hasValidCpfCheckDigits(cpf: string): boolean {
  const digits = cpf.replace(/\D/g, '');
  if (!/^\d{11}$/.test(digits) || /^(\d)\1{10}$/.test(digits)) return false;
  return cpfCheckDigit(digits, 9) === Number(digits[9]) && cpfCheckDigit(digits, 10) === Number(digits[10]);
}

/** The CPF of nine base digits: the base and its two check digits (test data and the simulator's). */
export function cpfOf(base: string): string {
  const withTenth = `${base}${cpfCheckDigit(base, 9)}`;
  return `${withTenth}${cpfCheckDigit(withTenth, 10)}`;
}

/** The message when `number` is not a number of `document` (its rule, or the check-digit failure). */
export function checkIdentityNumber(document: IdentityDocument, number: string): string | undefined {
  const text = number.trim().toUpperCase();
  if (!new RegExp(document.pattern).test(text)) return document.rule;
  if (document.checkDigits === 'cpf' && !hasValidCpfCheckDigits(text)) return KYC_MESSAGES.cpfCheckDigits;
  return undefined;
}

/** yyyymmdd of a date in the market's time zone. */
export function toCompactDate(date: Date, timeZone: string): string {
  return calendarDayOf(date, timeZone).split('-').join('');
}

/** dd-mm-yyyy (shown) → yyyymmdd (sent); undefined when not a real date. */
export function displayDateToCompact(display: string): string | undefined {
  const match = /^(\d{2})-(\d{2})-(\d{4})$/.exec(display.trim());
  if (!match) return undefined;
  const [, day, month, year] = match;
  const compact = `${year}${month}${day}`;
  return isRealDate(compact) ? compact : undefined;
}

export function compactToDisplayDate(compact: string): string {
  return `${compact.slice(6, 8)}-${compact.slice(4, 6)}-${compact.slice(0, 4)}`;
}

function isRealDate(compact: string): boolean {
  if (!/^\d{8}$/.test(compact)) return false;
  const year = Number(compact.slice(0, 4));
  const month = Number(compact.slice(4, 6));
  const day = Number(compact.slice(6, 8));
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

function shiftYears(compact: string, years: number): string {
  return `${Number(compact.slice(0, 4)) + years}${compact.slice(4)}`;
}

/** Whether someone born on `birth` (yyyymmdd) is at least MINIMUM_PLAYER_AGE on `today` (yyyymmdd). */
export function isAdultOn(birth: string, today: string): boolean {
  return /^\d{8}$/.test(birth) && birth <= shiftYears(today, -MINIMUM_PLAYER_AGE);
}

/** The allowed birth dates, yyyymmdd, from 70 years ago to 6 years ago (inclusive). */
export function dateOfBirthRange(today: string): { earliest: string; latest: string } {
  return { earliest: shiftYears(today, -70), latest: shiftYears(today, -6) };
}

/**
 * Checks one field's value (trimmed). `values` gives the other fields, for the id number whose rule
 * depends on the id type; `today` is yyyymmdd in the market's time zone. Answers the message, or
 * undefined when the value is fine. An empty optional value is fine.
 */
export function checkKycField(
  field: { name: KycFieldName; required: boolean },
  value: string,
  context: { values: Partial<Record<KycFieldName, string>>; country: CountryCode; today: string },
): string | undefined {
  const text = value.trim();
  if (text === '') return field.required ? KYC_MESSAGES.required : undefined;
  switch (field.name) {
    // Letters are any alphabet's (João, Conceição, Müller): the names on a Brazilian CPF carry accents.
    case 'firstName':
      return /^\p{Lu}\p{L}*$/u.test(text) ? undefined : KYC_MESSAGES.names;
    case 'surname':
      return /^\p{L}[\p{L} ]{0,20}\p{L}$/u.test(text) ? undefined : KYC_MESSAGES.names;
    case 'email':
      return text.length <= 128 && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(text) ? undefined : KYC_MESSAGES.email;
    case 'BVN':
      return /^\d{11}$/.test(text) ? undefined : KYC_MESSAGES.bvn;
    // The market's one document (Brazil's CPF, Zambia's NRC): the first of its country profile.
    case 'IdCardNumber':
      return checkIdentityNumber(identityDocumentsOf(context.country)[0] as IdentityDocument, text);
    case 'ID_TYPE':
      return identityDocumentOf(context.country, text) ? undefined : KYC_MESSAGES.idType;
    case 'ID_NUMBER': {
      // The chosen type's rule; without a (known) type the number cannot be judged: choose the type first.
      const document = identityDocumentOf(context.country, context.values.ID_TYPE?.trim());
      return document ? checkIdentityNumber(document, text) : KYC_MESSAGES.idType;
    }
    case 'dateOfBirth': {
      if (!isRealDate(text)) return KYC_MESSAGES.dateOfBirth;
      const { earliest, latest } = dateOfBirthRange(context.today);
      return text >= earliest && text <= latest ? undefined : KYC_MESSAGES.dateOfBirth;
    }
    case 'RESIDENTIAL_ADDRESS':
      return text.length <= 200 ? undefined : KYC_MESSAGES.address;
  }
}

/** Every field's problem, by name; empty when the form may be submitted. */
export function checkKycForm(
  fields: KycField[],
  values: Partial<Record<KycFieldName, string>>,
  context: { country: CountryCode; today: string },
): Partial<Record<KycFieldName, string>> {
  const problems: Partial<Record<KycFieldName, string>> = {};
  for (const field of fields) {
    const problem = checkKycField(field, values[field.name] ?? '', { ...context, values });
    if (problem) problems[field.name] = problem;
  }
  return problems;
}

/**
 * The identity a registration carries where the market verifies before the account exists (issue 25 §1):
 * the market's identity form by field name (Brazil: names, date of birth yyyymmdd, the CPF as
 * `IdCardNumber`) and the liveness selfie. The values are checked with `checkRegistrationIdentity`, the
 * form's own rules (the CPF's check digits included), on the phone and on the server.
 */
export const RegistrationIdentitySchema = zod.object({
  values: zod.partialRecord(zod.enum(KYC_FIELD_NAMES), zod.string().trim().max(300)),
  photo: KycPhotoSchema,
});
export type RegistrationIdentity = zod.infer<typeof RegistrationIdentitySchema>;

/** The fields a registration asks for: the market's required identity fields (no e-mail, no address). */
export function registrationIdentityFields(country: CountryCode): KycField[] {
  return kycFieldsFor(country).filter((field) => field.required);
}

/** A registration's identity problems by field name (empty: fine), with the identity form's rules. */
export function checkRegistrationIdentity(
  country: CountryCode,
  values: Partial<Record<KycFieldName, string>>,
  today: string,
): Partial<Record<KycFieldName, string>> {
  return checkKycForm(registrationIdentityFields(country), values, { country, today });
}

/** The POST body: `field{index}` → value, text. */
export const KycSubmitSchema = zod.record(zod.string().regex(/^field\d{1,2}$/), zod.string().max(300));
