import { sql, type Kysely, type Transaction } from 'kysely';
import type { KycReason } from '@app/contracts/kyc';
import type { Database } from '../../../db/schema.ts';
import type { MemberKycTable } from './kyc.tables.ts';

type Db = Kysely<Database> | Transaction<Database>;

export async function findKyc(db: Db, memberId: number) {
  return db.selectFrom('member_kyc').selectAll().where('member_id', '=', memberId).executeTakeFirst();
}

/** Only the state: what every gated action reads. */
export async function findStatus(db: Db, memberId: number): Promise<MemberKycTable['status'] | undefined> {
  const row = await kycStatusQuery(db, memberId).executeTakeFirst();
  return row?.status;
}

/** The (unexecuted) query of a member's verification state, for a module's own statement (the crash bet's read). */
export function kycStatusQuery(db: Db, memberId: number) {
  return db.selectFrom('member_kyc').select('status').where('member_id', '=', memberId);
}

/**
 * Saves a submission (details, not yet verified). A verified record, or one an operator is reviewing, is
 * never overwritten (the WHERE keeps it); a new form drops any identity the old one claimed.
 */
export async function saveSubmission(
  db: Db,
  memberId: number,
  fields: Record<string, string>,
): Promise<boolean> {
  const fresh = {
    status: 'pending' as const,
    fields,
    identity_key: null,
    reason: null,
    note: null,
    provider_ref: null,
    result_code: null,
    photo_key: null,
  };
  const row = await db
    .insertInto('member_kyc')
    .values({ member_id: memberId, ...fresh })
    .onConflict((conflict) =>
      conflict
        .column('member_id')
        .doUpdateSet({ ...fresh, submitted_at: sql<Date>`now()`, reviewed_at: null })
        .where('member_kyc.status', 'not in', ['verified', 'needs-review']),
    )
    .returning('member_id')
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * The member's record claims `identityKey` for an attempt: pending again, one attempt more. Answers the
 * attempt's number, or undefined when the record is not pending or rejected (verified or in review
 * meanwhile). Throws the unique violation (23505) when another record holds the identity: the partial
 * unique index decides between parallel claims, so two accounts never both hold one identity.
 */
export async function claimIdentity(
  db: Db,
  memberId: number,
  identityKey: string,
): Promise<number | undefined> {
  const row = await db
    .updateTable('member_kyc')
    .set({
      status: 'pending',
      identity_key: identityKey,
      reason: null,
      note: null,
      attempts: sql<number>`attempts + 1`,
      attempted_at: sql<Date>`now()`,
    })
    .where('member_id', '=', memberId)
    .where('status', 'in', ['pending', 'rejected'])
    .returning('attempts')
    .executeTakeFirst();
  return row?.attempts;
}

/** Whether a record (pending, verified or in review) holds `identityKey`: the unique index's rule, read. */
export async function isIdentityClaimed(db: Db, identityKey: string): Promise<boolean> {
  const row = await db
    .selectFrom('member_kyc')
    .select('member_id')
    .where('identity_key', '=', identityKey)
    .where('status', 'in', ['pending', 'verified', 'needs-review'])
    .executeTakeFirst();
  return row !== undefined;
}

/** A new member's record, verified at registration (one attempt: the registration's). */
export async function insertVerified(
  trx: Transaction<Database>,
  memberId: number,
  identity: {
    key: string;
    fields: Record<string, string>;
    providerRef: string | null;
    resultCode: string | null;
  },
): Promise<void> {
  await trx
    .insertInto('member_kyc')
    .values({
      member_id: memberId,
      status: 'verified',
      fields: identity.fields,
      identity_key: identity.key,
      reason: null,
      note: null,
      provider_ref: identity.providerRef,
      result_code: identity.resultCode,
      attempts: 1,
      attempted_at: sql<Date>`now()`,
      reviewed_at: sql<Date>`now()`,
      reviewed_by: null,
    })
    .execute();
}

export type Conclusion = {
  status: MemberKycTable['status'];
  reason: KycReason | null;
  providerRef?: string | null;
  resultCode?: string | null;
  /** The attempt's photo in the file store, kept for an operator's review. */
  photoKey?: string | null;
};

