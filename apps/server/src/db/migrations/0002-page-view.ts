import { sql, type Kysely } from 'kysely';

/** Page views reported by the app, for the operator's traffic figures. Append-only. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('page_view')
    .addColumn('id', 'bigserial', (col) => col.primaryKey())
    .addColumn('path', 'text', (col) => col.notNull())
    .addColumn('referrer', 'text')
    .addColumn('device_id', 'text')
    .addColumn('platform', 'integer', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('page_view_created_at_idx').on('page_view').column('created_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('page_view').execute();
}
