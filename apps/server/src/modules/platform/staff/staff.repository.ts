import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { Database, StaffTable } from '../../../db/schema.ts';

type Db = Kysely<Database> | Transaction<Database>;
export type StaffRow = Selectable<StaffTable>;

export async function findByLogin(db: Db, login: string): Promise<StaffRow | undefined> {
  return db.selectFrom('staff').selectAll().where('login', '=', login).executeTakeFirst();
}

export async function findById(db: Db, id: number): Promise<StaffRow | undefined> {
  return db.selectFrom('staff').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function lockById(trx: Transaction<Database>, id: number): Promise<StaffRow | undefined> {
  return trx.selectFrom('staff').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

/** The (unexecuted) query of staff members' logins, which another module's list joins (approvers). */
export function staffLoginsQuery(db: Db) {
  return db.selectFrom('staff').select(['id', 'login']);
}

/**
 * Every staff member with their latest login: a session is opened only by a login (password and code), so
 * the newest session's start is it. Staff are a few dozen people, their sessions a few thousand a year.
 */
export async function listAll(db: Db): Promise<(StaffRow & { last_login_at: Date | null })[]> {
  return db
    .selectFrom('staff')
    .selectAll('staff')
    .select((eb) =>
      eb
        .selectFrom('staff_session')
        .whereRef('staff_session.staff_id', '=', 'staff.id')
        .select((inner) => inner.fn.max('staff_session.created_at').as('last'))
        .as('last_login_at'),
    )
    .orderBy('staff.id')
    .execute();
}

export async function countStaff(db: Db): Promise<number> {
  const row = await db
    .selectFrom('staff')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function loginOrEmailTaken(db: Db, login: string, email: string | null): Promise<boolean> {
  const row = await db
    .selectFrom('staff')
    .select('id')
    .where((eb) => eb.or([eb('login', '=', login), ...(email === null ? [] : [eb('email', '=', email)])]))
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertStaff(
  trx: Transaction<Database>,
  values: {
    login: string;
    email: string | null;
    display_name: string;
    password_hash: string;
    roles: string[];
    created_by: number | null;
  },
): Promise<StaffRow> {
  return trx
    .insertInto('staff')
    .values({ ...values, roles: sql`${values.roles}::text[]` } as never)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function updateStaff(
  trx: Transaction<Database>,
  id: number,
  values: Partial<{
    roles: string[];
    disabled_at: Date | null;
    totp_secret: string | null;
    totp_confirmed_at: Date | null;
    failed_logins: number;
    locked_until: Date | null;
  }>,
): Promise<StaffRow> {
  const { roles, ...rest } = values;
  return trx
    .updateTable('staff')
    .set({ ...rest, ...(roles === undefined ? {} : { roles: sql`${roles}::text[]` }) } as never)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * Claims one login attempt, counted as a failure until a login succeeds (which resets the count), BEFORE
 * the password or code is checked: one conditional statement, so parallel guesses queue on the row and at
 * most `maxFailures` are checked before the lock. The attempt that reaches `maxFailures` locks the account
 * for `lockMs`; while locked nothing is claimed (false). After a lock expires, each failure locks it again
 * until a success.
 */
export async function claimLoginAttempt(
  db: Db,
  id: number,
  maxFailures: number,
  lockMs: number,
): Promise<boolean> {
  const row = await db
    .updateTable('staff')
    .set({
      failed_logins: sql`failed_logins + 1`,
      locked_until: sql`case when failed_logins + 1 >= ${maxFailures}
        then now() + ${`${lockMs} milliseconds`}::interval else null end`,
    } as never)
    .where('id', '=', id)
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', sql<Date>`now()`)]))
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Gives back an attempt claimed by `claimLoginAttempt` that turned out not to be a guess (the right
 * password with the right code, already used by a parallel or repeated login). One statement; the lock
 * goes only if the count it came from falls below `maxFailures` (real failures keep theirs).
 */
export async function returnLoginAttempt(db: Db, id: number, maxFailures: number): Promise<void> {
  await db
    .updateTable('staff')
    .set({
      failed_logins: sql`greatest(failed_logins - 1, 0)`,
      locked_until: sql`case when greatest(failed_logins - 1, 0) < ${maxFailures} then null else locked_until end`,
    } as never)
    .where('id', '=', id)
    .execute();
}

/**
 * Takes a TOTP step: only a step after the last one taken, so each code is good once (RFC 6238 §5.2).
 * The same statement confirms the enrolment and clears the failures. False: replayed (or disabled).
 */
export async function takeTotpStep(db: Db, id: number, step: number): Promise<boolean> {
  const row = await db
    .updateTable('staff')
    .set({
      totp_last_step: step,
      totp_confirmed_at: sql`coalesce(totp_confirmed_at, now())`,
      failed_logins: 0,
      locked_until: null,
    } as never)
    .where('id', '=', id)
    .where('totp_last_step', '<', step)
    .where('disabled_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

export async function setPendingTotp(db: Db, id: number, secret: string): Promise<boolean> {
  const row = await db
    .updateTable('staff')
    .set({ totp_secret: secret, failed_logins: 0, locked_until: null })
    .where('id', '=', id)
    .where('totp_confirmed_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertSession(
  db: Db,
  values: { staff_id: number; token_hash: string; ip: string | null; absoluteMs: number },
): Promise<{ id: number; expires_at: Date }> {
  return db
    .insertInto('staff_session')
    .values({
      staff_id: values.staff_id,
      token_hash: values.token_hash,
      ip: values.ip,
      expires_at: sql`now() + ${`${values.absoluteMs} milliseconds`}::interval`,
    } as never)
    .returning(['id', 'expires_at'])
    .executeTakeFirstOrThrow();
}

/**
 * The session behind a token, if it is open, within both timeouts, and its staff member not disabled; its
 * idle clock restarts. One statement, so a session cannot outlive a disable that committed before it.
 */
export async function touchSession(
  db: Db,
  tokenHash: string,
  idleMs: number,
): Promise<{ session_id: number; staff_id: number; login: string; roles: string[] } | undefined> {
  return db
    .updateTable('staff_session')
    .from('staff')
    .set({ last_seen_at: sql`now()` } as never)
    .whereRef('staff.id', '=', 'staff_session.staff_id')
    .where('staff_session.token_hash', '=', tokenHash)
    .where('staff_session.ended_at', 'is', null)
    .where('staff_session.expires_at', '>', sql<Date>`now()`)
    .where('staff_session.last_seen_at', '>', sql<Date>`now() - ${`${idleMs} milliseconds`}::interval`)
    .where('staff.disabled_at', 'is', null)
    .returning(['staff_session.id as session_id', 'staff.id as staff_id', 'staff.login', 'staff.roles'])
    .executeTakeFirst();
}

export async function sessionExists(db: Db, tokenHash: string): Promise<boolean> {
  const row = await db
    .selectFrom('staff_session')
    .select('id')
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
  return row !== undefined;
}

export async function endSession(db: Db, sessionId: number, reason: string): Promise<void> {
  await db
    .updateTable('staff_session')
    .set({ ended_at: sql`now()`, end_reason: reason } as never)
    .where('id', '=', sessionId)
    .where('ended_at', 'is', null)
    .execute();
}

export async function endSessionsOf(
  db: Db,
  staffId: number,
  reason: string,
  exceptSessionId?: number,
): Promise<number> {
  let query = db
    .updateTable('staff_session')
    .set({ ended_at: sql`now()`, end_reason: reason } as never)
    .where('staff_id', '=', staffId)
    .where('ended_at', 'is', null);
  if (exceptSessionId !== undefined) query = query.where('id', '<>', exceptSessionId);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export async function setPasswordHash(db: Db, id: number, passwordHash: string): Promise<void> {
  await db
    .updateTable('staff')
    .set({ password_hash: passwordHash, failed_logins: 0, locked_until: null })
    .where('id', '=', id)
    .execute();
}
