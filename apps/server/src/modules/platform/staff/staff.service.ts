import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  PERMISSIONS,
  permissionsOf,
  ROLE_PERMISSIONS,
  ROLES,
  STAFF_PASSWORD_MAX,
  STAFF_PASSWORD_MIN,
  type CreatedStaff,
  type Permission,
  type RolePermissions,
  type Staff,
  type StaffListEntry,
} from '@app/contracts/staff';
import type { Database } from '../../../db/schema.ts';
import { AppError } from '../../../http/app-error.ts';
import { hashPassword, hashToken, newSessionToken, verifyPassword } from '../member/credentials.ts';
import { appendAudit, auditedWrite, type Actor } from './audit.service.ts';
import * as repository from './staff.repository.ts';
import { matchTotp, newTotpSecret, totpUri } from './totp.ts';

/**
 * Staff accounts: operators as people (issue 13 §6). Login is password AND a TOTP code; a session is an
 * opaque token stored as SHA-256 that ends after 30 idle minutes, 12 hours at most, at logout, or at
 * once when its staff member is disabled or their authenticator reset. Five wrong attempts (password or
 * code) lock the account for 15 minutes. Every change to staff is in the audit log, in its transaction.
 */
export const STAFF_IDLE_MS = 30 * 60_000;
export const STAFF_ABSOLUTE_MS = 12 * 60 * 60_000;
export const STAFF_MAX_FAILURES = 5;
export const STAFF_LOCK_MS = 15 * 60_000;

type Db = Kysely<Database>;
export type StaffDeps = { db: Db; issuer: string };

/** The caller of a staff route, as the authentication plugin puts it on the request. */
export type StaffCaller = {
  id: number;
  login: string;
  roles: string[];
  permissions: Permission[];
  sessionId: number;
};

export function toStaff(row: repository.StaffRow): Staff {
  return {
    id: row.id,
    login: row.login,
    email: row.email,
    displayName: row.display_name,
    roles: row.roles,
    permissions: permissionsOf(row.roles),
    totpEnrolled: row.totp_confirmed_at !== null,
    disabled: row.disabled_at !== null,
    createdAt: row.created_at.toISOString(),
  };
}

type NewStaff = {
  login: string;
  email?: string | undefined;
  displayName?: string | undefined;
  password: string;
  roles: string[];
};

async function insertNew(
  trx: Parameters<typeof repository.insertStaff>[0],
  input: NewStaff,
  createdBy: number | null,
): Promise<repository.StaffRow> {
  const email = input.email?.toLowerCase() ?? null;
  if (await repository.loginOrEmailTaken(trx, input.login, email)) throw new AppError('STAFF_EXISTS');
  try {
    return await repository.insertStaff(trx, {
      login: input.login,
      email,
      display_name: input.displayName ?? '',
      password_hash: await hashPassword(input.password),
      roles: [...new Set(input.roles)],
      created_by: createdBy,
    });
  } catch (error) {
    // Taken by another insert that committed after the check above.
    if ((error as { code?: string }).code === '23505') throw new AppError('STAFF_EXISTS');
    throw error;
  }
}

function checkPassword(password: string): void {
  if (password.length < STAFF_PASSWORD_MIN || password.length > STAFF_PASSWORD_MAX) {
    throw new AppError('STAFF_PASSWORD_RULE');
  }
}

/**
 * The first staff account, with the admin role: what ADMIN_TOKEN is still good for. The audit head is
 * locked first, so two bootstraps at once make one account and the other is refused.
 */
export async function bootstrapStaff(
  db: Db,
  input: Omit<NewStaff, 'roles'>,
  requestId: string | null,
): Promise<Staff> {
  checkPassword(input.password);
  const actor: Actor = { staffId: null, login: 'ADMIN_TOKEN', requestId };
  return auditedWrite(db, actor, async (trx) => {
    await trx.selectFrom('audit_head').select('id').where('id', '=', 1).forUpdate().execute();
    if ((await repository.countStaff(trx)) > 0) throw new AppError('STAFF_BOOTSTRAP_CLOSED');
    const staff = toStaff(await insertNew(trx, { ...input, roles: ['admin'] }, null));
    return {
      result: staff,
      record: { action: 'staff.bootstrap', target: `staff:${staff.id}`, after: staff },
    };
  });
}

