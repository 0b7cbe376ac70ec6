import { sql, type Kysely } from 'kysely';

/** The member inbox, system messages for everyone, and the notices of the home ticker. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('member_message')
    .addColumn('id', 'bigserial', (col) => col.primaryKey())
    .addColumn('member_id', 'bigint', (col) => col.notNull().references('member.id'))
    .addColumn('title', 'text', (col) => col.notNull())
    .addColumn('content', 'text', (col) => col.notNull())
    .addColumn('read_at', 'timestamptz')
    .addColumn('deleted_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('member_message_member_idx')
    .on('member_message')
    .columns(['member_id', 'id'])
    .execute();

  await db.schema
    .createTable('system_message')
    .addColumn('id', 'bigserial', (col) => col.primaryKey())
    .addColumn('title', 'text', (col) => col.notNull())
    .addColumn('content', 'text', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createTable('system_message_read')
    .addColumn('system_message_id', 'bigint', (col) => col.notNull().references('system_message.id'))
    .addColumn('member_id', 'bigint', (col) => col.notNull().references('member.id'))
    .addColumn('read_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('system_message_read_pk', ['system_message_id', 'member_id'])
    .execute();

  await db.schema
    .createTable('notice')
    .addColumn('id', 'bigserial', (col) => col.primaryKey())
    .addColumn('type', 'integer', (col) => col.notNull().check(sql`type in (1, 2)`))
    .addColumn('message', 'text', (col) => col.notNull())
    .addColumn('mobile', 'text')
    .addColumn('amount', 'bigint')
    .addColumn('starts_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('ends_at', 'timestamptz', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['notice', 'system_message_read', 'system_message', 'member_message']) {
    await db.schema.dropTable(table).execute();
  }
}
