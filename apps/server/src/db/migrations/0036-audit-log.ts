import { sql, type Kysely } from 'kysely';

/**
 * The operators' audit log (issue 13 §6, promotions-and-draws §5): one row per operator write, who, when,
 * what, and the state before and after. Rows form a hash chain: `hash` = SHA-256 over the previous row's
 * hash and the canonical JSON of the row (modules/platform/staff/audit.service.ts), so an edited or deleted row
 * breaks the chain and the verify command finds where.
 *
 * `audit_head` is one row holding the chain's last id and hash. Every append locks it first, so appends
 * are serialised and the chain never forks; it also tells a deleted last row apart from an empty log.
 *
 * The log is append-only in the database too: a trigger refuses UPDATE, DELETE and TRUNCATE of it.
 * (A superuser can still disable the trigger: the chain is what then shows the change.)
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('audit_log')
    // Numbered by the appends themselves (head's last_id + 1), so ids have no gaps and a missing one shows.
    .addColumn('id', 'bigint', (col) => col.primaryKey())
    .addColumn('at', 'timestamptz', (col) => col.notNull())
    // Null for the bootstrap (ADMIN_TOKEN), which is no staff member.
    .addColumn('staff_id', 'integer', (col) => col.references('staff.id'))
    .addColumn('staff_login', 'text', (col) => col.notNull())
    .addColumn('action', 'text', (col) => col.notNull())
    .addColumn('target', 'text')
    .addColumn('before', 'jsonb')
    .addColumn('after', 'jsonb')
    .addColumn('request_id', 'text')
    .addColumn('prev_hash', 'text', (col) => col.notNull())
    .addColumn('hash', 'text', (col) => col.notNull().unique())
    .execute();
  await db.schema.createIndex('audit_log_staff_idx').on('audit_log').columns(['staff_id', 'id']).execute();
  await db.schema.createIndex('audit_log_action_idx').on('audit_log').columns(['action', 'id']).execute();

  await db.schema
    .createTable('audit_head')
    .addColumn('id', 'integer', (col) => col.primaryKey().check(sql`id = 1`))
    .addColumn('last_id', 'bigint', (col) => col.notNull().defaultTo(0))
    .addColumn('last_hash', 'text', (col) => col.notNull())
    .execute();
  await sql`insert into audit_head (id, last_id, last_hash) values (1, 0, ${'0'.repeat(64)})`.execute(db);

  await sql`
    create function audit_log_is_append_only() returns trigger language plpgsql as $$
    begin
      raise exception 'audit_log rows are never changed or deleted (%)', tg_op;
    end;
    $$`.execute(db);
  await sql`
    create trigger audit_log_append_only
    before update or delete on audit_log
    for each row execute function audit_log_is_append_only()`.execute(db);
  await sql`
    create trigger audit_log_no_truncate
    before truncate on audit_log
    for each statement execute function audit_log_is_append_only()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('audit_head').execute();
  await db.schema.dropTable('audit_log').execute();
  await sql`drop function audit_log_is_append_only()`.execute(db);
}