/**
 * The demo back-office account (packages/contracts demo-staff.ts), enrolled with its public TOTP secret, if
 * it is not there yet: for a local try of the back office only (server.ts allows it beside the simulators).
 */
export async function seedDemoStaff(
  db: Db,
  demo: { login: string; password: string; totpSecret: string; roles: readonly string[] },
): Promise<void> {
  if (await repository.findByLogin(db, demo.login)) return;
  const actor: Actor = { staffId: null, login: 'DEMO_STAFF', requestId: null };
  await auditedWrite(db, actor, async (trx) => {
    const created = await insertNew(trx, { ...demo, roles: [...demo.roles] }, null);
    const enrolled = await repository.updateStaff(trx, created.id, {
      totp_secret: demo.totpSecret,
      totp_confirmed_at: new Date(),
    });
    const staff = toStaff(enrolled);
    return { result: staff, record: { action: 'staff.demo', target: `staff:${staff.id}`, after: staff } };
  });
}

/**
 * A new staff member, with an authenticator secret pending until their first login confirms it: the
 * administrator hands it over with the password, and this answer is the only place it is ever shown (the
 * audit entry has the account, never the secret). Before that first login the staff member may still enrol
 * with their password (`enrolTotp`), which replaces it with one only they have seen.
 */
export async function createStaff(deps: StaffDeps, actor: Actor, input: NewStaff): Promise<CreatedStaff> {
  checkPassword(input.password);
  const secret = newTotpSecret();
  const staff = await auditedWrite(deps.db, actor, async (trx) => {
    const inserted = await insertNew(trx, input, actor.staffId);
    const created = toStaff(await repository.updateStaff(trx, inserted.id, { totp_secret: secret }));
    return {
      result: created,
      record: { action: 'staff.create', target: `staff:${created.id}`, after: created },
    };
  });
  return { ...staff, totpEnrolment: { secret, uri: totpUri(secret, deps.issuer, staff.login) } };
}

export async function listStaff(db: Db): Promise<StaffListEntry[]> {
  return (await repository.listAll(db)).map((row) => ({
    ...toStaff(row),
    lastLoginAt: row.last_login_at === null ? null : new Date(row.last_login_at).toISOString(),
  }));
}

/** Which role grants which permission: the one table the server checks, for the back office's matrix. */
export function rolePermissions(): RolePermissions {
  return {
    permissions: [...PERMISSIONS],
    roles: ROLES.map((role) => ({ role, permissions: [...ROLE_PERMISSIONS[role]] })),
  };
}

/** Changes a staff member under their row's lock, audited with the state before and after. */
async function changeStaff(
  db: Db,
  actor: Actor,
  id: number,
  action: string,
  change: (
    row: repository.StaffRow,
    trx: Parameters<typeof repository.updateStaff>[0],
  ) => Promise<repository.StaffRow | undefined>,
  /** The operator's reason, kept in the entry's `after` (as the player actions keep theirs). */
  reason?: string,
): Promise<Staff> {
  return auditedWrite(db, actor, async (trx) => {
    const row = await repository.lockById(trx, id);
    if (!row) throw new AppError('NOT_FOUND');
    const changed = await change(row, trx);
    const before = toStaff(row);
    const after = changed ? toStaff(changed) : before;
    return {
      result: after,
      record: {
        action,
        target: `staff:${id}`,
        before,
        after: reason === undefined ? after : { ...after, reason },
      },
    };
  });
}

export async function setStaffRoles(db: Db, actor: Actor, id: number, roles: string[]): Promise<Staff> {
  return changeStaff(db, actor, id, 'staff.roles', async (_row, trx) => {
    // An administrator cannot take staff management away from themselves (nobody might be left with it).
    if (id === actor.staffId && !permissionsOf(roles).includes('staff.manage')) {
      throw new AppError('STAFF_SELF_CHANGE');
    }
    return repository.updateStaff(trx, id, { roles: [...new Set(roles)] });
  });
}

export async function disableStaff(db: Db, actor: Actor, id: number, reason: string): Promise<Staff> {
  return changeStaff(
    db,
    actor,
    id,
    'staff.disable',
    async (row, trx) => {
      if (id === actor.staffId) throw new AppError('STAFF_SELF_CHANGE');
      // Sessions end in the same transaction: no call of theirs is accepted once this commits.
      await repository.endSessionsOf(trx, id, 'disabled');
      if (row.disabled_at !== null) return undefined;
      return repository.updateStaff(trx, id, { disabled_at: new Date() });
    },
    reason,
  );
}

