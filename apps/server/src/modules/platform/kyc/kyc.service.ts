import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import { verificationRequiredAt, type VerificationGate } from '@app/contracts/compliance';
import type { CountryProfile } from '@app/contracts/country';
import {
  checkKycForm,
  checkRegistrationIdentity,
  emptyKycRecord,
  identityDocumentOf,
  identityDocumentsOf,
  isAdultOn,
  KYC_RETRY_AFTER_SECONDS,
  kycConfigFor,
  kycFieldsFor,
  toCompactDate,
  type KycField,
  type KycFieldName,
  type KycRecord,
  type KycReview,
  type RegistrationIdentity,
} from '@app/contracts/kyc';
import type { Database } from '../../../db/schema.ts';
import { AppError } from '../../../http/app-error.ts';
import type { IdentityVerifier } from '../../../adapters/identity/identity-verifier.ts';
import type { FileStore } from '../../../adapters/storage/file-store.ts';
import { documentIdentity, refuseExcluded } from '../exclusion/exclusion.service.ts';
import { auditedWrite, type Actor } from '../staff/audit.service.ts';
import * as repository from './kyc.repository.ts';

type Db = Kysely<Database>;

/** What verification needs: the database, the market (its law's method and gate), the service's adapter. */
export type KycDeps = { db: Db; country: CountryProfile; verifier: IdentityVerifier };
/** A member's own verification also keeps the photo of an attempt that goes to review, in `store`. */
export type KycVerifyDeps = KycDeps & { store: FileStore };

export function getFields(country: CountryProfile): KycField[] {
  return kycFieldsFor(country.code);
}

export function getConfig(): { enable: boolean; basicFields: KycFieldName[] } {
  return kycConfigFor();
}

export async function getRecord(db: Db, memberId: number, country: CountryProfile): Promise<KycRecord> {
  const row = await repository.findKyc(db, memberId);
  const method = country.compliance.identity.method;
  if (!row) return emptyKycRecord(method);
  const waited = row.attempted_at ? Math.floor((Date.now() - row.attempted_at.getTime()) / 1000) : 0;
  return {
    status: row.status,
    values: row.fields,
    submittedAt: row.submitted_at.toISOString(),
    method,
    reason: row.reason,
    note: row.note,
    retryAfterSeconds:
      row.status === 'pending' && row.reason === 'unavailable'
        ? Math.max(0, KYC_RETRY_AFTER_SECONDS - waited)
        : null,
  };
}

/**
 * The one check of every gated action (issue 25 §1): a member below `verified` is refused `gate` when the
 * market's law asks for verification at or before it (`compliance.identity.requiredBefore`; each gate
 * implies the later ones). Play (every real-money bet and cash ticket or spin purchase), deposit and
 * withdrawal call it; the app turns KYC_REQUIRED into the way to the verification page.
 */
export async function requireVerifiedFor(
  db: Parameters<typeof repository.findStatus>[0],
  country: Pick<CountryProfile, 'compliance'>,
  memberId: number,
  gate: VerificationGate,
): Promise<void> {
  if (!verificationRequiredAt(country.compliance.identity.requiredBefore, gate)) return;
  const refusal = verificationRefusal(country, gate, await repository.findStatus(db, memberId));
  if (refusal) throw refusal;
}

/**
 * `requireVerifiedFor`'s rule on a verification state already read (`kycStatusQuery`, embedded by the crash
 * bet's one read): the refusal, or undefined when the member may go on.
 */
export function verificationRefusal(
  country: Pick<CountryProfile, 'compliance'>,
  gate: VerificationGate,
  status: string | null | undefined,
): AppError | undefined {
  if (!verificationRequiredAt(country.compliance.identity.requiredBefore, gate)) return undefined;
  return status === 'verified' ? undefined : new AppError('KYC_REQUIRED');
}

/** Embedded by the crash bet in its one read (crash.repository.ts `findBetRecords`). */
export { kycStatusQuery } from './kyc.repository.ts';

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
    const status = await repository.findStatus(db, memberId);
    throw new AppError(status === 'needs-review' ? 'KYC_UNDER_REVIEW' : 'KYC_ALREADY_VERIFIED');
  }
  return getRecord(db, memberId, country);
}

/**
 * The identity a saved form names, normalised: the market's country, the document's type as the
 * verification service names it (`ke-national-id` → NATIONAL_ID, `br-cpf` → CPF) and the number in
 * letters and digits, upper case. Undefined when the form names no identity document.
 */
