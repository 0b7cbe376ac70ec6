import type { CountryCode, IdentityDocument } from '@app/contracts/country';
import {
  checkKycField,
  displayDateToCompact,
  identityDocumentOf,
  identityDocumentsOf,
  KYC_MESSAGES,
  type KycField,
  type KycFieldName,
} from '@app/contracts/kyc';

/*
 * The KYC form's rules around the contract's `checkKycField` (the server runs the same). Values are
 * kept as the player sees them; the date of birth is shown dd-mm-yyyy and checked and sent yyyymmdd.
 * This module imports zod through the contract: only the lazy KYC chunk may import it.
 */
export type KycValues = Partial<Record<KycFieldName, string>>;
export type KycProblems = Partial<Record<KycFieldName, string>>;
type Context = { country: CountryCode; today: string };

export const DATE_PLACEHOLDER = 'dd-mm-yyyy';

/**
 * The document an id-number field is checked against: the chosen type's (ID_NUMBER), the market's one
 * document (IdCardNumber); none for other fields or before a type is chosen.
 */
export function documentOfField(
  name: KycFieldName,
  values: KycValues,
  country: CountryCode,
): IdentityDocument | undefined {
  if (name === 'IdCardNumber') return identityDocumentsOf(country)[0];
  if (name === 'ID_NUMBER') return identityDocumentOf(country, values.ID_TYPE?.trim());
  return undefined;
}

/** The i18n key of a document's rule: its own, or the common one of a document whose format we do not know. */
export function documentRuleKey(document: IdentityDocument): string {
  return document.rule === KYC_MESSAGES.idNumber
    ? 'kyc.rules.idNumber'
    : `kyc.documents.${document.slug}.rule`;
}

/** What the player typed, as dd-mm-yyyy: digits only, the dashes put in as the digits come. */
export function formatDateInput(raw: string): string {
  const digits = raw.replace(/\D/g, '').slice(0, 8);
  if (digits.length <= 2) return digits;
  if (digits.length <= 4) return `${digits.slice(0, 2)}-${digits.slice(2)}`;
  return `${digits.slice(0, 2)}-${digits.slice(2, 4)}-${digits.slice(4)}`;
}

/** The value as the server takes it: trimmed, the date as yyyymmdd ('' when it is not a real date). */
export function toSentValue(name: KycFieldName, shown: string): string {
  const text = shown.trim();
  if (name !== 'dateOfBirth' || text === '') return text;
  return displayDateToCompact(text) ?? '';
}

function sentValues(values: KycValues): KycValues {
  const result: KycValues = {};
  for (const [name, value] of Object.entries(values) as [KycFieldName, string][]) {
    result[name] = toSentValue(name, value);
  }
  return result;
}

/** One field's problem (an untranslated contract message), or undefined. */
export function checkShownField(field: KycField, values: KycValues, context: Context): string | undefined {
  const shown = values[field.name] ?? '';
  // A date that is typed but not a real dd-mm-yyyy date is wrong, not missing.
  if (field.name === 'dateOfBirth' && shown.trim() !== '' && toSentValue(field.name, shown) === '') {
    return KYC_MESSAGES.dateOfBirth;
  }
  return checkKycField(field, toSentValue(field.name, shown), { ...context, values: sentValues(values) });
}

export function checkShownForm(fields: KycField[], values: KycValues, context: Context): KycProblems {
  const problems: KycProblems = {};
  for (const field of fields) {
    const problem = checkShownField(field, values, context);
    if (problem) problems[field.name] = problem;
  }
  return problems;
}

/** Spec §5: submit is enabled only when every required field is filled. */
export function canSubmitKyc(fields: KycField[], values: KycValues): boolean {
  return fields.every((field) => !field.required || (values[field.name] ?? '').trim() !== '');
}

/** The POST body: `field{index}` → value (spec §3). */
export function toKycBody(fields: KycField[], values: KycValues): Record<string, string> {
  return Object.fromEntries(
    fields.map((field) => [`field${field.index}`, toSentValue(field.name, values[field.name] ?? '')]),
  );
}

/** The answer's `errors` (`field{index}` or a field name) by field name; unknown fields are left out. */
export function problemsFromAnswer(
  fields: KycField[],
  errors: readonly { field: string; message: string }[],
): KycProblems {
  const problems: KycProblems = {};
  for (const error of errors) {
    const field = fields.find((item) => `field${item.index}` === error.field || item.name === error.field);
    if (field) problems[field.name] = error.message;
  }
  return problems;
}

/**
 * The i18n key of a contract message (the server answers the same English texts), so the player reads
 * it in their language; a text we do not know is shown as the server wrote it.
 */
export function messageKey(message: string, country: CountryCode): string | undefined {
  const entry = Object.entries(KYC_MESSAGES).find(([, text]) => text === message);
  if (entry) return `kyc.rules.${entry[0]}`;
  const document = identityDocumentsOf(country).find((candidate) => candidate.rule === message);
  return document ? documentRuleKey(document) : undefined;
}
