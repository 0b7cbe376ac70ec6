import { sql, type Kysely } from 'kysely';

/**
 * Social login (OAuth 2.0 authorization code with PKCE): which provider account belongs to which member,
 * the login attempts in flight (state → verifier and return path), and tickets that let a player who
 * came back with an unknown account register with it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('social_identity')
    .addColumn('provider', 'text', (col) => col.notNull())
    .addColumn('subject', 'text', (col) => col.notNull())
    .addColumn('member_id', 'bigint', (col) => col.notNull().references('member.id'))
    .addColumn('name', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('social_identity_pk', ['provider', 'subject'])
    .addUniqueConstraint('social_identity_member_provider', ['member_id', 'provider'])
    .execute();

  await db.schema
    .createTable('oauth_attempt')
    // SHA-256 of the state: the state travels in URLs, the table keeps only its hash.
    .addColumn('state_hash', 'text', (col) => col.primaryKey())
    .addColumn('provider', 'text', (col) => col.notNull())
    .addColumn('code_verifier', 'text', (col) => col.notNull())
    .addColumn('return_path', 'text')
    .addColumn('expires_at', 'timestamptz', (col) => col.notNull())
    .addColumn('used_at', 'timestamptz')
    .execute();

  await db.schema
    .createTable('social_ticket')
    .addColumn('ticket_hash', 'text', (col) => col.primaryKey())
    .addColumn('provider', 'text', (col) => col.notNull())
    .addColumn('subject', 'text', (col) => col.notNull())
    .addColumn('name', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('expires_at', 'timestamptz', (col) => col.notNull())
    .addColumn('used_at', 'timestamptz')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['social_ticket', 'oauth_attempt', 'social_identity']) {
    await db.schema.dropTable(table).execute();
  }
}