export function identityOf(
  country: CountryProfile,
  fields: Record<string, string>,
): { key: string; idType: string; idNumber: string } | undefined {
  const serviceType = (slug: string) =>
    slug
      .replace(new RegExp(`^${country.code.toLowerCase()}-`), '')
      .toUpperCase()
      .replaceAll('-', '_');
  const normalise = (number: string) => number.toUpperCase().replace(/[^A-Z0-9]/g, '');
  let idType: string | undefined;
  let idNumber: string | undefined;
  if (fields.ID_NUMBER) {
    const document = identityDocumentOf(country.code, fields.ID_TYPE);
    idType = document && serviceType(document.slug);
    idNumber = fields.ID_NUMBER;
  } else if (fields.IdCardNumber) {
    const document = identityDocumentsOf(country.code)[0];
    idType = document && serviceType(document.slug);
    idNumber = fields.IdCardNumber;
  } else if (fields.BVN) {
    idType = 'BVN';
    idNumber = fields.BVN;
  }
  if (!idType || !idNumber || normalise(idNumber) === '') return undefined;
  const number = normalise(idNumber);
  return { key: `${country.code}:${idType}:${number}`, idType, idNumber: number };
}

function isUniqueViolation(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === '23505';
}

function toIsoDate(compact: string): string {
  return `${compact.slice(0, 4)}-${compact.slice(4, 6)}-${compact.slice(6, 8)}`;
}

/**
 * Asks the identity service about `identity` with the photo, and says what its answer makes of the record:
 * exact match of an adult (by the authority's date of birth; the form's only when the authority gives none)
 * verified; under 18 rejected; the photo not matching: an operator reviews it; the face known under another
 * user: rejected; the service unavailable: still pending (never verified on a guess).
 */
async function askService(
  deps: KycDeps,
  attempt: {
    jobId: string;
    userId: string;
    identity: { idType: string; idNumber: string };
    fields: Record<string, string>;
    photo: string;
  },
): Promise<repository.Conclusion> {
  const { country } = deps;
  const declaredBirth = attempt.fields.dateOfBirth ?? '';
  const result = await deps.verifier.verify({
    jobId: attempt.jobId,
    userId: attempt.userId,
    country: country.code,
    idType: attempt.identity.idType,
    idNumber: attempt.identity.idNumber,
    firstName: attempt.fields.firstName ?? '',
    lastName: attempt.fields.surname ?? '',
    dateOfBirth: /^\d{8}$/.test(declaredBirth) ? toIsoDate(declaredBirth) : '',
    photo: {
      kind: country.compliance.identity.method === 'cpf-liveness' ? 'liveness' : 'selfie',
      base64: attempt.photo.slice(attempt.photo.indexOf(',') + 1),
    },
  });
  if (result.outcome === 'unavailable') return { status: 'pending', reason: 'unavailable' };
  const reference = { providerRef: result.providerRef, resultCode: result.resultCode };
  switch (result.outcome) {
    case 'match': {
      const birth = result.dateOfBirth?.replaceAll('-', '') ?? declaredBirth;
      return isAdultOn(birth, toCompactDate(new Date(), country.timeZone))
        ? { status: 'verified', reason: null, ...reference }
        : { status: 'rejected', reason: 'under-age', ...reference };
    }
    case 'mismatch':
      return { status: 'needs-review', reason: 'mismatch', ...reference };
    case 'duplicate':
      return { status: 'rejected', reason: 'duplicate', ...reference };
  }
}

/** An identity verified at registration, to be recorded with the new member (`recordRegisteredIdentity`). */
export type RegisteredIdentity = {
  key: string;
  fields: Record<string, string>;
  providerRef: string | null;
  resultCode: string | null;
};

/** Each answer but a verified adult, as the person registering is told: nothing was created. */
const REGISTRATION_REFUSALS = {
  'under-age': 'REGISTRATION_UNDER_AGE',
  mismatch: 'REGISTRATION_IDENTITY_MISMATCH',
  duplicate: 'REGISTRATION_IDENTITY_DUPLICATE',
  unavailable: 'REGISTRATION_IDENTITY_UNAVAILABLE',
} as const;

/**
 * Where the market verifies identity before the account exists (issue 25 §1; Brazil: CPF and liveness):
 * checks the form with its own rules, refuses an identity another account holds (before paying for a call),
 * and asks the service; only a verified adult comes back, for the registration to record with the member in
 * its transaction. A photo the service could not match is not queued for an operator: there is no account
 * to queue, so the person is told to try again or contact support (docs/decisions.md). No attempt is kept.
 */
