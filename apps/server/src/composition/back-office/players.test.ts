import { beforeAll, describe, expect, it } from 'vitest';
import type { MemberSummary, PlayerView } from '@app/contracts/back-office';
import { ERRORS } from '@app/contracts/errors';
import { ADMIN_PATHS, API_BASE, MEMBER_PATHS } from '@app/contracts/paths';
import { STAFF_CSRF_COOKIE, STAFF_CSRF_HEADER, STAFF_SESSION_COOKIE } from '@app/contracts/staff';
import { callApi } from '../../../test/api-client.ts';
import {
  auditEntries,
  pathWith,
  searchPlayers,
  staffGet,
  useStaffSessions,
} from '../../../test/back-office.ts';
import { newMember, type TestMember } from '../../../test/factory.ts';
import { staffSession, type TestStaff } from '../../../test/staff-session.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { totpCode } from '../../modules/platform/staff/totp.ts';

/**
 * The back office's Players (issue 26 §2): search and a player's view need `players.read` (refused before
 * the query is read), and each read of a player's identity data is an audit entry naming who looked.
 */
const ctx = useTestApp();
const [support, viewer, auditor] = useStaffSessions(ctx, 'support', 'viewer', 'admin');
let player: TestMember;

beforeAll(async () => {
  player = await newMember(ctx, { cash: 12_345, kyc: 'none' });
});

const view = (staff: TestStaff, id: number) => staffGet(ctx, staff, pathWith(ADMIN_PATHS.member, { id }));
const search = (staff: TestStaff, query: string) => searchPlayers(ctx, staff, query);
const auditOf = (action: string) => auditEntries(ctx, auditor, action);

describe('player search', () => {
  it('finds a player by mobile in either form, by id and by the start of the nickname', async () => {
    const nickName = `Wanjiku${player.id}`;
    const renamed = await callApi(ctx, MEMBER_PATHS.modifyMemberInfo, {
      token: player.token,
      json: { nickName },
    });
    expect(renamed.code, renamed.msg).toBe(0);
    const spaced = `${player.mobile.slice(0, 4)} ${player.mobile.slice(4, 7)} ${player.mobile.slice(7)}`;
    for (const query of [player.mobile, player.e164, spaced, String(player.id), 'wANJIKU']) {
      const answer = await search(support, query);
      expect(answer.code, `${query}: ${answer.msg}`).toBe(0);
      expect(
        (answer.data as MemberSummary[]).map((member) => member.id),
        query,
      ).toContain(player.id);
    }
    const [found] = (await search(support, player.mobile)).data as MemberSummary[];
    expect(found).toMatchObject({ id: player.id, mobile: player.mobile, status: 'active', demo: false });
  });

  it('treats LIKE wildcards as themselves', async () => {
    const answer = await search(support, '%');
    expect(answer.code, answer.msg).toBe(0);
    expect(answer.data).toEqual([]);
  });

  it('audits each search with its query and whom it found', async () => {
    await search(support, player.mobile);
    const entry = (await auditOf('player.search')).find(
      (candidate) => (candidate.after as { query: string }).query === player.mobile,
    );
    expect(entry).toMatchObject({ staffId: support.staff.id, after: { memberIds: [player.id] } });
  });

  it('refuses a staff member without players.read before reading the query, and an anonymous caller', async () => {
    const refused = await search(viewer, player.mobile);
    expect([refused.status, refused.code]).toEqual([403, ERRORS.FORBIDDEN.code]);
    // An invalid query is not even looked at: the permission answers first.
    const invalid = await staffGet(ctx, viewer, ADMIN_PATHS.members);
    expect(invalid.code).toBe(ERRORS.FORBIDDEN.code);
    const anonymous = await callApi(ctx, ADMIN_PATHS.members, { method: 'GET', query: '?query=07' });
    expect(anonymous.status).toBe(401);
    const audited = await auditOf('player.search');
    expect(audited.some((entry) => entry.staffId === viewer.staff.id)).toBe(false);
  });

  it('answers a missing query with the validation error, not a 500', async () => {
    const answer = await staffGet(ctx, support, ADMIN_PATHS.members);
    expect(answer.status).toBe(400);
  });
});

