import { sql, type Kysely } from 'kysely';

/**
 * Promotion pages (issue 14 §1, `/activities/promotion/{id}`): operator content, one row per page with
 * its texts in English and `translations` ({"fr": {"title": …}}) for the other languages, like adverts.
 * `slug` is the operator's stable name, on which the demo seed inserts without overwriting.
 *
 * Frozen: migrations never import application code and are never edited after they land.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table promotion_page (
      id serial primary key,
      slug text not null unique,
      title text not null,
      image text not null,
      description text not null default '',
      rules text not null default '',
      url text not null,
      action text not null default '',
      sort integer not null default 0,
      enabled boolean not null default true,
      translations jsonb not null default '{}'::jsonb,
      updated_at timestamptz not null default now()
    )`.execute(db);
}
