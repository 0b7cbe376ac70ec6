import { sql, type Kysely } from 'kysely';

/**
 * Operator configuration: system options, menus, adverts, FAQ and content pages. Each row carries
 * `translations` ({"fr": {"title": …}, "pt": {…}}) so the operator's own content follows the player's
 * language. `slug` is the operator's stable name for a row, which the demo seed upserts on.
 *
 * Frozen: migrations never import application code and are never edited after they land.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('cf_global')
    .addColumn('id', 'serial', (col) => col.primaryKey())
    .addColumn('type', 'integer', (col) => col.notNull())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('content', 'text', (col) => col.notNull())
    // 0 means every platform; otherwise the `platform` header value it is for.
    .addColumn('platform', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('sort', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('translations', 'jsonb', (col) => col.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('cf_global_type_name_platform_key', ['type', 'name', 'platform'])
    .execute();

  await db.schema
    .createTable('cf_menu')
    .addColumn('id', 'serial', (col) => col.primaryKey())
    .addColumn('slug', 'text', (col) => col.notNull().unique())
    .addColumn('position', 'integer', (col) => col.notNull())
    .addColumn('title', 'text', (col) => col.notNull())
    .addColumn('url', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('image', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('content', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('sort', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('enabled', 'boolean', (col) => col.notNull().defaultTo(true))
    .addColumn('translations', 'jsonb', (col) => col.notNull().defaultTo(sql`'{}'::jsonb`))
    .execute();
  await db.schema.createIndex('cf_menu_position_idx').on('cf_menu').columns(['position', 'sort']).execute();

  await db.schema
    .createTable('advert')
    .addColumn('id', 'serial', (col) => col.primaryKey())
    .addColumn('slug', 'text', (col) => col.notNull().unique())
    .addColumn('position', 'integer', (col) => col.notNull())
    .addColumn('title', 'text', (col) => col.notNull())
    .addColumn('url', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('image', 'text', (col) => col.notNull())
    .addColumn('content', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('sort', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('enabled', 'boolean', (col) => col.notNull().defaultTo(true))
    // Seasonal adverts (the Christmas variant) show only while that variant is on.
    .addColumn('season', 'text', (col) =>
      col
        .notNull()
        .defaultTo('always')
        .check(sql`season in ('always', 'christmas')`),
    )
    .addColumn('starts_at', 'timestamptz')
    .addColumn('ends_at', 'timestamptz')
    .addColumn('translations', 'jsonb', (col) => col.notNull().defaultTo(sql`'{}'::jsonb`))
    .execute();
  await db.schema.createIndex('advert_position_idx').on('advert').columns(['position', 'sort']).execute();

  await db.schema
    .createTable('cf_faq')
    .addColumn('id', 'serial', (col) => col.primaryKey())
    .addColumn('slug', 'text', (col) => col.notNull().unique())
    .addColumn('type', 'integer', (col) => col.notNull())
    .addColumn('question', 'text', (col) => col.notNull())
    .addColumn('answer', 'text', (col) => col.notNull())
    .addColumn('sort', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('enabled', 'boolean', (col) => col.notNull().defaultTo(true))
    .addColumn('translations', 'jsonb', (col) => col.notNull().defaultTo(sql`'{}'::jsonb`))
    .execute();
  await db.schema.createIndex('cf_faq_type_idx').on('cf_faq').columns(['type', 'sort']).execute();

  await db.schema
    .createTable('content_page')
    .addColumn('type', 'text', (col) => col.primaryKey())
    .addColumn('title', 'text', (col) => col.notNull())
    .addColumn('body', 'text', (col) => col.notNull())
    .addColumn('translations', 'jsonb', (col) => col.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['content_page', 'cf_faq', 'advert', 'cf_menu', 'cf_global']) {
    await db.schema.dropTable(table).execute();
  }
}
