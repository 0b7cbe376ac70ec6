import { beforeAll, expect } from 'vitest';
import { ADMIN_PATHS } from '@app/contracts/paths';
import type { AuditEntry, Role } from '@app/contracts/staff';
import { callApi, type Answer } from './api-client.ts';
import { staffSession, type TestStaff } from './staff-session.ts';
import type { TestApp } from './test-app.ts';

/**
 * What every back-office route test does the same way: its staff, its calls with a staff session, the
 * audit log it reads back. A route test names the staff it needs by role and asserts on the answers.
 */

/**
 * One staff member per role, logged in, in the order given:
 * `[support, viewer] = await staffSessions(ctx, 'support', 'viewer')`. Made one after the other, so each
 * has a session of its own.
 */
export async function staffSessions<const Roles extends readonly Role[]>(
  ctx: Pick<TestApp, 'app' | 'db'>,
  ...roles: Roles
): Promise<{ [Index in keyof Roles]: TestStaff }> {
  const sessions: TestStaff[] = [];
  for (const role of roles) sessions.push(await staffSession(ctx, [role]));
  return sessions as { [Index in keyof Roles]: TestStaff };
}

/**
 * A test file's staff, one per role, logged in before its tests (vitest's `beforeAll`, registered where this
 * is called, after the file's `useTestApp`): `const [support, viewer] = useStaffSessions(ctx, 'support',
 * 'viewer')`. Each answer is filled in when its session is made, so it is empty before then.
 */
export function useStaffSessions<const Roles extends readonly Role[]>(
  ctx: Pick<TestApp, 'app' | 'db'>,
  ...roles: Roles
): { [Index in keyof Roles]: TestStaff } {
  const sessions = roles.map(() => ({}) as TestStaff);
  beforeAll(async () => {
    const made = await staffSessions(ctx, ...roles);
    made.forEach((session, index) => Object.assign(sessions[index]!, session));
  });
  return sessions as { [Index in keyof Roles]: TestStaff };
}

/** A path with its `:name` parameters filled in: `pathWith(ADMIN_PLAYER_PATHS.panel, { id, panel: 'ledger' })`. */
export function pathWith(path: string, params: Record<string, string | number>): string {
  return Object.entries(params).reduce(
    (built, [name, value]) => built.replace(`:${name}`, String(value)),
    path,
  );
}

/** A GET of an /api path with `staff`'s session (`query` as `?name=value…`). */
export function staffGet(ctx: TestApp, staff: TestStaff, path: string, query = ''): Promise<Answer> {
  return callApi(ctx, path, { method: 'GET', query, headers: staff.headers });
}

/** A write to an /api path with `staff`'s session and a JSON body. */
export function staffSend(
  ctx: TestApp,
  staff: TestStaff,
  path: string,
  json: unknown,
  method: 'POST' | 'PUT' = 'POST',
): Promise<Answer> {
  return callApi(ctx, path, { method, json, headers: staff.headers });
}

/** The back office's player search as `staff` runs it. */
export function searchPlayers(ctx: TestApp, staff: TestStaff, query: string): Promise<Answer> {
  return staffGet(ctx, staff, ADMIN_PATHS.members, `?query=${encodeURIComponent(query)}`);
}

/**
 * The audit log's entries of one action, newest first, as the back office lists them to `reader` (who
 * needs `audit.read`): a test reads back what an operator would.
 */
export async function auditEntries(ctx: TestApp, reader: TestStaff, action: string): Promise<AuditEntry[]> {
  const answer = await staffGet(ctx, reader, ADMIN_PATHS.audit, `?action=${action}&size=100`);
  expect(answer.code, answer.msg).toBe(0);
  return (answer.data as { list: AuditEntry[] }).list;
}
