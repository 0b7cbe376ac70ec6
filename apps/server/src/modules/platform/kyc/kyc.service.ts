import type { Kysely } from 'kysely';
import type { CountryProfile } from '@app/contracts/country';
import {
  checkKycForm,
  kycConfigFor,
  kycFieldsFor,
  toCompactDate,
  type KycField,
  type KycFieldName,
  type KycRecord,
} from '@app/contracts/kyc';
import type { Database } from '../../../db/schema.ts';
import { AppError } from '../../../http/app-error.ts';
import * as repository from './kyc.repository.ts';

type Db = Kysely<Database>;

export function getFields(country: CountryProfile): KycField[] {
  return kycFieldsFor(country.code);
}

export function getConfig(): { enable: boolean; basicFields: KycFieldName[] } {
  return kycConfigFor();
}

export async function getRecord(db: Db, memberId: number): Promise<KycRecord> {
  const row = await repository.findKyc(db, memberId);
  if (!row) return { status: 'none', values: {}, submittedAt: null };
  return { status: row.status, values: row.fields, submittedAt: row.submitted_at.toISOString() };
}

/**
 * Checks a submission (`field{index}` → value) with the same rules the form runs, and stores it for
 * review. Every problem is answered at once, named by the field it belongs to.
 */
export async function submit(
  db: Db,
  memberId: number,
  country: CountryProfile,
  body: Record<string, string>,
): Promise<KycRecord> {
  if (!getConfig().enable) throw new AppError('KYC_DISABLED');
  const fields = getFields(country);
  const byIndex = new Map(fields.map((field) => [`field${field.index}`, field]));
  const unknown = Object.keys(body).filter((key) => !byIndex.has(key));
  if (unknown.length > 0) {
    throw new AppError(
      'KYC_INVALID',
      undefined,
      unknown.map((field) => ({ field, message: 'Not a field of this form' })),
    );
  }
  const values: Partial<Record<KycFieldName, string>> = {};
  for (const [key, value] of Object.entries(body)) {
    const field = byIndex.get(key);
    if (field && value.trim() !== '') values[field.name] = value.trim();
  }
  const today = toCompactDate(new Date(), country.timeZone);
  const problems = checkKycForm(fields, values, { country: country.code, today });
  const failed = fields.filter((field) => problems[field.name] !== undefined);
  if (failed.length > 0) {
    throw new AppError(
      'KYC_INVALID',
      undefined,
      failed.map((field) => ({ field: `field${field.index}`, message: problems[field.name] ?? '' })),
    );
  }
  if (!(await repository.saveSubmission(db, memberId, values as Record<string, string>))) {
    throw new AppError('KYC_INVALID', 'Your identity is already verified');
  }
  return getRecord(db, memberId);
}

/** The identity-number fields: a national id, a BVN, an id document's number (whatever the market asks). */
const IDENTITY_FIELDS = ['IdCardNumber', 'ID_NUMBER', 'BVN'] as const;

/**
 * The identity numbers members submitted (any status: the same number on two accounts is a signal whether or
 * not it was verified), normalised to letters and digits in upper case, by member; members without any are
 * absent. The referral programme's abuse signals.
 */
export async function findIdentityNumbers(
  db: Db,
  memberIds: readonly number[],
): Promise<Map<number, string[]>> {
  const rows = await repository.findKycs(db, [...new Set(memberIds)]);
  const byMember = new Map<number, string[]>();
  for (const row of rows) {
    const numbers = IDENTITY_FIELDS.flatMap((field) => {
      const value = row.fields[field]?.toUpperCase().replace(/[^A-Z0-9]/g, '');
      return value ? [`${field}:${value}`] : [];
    });
    if (numbers.length > 0) byMember.set(Number(row.member_id), numbers);
  }
  return byMember;
}