describe('player view', () => {
  it('shows profile, balances, KYC, limits and the latest money in and out, and audits who looked', async () => {
    const answer = await view(support, player.id);
    expect(answer.code, answer.msg).toBe(0);
    const shown = answer.data as PlayerView;
    expect(shown.member).toMatchObject({ id: player.id, mobile: player.mobile });
    expect(shown.balances).toMatchObject({ cash: 12_345, withdrawable: 12_345 });
    expect(shown.kyc.status).toBe('none');
    expect(shown.limits.limits.length).toBeGreaterThan(0);
    expect(shown.deposits).toEqual([]);
    expect(shown.withdrawals).toEqual([]);
    const entries = (await auditOf('player.view')).filter((entry) => entry.target === `member:${player.id}`);
    expect(entries.map((entry) => entry.staffLogin)).toContain(support.login);
  });

  it('refuses a staff member without players.read and writes no entry', async () => {
    const refused = await view(viewer, player.id);
    expect([refused.status, refused.code]).toEqual([403, ERRORS.FORBIDDEN.code]);
    const entries = await auditOf('player.view');
    expect(entries.some((entry) => entry.staffId === viewer.staff.id)).toBe(false);
  });

  it('answers an unknown player with NOT_FOUND', async () => {
    const answer = await view(support, 2 ** 40);
    expect(answer.code).toBe(ERRORS.NOT_FOUND.code);
  });
});

describe('the back office session cookie', () => {
  it('logs in to an HttpOnly SameSite=Strict cookie, needs the CSRF token for writes, and logs out', async () => {
    const staff = await staffSession(ctx, ['support']);
    const login = await ctx.app.inject({
      method: 'POST',
      url: `${API_BASE}${ADMIN_PATHS.cookieLogin}`,
      // The fixture's login took the current step; the next code is accepted (one step of drift).
      payload: {
        login: staff.login,
        password: staff.password,
        code: totpCode(staff.secret, Date.now() + 30_000),
      },
    });
    expect(login.statusCode, login.body).toBe(200);
    const body = login.json() as { data: { csrfToken: string; token?: string } };
    expect(body.data.token).toBeUndefined();
    const cookies = login.cookies as {
      name: string;
      value: string;
      httpOnly?: boolean;
      sameSite?: string;
      path?: string;
    }[];
    const session = cookies.find((cookie) => cookie.name === STAFF_SESSION_COOKIE)!;
    const csrf = cookies.find((cookie) => cookie.name === STAFF_CSRF_COOKIE)!;
    expect(session).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: `${API_BASE}/admin` });
    expect(csrf).toMatchObject({ value: body.data.csrfToken, sameSite: 'Strict', path: '/admin' });
    expect(csrf.httpOnly).toBeFalsy();

    const withCookie = (method: 'GET' | 'POST', path: string, headers: Record<string, string> = {}) =>
      ctx.app.inject({
        method,
        url: `${API_BASE}${path}`,
        cookies: { [STAFF_SESSION_COOKIE]: session.value },
        headers,
      });
    const me = await withCookie('GET', ADMIN_PATHS.me);
    expect(me.json()).toMatchObject({ code: 0, data: { login: staff.login } });

    const forged = await withCookie('POST', ADMIN_PATHS.logout);
    expect([forged.statusCode, forged.json().code]).toEqual([403, ERRORS.FORBIDDEN.code]);
    const wrong = await withCookie('POST', ADMIN_PATHS.logout, { [STAFF_CSRF_HEADER]: 'x'.repeat(43) });
    expect(wrong.json().code).toBe(ERRORS.FORBIDDEN.code);

    const logout = await withCookie('POST', ADMIN_PATHS.logout, { [STAFF_CSRF_HEADER]: body.data.csrfToken });
    expect(logout.json().code).toBe(0);
    const cleared = logout.cookies as { name: string; value: string }[];
    expect(cleared.find((cookie) => cookie.name === STAFF_SESSION_COOKIE)?.value).toBe('');
    const after = await withCookie('GET', ADMIN_PATHS.me);
    expect(after.json().code).toBe(ERRORS.STAFF_SESSION_ENDED.code);
  });
});