export async function enableStaff(db: Db, actor: Actor, id: number, reason: string): Promise<Staff> {
  return changeStaff(
    db,
    actor,
    id,
    'staff.enable',
    async (row, trx) => {
      if (row.disabled_at === null && row.locked_until === null && row.failed_logins === 0) return undefined;
      return repository.updateStaff(trx, id, { disabled_at: null, failed_logins: 0, locked_until: null });
    },
    reason,
  );
}

/** A lost phone: the secret is forgotten, sessions end, and the staff member enrols again. */
export async function resetStaffTotp(db: Db, actor: Actor, id: number): Promise<Staff> {
  return changeStaff(db, actor, id, 'staff.reset-totp', async (_row, trx) => {
    await repository.endSessionsOf(trx, id, 'totp-reset');
    return repository.updateStaff(trx, id, { totp_secret: null, totp_confirmed_at: null });
  });
}

/**
 * The password checked against a login. The attempt is claimed first (staff.repository
 * `claimLoginAttempt`): a locked account is refused before its password is tried, and parallel guesses
 * cannot outrun the lock. The count is cleared by what proves more than the password: a full login
 * (password and code), an enrolment (possible only while no code exists to guess) or a password change
 * (made from a session). An unknown login costs the same time as a wrong password (verifyPassword's
 * decoy) and answers the same.
 */
async function checkCredentials(db: Db, login: string, password: string): Promise<repository.StaffRow> {
  const row = await repository.findByLogin(db, login);
  if (row && !(await repository.claimLoginAttempt(db, row.id, STAFF_MAX_FAILURES, STAFF_LOCK_MS))) {
    throw new AppError('STAFF_LOCKED');
  }
  const passwordOk = await verifyPassword(row?.password_hash, password);
  if (!row || row.disabled_at !== null || !passwordOk) throw new AppError('STAFF_LOGIN_FAILED');
  return row;
}

/**
 * Enrolment in an authenticator app, with the staff member's own password, until a first login confirms
 * it (again, a new secret replaces the pending one). After that only an administrator's reset reopens it.
 */
export async function enrolTotp(
  deps: StaffDeps,
  input: { login: string; password: string },
  requestId: string | null,
): Promise<{ secret: string; uri: string }> {
  const row = await checkCredentials(deps.db, input.login, input.password);
  if (row.totp_confirmed_at !== null) throw new AppError('STAFF_TOTP_ENROLLED');
  const secret = newTotpSecret();
  if (!(await repository.setPendingTotp(deps.db, row.id, secret))) throw new AppError('STAFF_TOTP_ENROLLED');
  await appendAudit(
    deps.db,
    { staffId: row.id, login: row.login, requestId },
    { action: 'staff.totp-enrol', target: `staff:${row.id}` },
  );
  return { secret, uri: totpUri(secret, deps.issuer, row.login) };
}

export async function loginStaff(
  deps: StaffDeps,
  input: { login: string; password: string; code: string },
  context: { ip: string | null; requestId: string | null },
): Promise<{ token: string; expiresAt: string; idleMinutes: number; staff: Staff }> {
  const row = await checkCredentials(deps.db, input.login, input.password);
  if (row.totp_secret === null) throw new AppError('STAFF_TOTP_NOT_ENROLLED');
  const step = matchTotp(row.totp_secret, input.code);
  // A wrong code stays a failed attempt like a wrong password; taking the step clears the count.
  if (step === null) throw new AppError('STAFF_LOGIN_FAILED');
  if (!(await repository.takeTotpStep(deps.db, row.id, step))) {
    // The right password with the right code, already used: refused (each code is good once), but not a
    // guess, so its attempt is given back. 20 parallel logins with one code locked the account for
    // 15 minutes (issue 22 §4): one of them logged in, the others counted as failures.
    await repository.returnLoginAttempt(deps.db, row.id, STAFF_MAX_FAILURES);
    throw new AppError('STAFF_LOGIN_FAILED');
  }
  const token = newSessionToken();
  const session = await repository.insertSession(deps.db, {
    staff_id: row.id,
    token_hash: hashToken(token),
    ip: context.ip,
    absoluteMs: STAFF_ABSOLUTE_MS,
  });
  await appendAudit(
    deps.db,
    { staffId: row.id, login: row.login, requestId: context.requestId },
    { action: 'staff.login', target: `staff:${row.id}`, after: { sessionId: session.id, ip: context.ip } },
  );
  const fresh = await repository.findById(deps.db, row.id);
  return {
    token,
    expiresAt: session.expires_at.toISOString(),
    idleMinutes: STAFF_IDLE_MS / 60_000,
    staff: toStaff(fresh ?? row),
  };
}