export async function verifyForRegistration(
  deps: KycDeps,
  identity: RegistrationIdentity,
): Promise<RegisteredIdentity> {
  const { db, country } = deps;
  const values = Object.fromEntries(
    Object.entries(identity.values).filter(([, value]) => value !== undefined && value !== ''),
  ) as Record<string, string>;
  const problems = checkRegistrationIdentity(
    country.code,
    values,
    toCompactDate(new Date(), country.timeZone),
  );
  const claimed = identityOf(country, values);
  if (Object.keys(problems).length > 0 || !claimed) {
    throw new AppError(
      'KYC_INVALID',
      undefined,
      Object.entries(problems).map(([name, message]) => ({
        field: `identity.values.${name}`,
        message: message ?? '',
      })),
    );
  }
  // A self-excluded person does not come back under a new number with the same ID (issue 25 §3).
  await refuseExcluded(db, [documentIdentity(claimed.key)]);
  if (await repository.isIdentityClaimed(db, claimed.key)) throw new AppError('KYC_IDENTITY_TAKEN');
  const conclusion = await askService(deps, {
    jobId: `registration-${randomUUID()}`,
    // No member yet: the service enrols the face under the identity, so the same person trying again is
    // the same user, and a face known under another identity is the service's duplicate.
    userId: `identity-${createHash('sha256').update(claimed.key).digest('hex').slice(0, 32)}`,
    identity: claimed,
    fields: values,
    photo: identity.photo,
  });
  if (conclusion.status !== 'verified') {
    throw new AppError(REGISTRATION_REFUSALS[conclusion.reason as keyof typeof REGISTRATION_REFUSALS]);
  }
  return {
    key: claimed.key,
    fields: values,
    providerRef: conclusion.providerRef ?? null,
    resultCode: conclusion.resultCode ?? null,
  };
}

/**
 * The verified identity of a new member, in the registration's transaction: of two registrations claiming
 * one identity at once, the partial unique index lets one through and the other's transaction (its member
 * with it) is undone with KYC_IDENTITY_TAKEN.
 */
export async function recordRegisteredIdentity(
  trx: Transaction<Database>,
  memberId: number,
  identity: RegisteredIdentity,
): Promise<void> {
  try {
    await repository.insertVerified(trx, memberId, identity);
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('KYC_IDENTITY_TAKEN');
    throw error;
  }
}

/**
 * Verifies the member's saved form with the market's method (issue 25 §1): claims the identity for this
 * account (one identity, one account: another account holding it is refused with KYC_IDENTITY_TAKEN),
 * then asks the verification service with the photo. Exact match of an adult: verified; under 18 by the
 * authority's date of birth: rejected; the photo does not match: an operator reviews it; the face known
 * under another user: rejected; the service unavailable: still pending, to try again (never verified on
 * a guess). Document review (markets without a service): straight to the operators' queue.
 */
export async function verify(deps: KycVerifyDeps, memberId: number, photo: string): Promise<KycRecord> {
  const { db, country } = deps;
  const row = await repository.findKyc(db, memberId);
  if (!row) throw new AppError('KYC_NOT_READY');
  if (row.status === 'verified') throw new AppError('KYC_ALREADY_VERIFIED');
  if (row.status === 'needs-review') throw new AppError('KYC_UNDER_REVIEW');
  const identity = identityOf(country, row.fields);
  if (!identity) throw new AppError('KYC_NOT_READY');
  // A self-excluded person does not come back through another account with the same ID (issue 25 §3).
  await refuseExcluded(db, [documentIdentity(identity.key)]);

  let attempt: number | undefined;
  try {
    attempt = await repository.claimIdentity(db, memberId, identity.key);
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    await repository.concludeAttempt(db, memberId, null, { status: 'rejected', reason: 'taken' });
    throw new AppError('KYC_IDENTITY_TAKEN');
  }
  // Verified or in review meanwhile (a parallel attempt of the same member): answer where it stands.
  if (attempt === undefined) return getRecord(db, memberId, country);
  const attemptNumber = attempt;

  // An attempt that goes to an operator keeps its photo for them: the document is what they judge.
  const conclude = async (conclusion: repository.Conclusion) =>
    repository.concludeAttempt(db, memberId, identity.key, {
      ...conclusion,
      photoKey:
        conclusion.status === 'needs-review'
          ? await keepPhoto(deps.store, memberId, attemptNumber, photo)
          : null,
    });
  if (country.compliance.identity.method === 'document-review') {
    await conclude({ status: 'needs-review', reason: null });
    return getRecord(db, memberId, country);
  }
  await conclude(
    await askService(deps, {
      jobId: `kyc-${memberId}-${attempt}`,
      userId: `member-${memberId}`,
      identity,
      fields: row.fields,
      photo,
    }),
  );
  return getRecord(db, memberId, country);
}

