import { randomBytes } from 'node:crypto';
import type { Role, Staff } from '@app/contracts/staff';
import { ADMIN_PATHS, API_BASE } from '@app/contracts/paths';
import { createStaff } from '../src/modules/platform/staff/staff.service.ts';
import { totpCode } from '../src/modules/platform/staff/totp.ts';
import type { TestApp } from './test-app.ts';

export type TestStaff = {
  staff: Staff;
  login: string;
  password: string;
  /** The TOTP secret the staff member enrolled (tests play the authenticator app with totpCode). */
  secret: string;
  /** The session's token, for a test that builds its own header (or a wrong one). */
  token: string;
  /** `{ authorization: 'Bearer <session token>' }` for operator calls. */
  headers: { authorization: string };
};

let counter = 0;

/**
 * A staff member with `roles`, enrolled and logged in through the real endpoints (password + TOTP code):
 * operator tests call `(await staffSession(ctx, ['payments'])).headers`. Each call makes a new staff member,
 * so two sessions never share a TOTP step.
 */
export async function staffSession(
  ctx: Pick<TestApp, 'app' | 'db'>,
  roles: Role[] = ['admin'],
): Promise<TestStaff> {
  counter += 1;
  const login = `staff${counter}-${randomBytes(3).toString('hex')}`;
  const password = `pw-${randomBytes(12).toString('base64url')}`;
  // The secret made at creation is replaced by the enrolment below, through the real endpoint.
  const { totpEnrolment: _replaced, ...created } = await createStaff(
    { db: ctx.db, issuer: 'test' },
    { staffId: null, login: 'test-fixture', requestId: null },
    { login, password, roles },
  );
  const enrolled = await post(ctx, ADMIN_PATHS.enrolTotp, { login, password });
  const secret = (enrolled.data as { secret: string }).secret;
  const session = await post(ctx, ADMIN_PATHS.login, { login, password, code: totpCode(secret) });
  if (session.code !== 0) throw new Error(`staff login failed: ${JSON.stringify(session)}`);
  const token = (session.data as { token: string }).token;
  return { staff: created, login, password, secret, token, headers: { authorization: `Bearer ${token}` } };
}

async function post(
  ctx: Pick<TestApp, 'app'>,
  path: string,
  payload: unknown,
): Promise<{ code: number; msg: string; data: unknown }> {
  const response = await ctx.app.inject({
    method: 'POST',
    url: `${API_BASE}${path}`,
    payload: payload as object,
  });
  return response.json();
}
