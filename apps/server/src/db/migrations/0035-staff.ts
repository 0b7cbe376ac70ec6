import { sql, type Kysely } from 'kysely';

/**
 * Operators as people (issue 13 §6): staff accounts, apart from members. A staff member logs in with a
 * password (argon2id, like members) and a TOTP code from an authenticator app (RFC 6238).
 *
 * - `roles`: names from the contracts' role list (admin, payments, support, viewer); the permissions
 *   they grant are code (packages/contracts/src/staff.ts), read on every request, so a change of roles
 *   takes effect on the next call.
 * - `totp_secret` (base32) is set by enrolment and confirmed by the first login with a code from it;
 *   `totp_last_step` is the last accepted time step: a code at or before it is refused, so a code seen
 *   over a shoulder cannot be used again in its window (RFC 6238 §5.2).
 * - `failed_logins` / `locked_until`: repeated wrong passwords or codes lock the account for a while.
 * - `disabled_at`: a disabled staff member's sessions end at once and no login succeeds.
 *
 * Sessions are opaque random tokens stored as SHA-256, with an idle timeout (`last_seen_at`) and an
 * absolute one (`expires_at`), ended by logout, by disabling or by a TOTP reset.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('staff')
    .addColumn('id', 'serial', (col) => col.primaryKey())
    .addColumn('login', 'text', (col) => col.notNull().unique())
    .addColumn('email', 'text', (col) => col.unique())
    .addColumn('display_name', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('password_hash', 'text', (col) => col.notNull())
    .addColumn('roles', sql`text[]`, (col) => col.notNull().defaultTo(sql`'{}'::text[]`))
    .addColumn('totp_secret', 'text')
    .addColumn('totp_confirmed_at', 'timestamptz')
    .addColumn('totp_last_step', 'bigint', (col) => col.notNull().defaultTo(0))
    .addColumn('failed_logins', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('locked_until', 'timestamptz')
    .addColumn('disabled_at', 'timestamptz')
    .addColumn('created_by', 'integer', (col) => col.references('staff.id'))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('staff_login_lower', sql`login = lower(login)`)
    .execute();

  await db.schema
    .createTable('staff_session')
    .addColumn('id', 'serial', (col) => col.primaryKey())
    .addColumn('staff_id', 'integer', (col) => col.notNull().references('staff.id'))
    .addColumn('token_hash', 'text', (col) => col.notNull().unique())
    .addColumn('ip', 'text')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('last_seen_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (col) => col.notNull())
    .addColumn('ended_at', 'timestamptz')
    .addColumn('end_reason', 'text')
    .execute();
  await db.schema
    .createIndex('staff_session_open_idx')
    .on('staff_session')
    .column('staff_id')
    .where(sql.ref('ended_at'), 'is', null)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('staff_session').execute();
  await db.schema.dropTable('staff').execute();
}