/**
 * The CSRF token of a cookie session: derived from the session token, so it needs no storage, changes with
 * each login, and cannot be planted by another site (which can neither read the HttpOnly cookie nor this).
 */
export function csrfTokenOf(sessionToken: string): string {
  return createHash('sha256').update(`csrf:${sessionToken}`).digest('base64url');
}

/** The staff member behind a session token, or 401 (no such session: 1401; ended or expired: 1107). */
export async function authenticateStaff(db: Db, token: string | undefined): Promise<StaffCaller> {
  if (!token) throw new AppError('UNAUTHORIZED');
  const tokenHash = hashToken(token);
  const found = await repository.touchSession(db, tokenHash, STAFF_IDLE_MS);
  if (!found) {
    throw new AppError(
      (await repository.sessionExists(db, tokenHash)) ? 'STAFF_SESSION_ENDED' : 'UNAUTHORIZED',
    );
  }
  return {
    id: found.staff_id,
    login: found.login,
    roles: found.roles,
    permissions: permissionsOf(found.roles),
    sessionId: found.session_id,
  };
}

export async function logoutStaff(db: Db, caller: StaffCaller): Promise<void> {
  await repository.endSession(db, caller.sessionId, 'logout');
}

/**
 * The caller's own password (an administrator's initial one, or a suspected leak): the old one is checked
 * like a login (a wrong one counts towards the lock), and every other session of theirs ends.
 */
export async function changeStaffPassword(
  db: Db,
  caller: StaffCaller,
  input: { oldPassword: string; newPassword: string },
  requestId: string | null,
): Promise<void> {
  await checkCredentials(db, caller.login, input.oldPassword);
  checkPassword(input.newPassword);
  const passwordHash = await hashPassword(input.newPassword);
  const actor: Actor = { staffId: caller.id, login: caller.login, requestId };
  await auditedWrite(db, actor, async (trx) => {
    await repository.setPasswordHash(trx, caller.id, passwordHash);
    const ended = await repository.endSessionsOf(trx, caller.id, 'password-changed', caller.sessionId);
    return {
      result: undefined,
      record: {
        action: 'staff.password',
        target: `staff:${caller.id}`,
        after: { otherSessionsEnded: ended },
      },
    };
  });
}

export async function getStaff(db: Db, id: number): Promise<Staff> {
  const row = await repository.findById(db, id);
  if (!row) throw new AppError('NOT_FOUND');
  return toStaff(row);
}

/**
 * A decision that asks the acting staff member for their authenticator code again (withdrawal approvals,
 * issue 26 §3): the code must match and belong to a later time step than any code of theirs accepted
 * before (login included, `totp_last_step`), so a code read over a shoulder or replayed from a captured
 * request decides nothing. A wrong code counts as a failed attempt like one at login (five lock the
 * account); a right one already used is no guess, and its attempt is given back.
 */
export async function confirmFreshCode(db: Db, staffId: number, code: string): Promise<void> {
  const row = await repository.findById(db, staffId);
  if (!row || row.totp_secret === null) throw new AppError('STAFF_CODE_REFUSED');
  if (!(await repository.claimLoginAttempt(db, row.id, STAFF_MAX_FAILURES, STAFF_LOCK_MS))) {
    throw new AppError('STAFF_LOCKED');
  }
  const step = matchTotp(row.totp_secret, code);
  if (step === null) throw new AppError('STAFF_CODE_REFUSED');
  if (!(await repository.takeTotpStep(db, row.id, step))) {
    await repository.returnLoginAttempt(db, row.id, STAFF_MAX_FAILURES);
    throw new AppError('STAFF_CODE_REFUSED');
  }
}

/** Embedded by the withdrawal approvals' list (who approved), as member.service hands out its mobiles. */
export { staffLoginsQuery } from './staff.repository.ts';
