import { sql, type Kysely } from 'kysely';

/**
 * The adverts, menu entries and FAQ entries an operator removed (issue 26 §5), by their slug: the demo seed,
 * which inserts its rows wherever their slug is missing, leaves these out, so a removed demo entry does not
 * come back at the next start. `kind` names the table (`advert`, `cf_menu`, `cf_faq`).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('content_removal')
    .addColumn('kind', 'text', (col) => col.notNull().check(sql`kind in ('advert', 'cf_menu', 'cf_faq')`))
    .addColumn('slug', 'text', (col) => col.notNull())
    .addColumn('removed_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('content_removal_pkey', ['kind', 'slug'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('content_removal').execute();
}