const PHOTO_TYPES = { jpeg: 'jpg', png: 'png', webp: 'webp' } as const;
const PHOTO_CONTENT_TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
};

/**
 * Keeps an attempt's photo (a data URL the schema checked) in the private part of the file store, under a
 * name of its own: keys are written once, and a random part keeps an old store's file from ever standing
 * for a new attempt.
 */
async function keepPhoto(
  store: FileStore,
  memberId: number,
  attempt: number,
  photo: string,
): Promise<string> {
  const type = /^data:image\/(jpeg|png|webp);base64,/.exec(photo)?.[1] as keyof typeof PHOTO_TYPES;
  const extension = PHOTO_TYPES[type];
  const key = `private/kyc/${memberId}-${attempt}-${randomBytes(6).toString('hex')}.${extension}`;
  const content = Buffer.from(photo.slice(photo.indexOf(',') + 1), 'base64');
  await store.put(key, content, PHOTO_CONTENT_TYPES[extension]!);
  return key;
}

/**
 * The photo of a member's attempt that went to review, for the operators' queue; NOT_FOUND when none is
 * kept (an attempt before migration 0093, or one that never went to review).
 */
export async function getReviewPhoto(
  deps: { db: Db; store: FileStore },
  memberId: number,
): Promise<{ body: Buffer; contentType: string }> {
  const row = await repository.findKyc(deps.db, memberId);
  const key = row?.photo_key;
  const body = key ? await deps.store.get(key) : undefined;
  if (!key || !body) throw new AppError('NOT_FOUND');
  return { body, contentType: PHOTO_CONTENT_TYPES[key.slice(key.lastIndexOf('.') + 1)] ?? 'image/jpeg' };
}

/**
 * The identity a member's record names, for a self-exclusion to cover: the key it claimed, else the one
 * its saved form names (not yet verified, it is still the number the person gave). Undefined without one.
 */
export async function findIdentityKey(
  db: Db,
  country: CountryProfile,
  memberId: number,
): Promise<string | undefined> {
  const row = await repository.findKyc(db, memberId);
  if (!row) return undefined;
  return row.identity_key ?? identityOf(country, row.fields)?.key;
}

/** The operators' queue: records waiting for a decision, oldest first. */
export async function listReviews(db: Db, country: CountryProfile): Promise<KycReview[]> {
  const rows = await repository.findReviews(db);
  return rows.map((row) => ({
    memberId: Number(row.member_id),
    method: country.compliance.identity.method,
    values: row.fields,
    identity: row.identity_key,
    reason: row.reason,
    providerRef: row.provider_ref,
    resultCode: row.result_code,
    submittedAt: row.submitted_at.toISOString(),
    hasPhoto: row.photo_key !== null,
  }));
}

/**
 * An operator verifies (`approve`) or rejects a record in review, with a note the member reads; audited in
 * the same transaction. A record no longer in review answers NOT_FOUND (another operator decided first).
 */
export async function decideReview(
  db: Db,
  actor: Actor,
  memberId: number,
  decision: { status: 'verified' | 'rejected'; note: string | null },
): Promise<{ memberId: number; status: 'verified' | 'rejected' }> {
  return auditedWrite(db, actor, async (trx) => {
    const before = await repository.findKyc(trx, memberId);
    const decided = await repository.decideReview(trx, memberId, { ...decision, staffId: actor.staffId });
    if (!decided || !before) throw new AppError('NOT_FOUND');
    return {
      result: { memberId, status: decision.status },
      record: {
        action: decision.status === 'verified' ? 'kyc.approve' : 'kyc.reject',
        target: `member:${memberId}`,
        before: { status: before.status, reason: before.reason, identity: before.identity_key },
        after: { status: decided.status, note: decided.note },
      },
    };
  });
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

/**
 * The back office's search by identity (issue 26 §2): members whose ID number is `query` (any spacing or
 * case), or whose full name or surname starts with it. A query too short to be either finds nobody.
 */
export async function searchMembersByIdentity(db: Db, query: string, limit: number): Promise<number[]> {
  const idNumber = query.toUpperCase().replace(/[^A-Z0-9]/g, '');
  const name = query.trim().toLowerCase().replace(/\s+/g, ' ');
  return repository.memberIdsByIdentity(
    db,
    {
      idNumber: idNumber.length >= 4 && /\d/.test(idNumber) ? idNumber : undefined,
      nameStart: name.length >= 2 && /\p{L}/u.test(name) ? name : undefined,
    },
    limit,
  );
}