/**
 * The verification's answer, written only while the record is still the pending claim of `identityKey`
 * (a new form or an operator meanwhile wins). `identityKey` null: a refusal before any claim (`taken`).
 */
export async function concludeAttempt(
  db: Db,
  memberId: number,
  identityKey: string | null,
  conclusion: Conclusion,
): Promise<boolean> {
  const rows = await db
    .updateTable('member_kyc')
    .set({
      status: conclusion.status,
      reason: conclusion.reason,
      provider_ref: conclusion.providerRef ?? null,
      result_code: conclusion.resultCode ?? null,
      photo_key: conclusion.photoKey ?? null,
      reviewed_at: conclusion.status === 'pending' ? null : sql<Date>`now()`,
    })
    .where('member_id', '=', memberId)
    .where('status', 'in', identityKey === null ? ['pending', 'rejected'] : ['pending'])
    .where((eb) => (identityKey === null ? eb.lit(true) : eb('identity_key', '=', identityKey)))
    .returning('member_id')
    .execute();
  return rows.length > 0;
}

export async function findReviews(db: Db) {
  return db
    .selectFrom('member_kyc')
    .selectAll()
    .where('status', '=', 'needs-review')
    .orderBy('submitted_at')
    .orderBy('member_id')
    .limit(500)
    .execute();
}

/** An operator's decision on a record in review; undefined when it is not (or no longer) in review. */
export async function decideReview(
  trx: Transaction<Database>,
  memberId: number,
  decision: { status: 'verified' | 'rejected'; note: string | null; staffId: number | null },
) {
  return trx
    .updateTable('member_kyc')
    .set({
      status: decision.status,
      reason: decision.status === 'rejected' ? 'operator' : null,
      note: decision.note,
      reviewed_at: sql<Date>`now()`,
      reviewed_by: decision.staffId,
    })
    .where('member_id', '=', memberId)
    .where('status', '=', 'needs-review')
    .returningAll()
    .executeTakeFirst();
}

export async function findKycs(db: Db, memberIds: number[]) {
  if (memberIds.length === 0) return [];
  return db
    .selectFrom('member_kyc')
    .select(['member_id', 'fields'])
    .where('member_id', 'in', memberIds)
    .execute();
}

/**
 * Members whose KYC form names this ID number (normalised: upper case, letters and digits) or whose full
 * name (`first surname`) or surname starts with `nameStart` (lower case). The expressions are migration
 * 0091's indexes, character for character: keep them equal, or the search reads the whole table. Each
 * reading takes at most `limit` rows in its index's order (`using ~<~`: the text_pattern_ops order), so a
 * broad prefix ("wa") costs `limit` index entries, not every member it matches (docs/back-office.md).
 */
export async function memberIdsByIdentity(
  db: Db,
  criteria: { idNumber?: string | undefined; nameStart?: string | undefined },
  limit: number,
): Promise<number[]> {
  const { idNumber, nameStart } = criteria;
  const idExpression = sql`upper(regexp_replace(
    coalesce(fields ->> 'ID_NUMBER', fields ->> 'IdCardNumber', fields ->> 'BVN', ''), '[^A-Za-z0-9]', '', 'g'))`;
  const fullName = sql`lower(coalesce(fields ->> 'firstName', '') || ' ' || coalesce(fields ->> 'surname', ''))`;
  const surname = sql`lower(coalesce(fields ->> 'surname', ''))`;
  const parts = [];
  if (idNumber !== undefined)
    parts.push(sql`(select member_id from member_kyc where ${idExpression} = ${idNumber} limit ${limit})`);
  if (nameStart !== undefined) {
    const pattern = `${nameStart.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
    for (const name of [fullName, surname])
      parts.push(sql`(select member_id from member_kyc where ${name} like ${pattern}
        order by ${name} using ~<~ limit ${limit})`);
  }
  if (parts.length === 0) return [];
  const { rows } = await sql<{ member_id: number | string }>`
    select member_id from (${sql.join(parts, sql` union `)}) found
    order by member_id desc limit ${limit}`.execute(db);
  return rows.map((row) => Number(row.member_id));
}
