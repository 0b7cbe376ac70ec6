import { sql, type Kysely } from 'kysely';

/**
 * A cash rain slot's published split parameters (docs/promotions.md "Cash rain", "Verifying a slot"): the
 * budget and packet mix its packets were made from, kept with its server seed so the verifier recomputes
 * the packets from what the slot published, whatever the operator's settings say later. Null for slots
 * made before this column: those cannot be recomputed from the API.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table cash_rain_slot add column split jsonb`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table cash_rain_slot drop column split`.execute(db);
}
