import { sql, type Kysely } from 'kysely';

/**
 * The back office's player search, completed (issue 26 §2): by full name and by ID number (the KYC form's
 * fields), besides mobile, id and nickname. The M-Pesa receipt and the transaction numbers of deposits and
 * withdrawals already have their unique indexes (migration 0010). Each expression below is the one
 * `kyc.repository.ts` searches with, character for character, so PostgreSQL uses the index:
 * - the ID number: the form's ID_NUMBER, IdCardNumber or BVN, upper case, letters and digits only (what
 *   `identityOf` normalises), matched whole;
 * - the full name: `first surname` in lower case, matched from its start (text_pattern_ops makes a prefix
 *   match indexable whatever the collation), and the surname alone the same way.
 * The audit entries that touch a player (the view's audit panel) are read by target, newest first.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create index member_kyc_id_number_search on member_kyc ((upper(regexp_replace(
      coalesce(fields ->> 'ID_NUMBER', fields ->> 'IdCardNumber', fields ->> 'BVN', ''), '[^A-Za-z0-9]', '', 'g'))))
  `.execute(db);
  await sql`
    create index member_kyc_full_name_search on member_kyc ((lower(
      coalesce(fields ->> 'firstName', '') || ' ' || coalesce(fields ->> 'surname', ''))) text_pattern_ops)
  `.execute(db);
  await sql`
    create index member_kyc_surname_search on member_kyc ((lower(coalesce(fields ->> 'surname', ''))) text_pattern_ops)
  `.execute(db);
  await sql`create index audit_log_target_idx on audit_log (target, id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index audit_log_target_idx`.execute(db);
  await sql`drop index member_kyc_surname_search`.execute(db);
  await sql`drop index member_kyc_full_name_search`.execute(db);
  await sql`drop index member_kyc_id_number_search`.execute(db);
}
