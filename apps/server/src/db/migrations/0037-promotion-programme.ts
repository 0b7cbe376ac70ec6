import { sql, type Kysely } from 'kysely';

/**
 * Promotion programmes' operator settings (issue 14 §9, docs/promotions.md): one row per programme an
 * operator has configured. A programme without a row runs on its module's defaults; the settings are the
 * programme's own (checked by its schema when written); a market's law is not here but in its country
 * profile, so no row can switch on what the law forbids.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table promotion_programme (
      code text primary key,
      enabled boolean not null,
      settings jsonb not null,
      updated_at timestamptz not null default now()
    )`.execute(db);
}
