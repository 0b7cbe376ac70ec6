import { z as zod } from 'zod';
import type { CountryCode } from './country.ts';

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

export const ID_TYPES = ['Ghana Card', 'Vote ID', 'Passport', 'Driver License', 'SSNIT'] as const;

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

export const KycStatusSchema = zod.enum(['none', 'pending', 'verified', 'rejected']);
export type KycStatus = zod.infer<typeof KycStatusSchema>;

export const KycRecordSchema = zod.object({
  status: KycStatusSchema,
  /** The submitted values by field name (dateOfBirth as yyyymmdd). */
  values: zod.partialRecord(zod.enum(KYC_FIELD_NAMES), zod.string()),
  submittedAt: zod.string().nullable(),
});
export type KycRecord = zod.infer<typeof KycRecordSchema>;

const BASIC_FIELDS: KycFieldName[] = ['firstName', 'surname', 'dateOfBirth'];

/** Which fields each market asks for, in form order; `required` marks what must be filled. */
export const KYC_FIELDS_BY_COUNTRY: Record<CountryCode, { name: KycFieldName; required: boolean }[]> = {
  KE: [
    ...BASIC_FIELDS.map((name) => ({ name, required: true })),
    { name: 'IdCardNumber', required: true },
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
  nationalId: 'The ID number must be 9 digits',
  cpf: 'The CPF must be 11 digits',
  ghanaCard: 'The Ghana Card number is GHA- followed by 9 digits, a dash and 1 digit',
  idNumber: 'Letters, digits and dashes only, up to 30',
  idType: 'Please choose an ID type',
  dateOfBirth: 'Date of birth must be between 6 and 70 years ago',
  address: 'At most 200 characters',
  failure: 'Please check the content',
} as const;

/** yyyymmdd of a date in the market's time zone. */
export function toCompactDate(date: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  })
    .format(date)
    .split('-');
  return parts.join('');
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
    case 'firstName':
      return /^[A-Z][A-Za-z]*$/.test(text) ? undefined : KYC_MESSAGES.names;
    case 'surname':
      return /^[A-Za-z][A-Za-z ]{0,20}[A-Za-z]$/.test(text) ? undefined : KYC_MESSAGES.names;
    case 'email':
      return text.length <= 128 && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(text) ? undefined : KYC_MESSAGES.email;
    case 'BVN':
      return /^\d{11}$/.test(text) ? undefined : KYC_MESSAGES.bvn;
    case 'IdCardNumber':
      if (context.country === 'BR') return /^\d{11}$/.test(text) ? undefined : KYC_MESSAGES.cpf;
      return /^\d{9}$/.test(text) ? undefined : KYC_MESSAGES.nationalId;
    case 'ID_TYPE':
      return (ID_TYPES as readonly string[]).includes(text) ? undefined : KYC_MESSAGES.idType;
    case 'ID_NUMBER':
      if (context.values.ID_TYPE === 'Ghana Card') {
        return /^GHA-\d{9}-\d$/.test(text) ? undefined : KYC_MESSAGES.ghanaCard;
      }
      return /^[A-Za-z0-9-]{1,30}$/.test(text) ? undefined : KYC_MESSAGES.idNumber;
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

/** The POST body: `field{index}` → value, text. */
export const KycSubmitSchema = zod.record(zod.string().regex(/^field\d{1,2}$/), zod.string().max(300));
