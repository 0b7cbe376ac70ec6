import { sql, type Kysely } from 'kysely';

/**
 * Members, their sessions, codes sent by SMS and the counters behind abuse limits. Counters live here,
 * not in memory, so limits hold across several server processes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('member')
    .addColumn('id', 'bigserial', (col) => col.primaryKey())
    // National form as the player types it (0712345678); unique per market.
    .addColumn('mobile', 'text', (col) => col.notNull().unique())
    .addColumn('password_hash', 'text', (col) => col.notNull())
    .addColumn('nick_name', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('img', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('level_id', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('score', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('pin_hash', 'text')
    .addColumn('guid', 'text', (col) => col.notNull().unique())
    .addColumn('invite_code', 'text', (col) => col.notNull().unique())
    .addColumn('invited_by', 'bigint', (col) => col.references('member.id'))
    .addColumn('guid_code', 'text')
    .addColumn('status', 'text', (col) =>
      col
        .notNull()
        .defaultTo('active')
        .check(sql`status in ('active', 'excluded')`),
    )
    .addColumn('excluded_at', 'timestamptz')
    .addColumn('exclusion_note', 'text')
    // The session allowed to bet (one device at a time): the latest login's.
    .addColumn('betting_session_id', 'bigint')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('member_session')
    .addColumn('id', 'bigserial', (col) => col.primaryKey())
    .addColumn('member_id', 'bigint', (col) => col.notNull().references('member.id'))
    // SHA-256 of the token, hex: the token itself is never stored.
    .addColumn('token_hash', 'text', (col) => col.notNull().unique())
    .addColumn('device_id', 'text')
    .addColumn('ip', 'text')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('last_seen_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (col) => col.notNull())
    .addColumn('ended_at', 'timestamptz')
    .addColumn('end_reason', 'text')
    .execute();
  await db.schema
    .createIndex('member_session_member_idx')
    .on('member_session')
    .columns(['member_id', 'ended_at'])
    .execute();

  await db.schema
    .createTable('sms_code')
    .addColumn('id', 'bigserial', (col) => col.primaryKey())
    .addColumn('mobile', 'text', (col) => col.notNull())
    .addColumn('purpose', 'text', (col) => col.notNull())
    // SHA-256 of a per-code salt and the code: a stolen table does not give the codes away directly.
    .addColumn('salt', 'text', (col) => col.notNull())
    .addColumn('code_hash', 'text', (col) => col.notNull())
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('expires_at', 'timestamptz', (col) => col.notNull())
    .addColumn('used_at', 'timestamptz')
    .addColumn('ip', 'text')
    .addColumn('gateway_message_id', 'text')
    .addColumn('delivery_status', 'text')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('sms_code_mobile_idx')
    .on('sms_code')
    .columns(['mobile', 'purpose', 'created_at'])
    .execute();
  await db.schema.createIndex('sms_code_message_idx').on('sms_code').column('gateway_message_id').execute();

  // Failed logins per key ('mobile:…' or 'ip:…'): the count and until when further tries are refused.
  await db.schema
    .createTable('login_throttle')
    .addColumn('key', 'text', (col) => col.primaryKey())
    .addColumn('failures', 'integer', (col) => col.notNull())
    .addColumn('window_started_at', 'timestamptz', (col) => col.notNull())
    .addColumn('locked_until', 'timestamptz')
    .execute();

  // Fixed-window counters ('sms:ip:…' per hour and the like).
  await db.schema
    .createTable('rate_counter')
    .addColumn('key', 'text', (col) => col.notNull())
    .addColumn('window_start', 'timestamptz', (col) => col.notNull())
    .addColumn('count', 'integer', (col) => col.notNull())
    .addPrimaryKeyConstraint('rate_counter_pk', ['key', 'window_start'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['rate_counter', 'login_throttle', 'sms_code', 'member_session', 'member']) {
    await db.schema.dropTable(table).execute();
  }
}
