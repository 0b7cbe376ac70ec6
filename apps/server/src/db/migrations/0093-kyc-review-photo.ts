import { sql, type Kysely } from 'kysely';

/**
 * The photo of an identity attempt that went to an operator (issue 26 §4): `member_kyc.photo_key` names it
 * in the private file store, so the review queue shows the document beside the service's answer. Only
 * attempts in review keep one (docs/compliance.md "Identity, verified"); an automatic answer keeps none.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table member_kyc add column photo_key text`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table member_kyc drop column photo_key`.execute(db);
}
