import { sql, type Kysely } from 'kysely';

/**
 * Identity, verified (issue 25 §1): the verification service's answer on the member's KYC record, the
 * `needs-review` state an operator decides, and one identity per account.
 *
 * Old rows keep their meaning: `pending` was a self-declared form nobody checked, which is what `pending`
 * still means (details saved, not verified: the member is asked for the photo); `verified` rows were set
 * by an operator and stay verified. No old row claims an identity (identity_key null), so two old records
 * with the same number cannot stop the migration; they are matched when either verifies.
 *
 * `identity_key` is the normalised identity (`KE:NATIONAL_ID:12345678`, `BR:CPF:…`). The partial unique
 * index is the one-identity-one-account rule: while a record holds it (pending with the service,
 * verified, or in review) no other record may; a rejected record releases it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table member_kyc drop constraint member_kyc_status_check`.execute(db);
  await sql`
    alter table member_kyc
      add constraint member_kyc_status_check
        check (status in ('pending', 'verified', 'rejected', 'needs-review')),
      add column identity_key text,
      add column reason text
        check (reason in ('mismatch', 'under-age', 'duplicate', 'taken', 'operator', 'unavailable')),
      add column note text,
      add column provider_ref text,
      add column result_code text,
      add column attempts integer not null default 0,
      add column attempted_at timestamptz,
      add column reviewed_by bigint`.execute(db);
  await sql`
    create unique index member_kyc_identity_key on member_kyc (identity_key)
      where identity_key is not null and status in ('pending', 'verified', 'needs-review')`.execute(db);
  // The operators' queue: the oldest waiting first.
  await sql`
    create index member_kyc_needs_review on member_kyc (submitted_at)
      where status = 'needs-review'`.execute(db);
}
