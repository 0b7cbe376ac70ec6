import { beforeAll, describe, expect, it } from 'vitest';
import { ERRORS } from '@app/contracts/errors';
import { ADMIN_PATHS } from '@app/contracts/paths';
import {
  ROLE_PERMISSIONS,
  type AuditEntry,
  type CreatedStaff,
  type RolePermissions,
  type StaffListEntry,
} from '@app/contracts/staff';
import { callApi, type Answer } from '../../../test/api-client.ts';
import { staffSession, type TestStaff } from '../../../test/staff-session.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { totpCode } from '../../modules/platform/staff/totp.ts';

/**
 * Staff and roles, and the audit log, as the back office uses them (issue 26 §7): the staff list with each
 * one's latest login, a new staff member's authenticator secret answered once, roles changed, disable and
 * enable with a reason, the role-permission table; the audit log paged and filtered by who, action,
 * target and period; the chain verified. Each route refuses a staff member without its permission.
 */
const ctx = useTestApp();
let admin: TestStaff;
let support: TestStaff;
let payments: TestStaff;
let viewer: TestStaff;

beforeAll(async () => {
  [admin, support, payments, viewer] = [
    await staffSession(ctx, ['admin']),
    await staffSession(ctx, ['support']),
    await staffSession(ctx, ['payments']),
    await staffSession(ctx, ['viewer']),
  ];
});

const pathOf = (path: string, id: number) => path.replace(':id', String(id));
const get = (staff: TestStaff, path: string, query = '') =>
  callApi(ctx, path, { method: 'GET', headers: staff.headers, query });
const post = (staff: TestStaff, path: string, json: unknown) =>
  callApi(ctx, path, { method: 'POST', headers: staff.headers, json });
const expectError = (answer: Answer, key: keyof typeof ERRORS) =>
  expect([answer.status, answer.code], answer.msg).toEqual([ERRORS[key].status, ERRORS[key].code]);

async function audit(query: string): Promise<{ list: AuditEntry[]; total: number }> {
  const answer = await get(admin, ADMIN_PATHS.audit, query);
  expect(answer.code, answer.msg).toBe(0);
  return answer.data as { list: AuditEntry[]; total: number };
}

async function newStaff(login: string, roles: string[]): Promise<CreatedStaff> {
  const made = await post(admin, ADMIN_PATHS.staff, { login, password: `${login} password 1`, roles });
  expect(made.code, made.msg).toBe(0);
  return made.data as CreatedStaff;
}

describe('staff and roles', () => {
  it('are refused to staff without staff.manage, and nothing is changed or logged', async () => {
    const target = await newStaff('refused.target', ['viewer']);
    for (const staff of [support, payments, viewer]) {
      expectError(await get(staff, ADMIN_PATHS.staff), 'FORBIDDEN');
      expectError(await get(staff, ADMIN_PATHS.staffRolePermissions), 'FORBIDDEN');
      expectError(
        await post(staff, ADMIN_PATHS.staff, {
          login: 'sneaky',
          password: 'sneaky password 1',
          roles: ['admin'],
        }),
        'FORBIDDEN',
      );
      expectError(
        await post(staff, pathOf(ADMIN_PATHS.staffRoles, target.id), { roles: ['admin'] }),
        'FORBIDDEN',
      );
      expectError(
        await post(staff, pathOf(ADMIN_PATHS.staffDisable, target.id), { reason: 'not mine to do' }),
        'FORBIDDEN',
      );
      expectError(
        await post(staff, pathOf(ADMIN_PATHS.staffEnable, target.id), { reason: 'not mine to do' }),
        'FORBIDDEN',
      );
    }
    const entries = await audit(`?target=staff:${target.id}&size=100`);
    expect(entries.list.map((entry) => entry.action)).toEqual(['staff.create']);
  });

  it('answer a new staff member’s authenticator secret once: their first login with it confirms it', async () => {
    const created = await newStaff('new.cashier', ['payments']);
    expect(created).toMatchObject({ login: 'new.cashier', roles: ['payments'], totpEnrolled: false });
    const { secret, uri } = created.totpEnrolment;
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    expect(uri).toContain(`secret=${secret}`);
    expect(uri).toContain('new.cashier');

    // Never again: not in the list, not in the audit entry.
    const list = await get(admin, ADMIN_PATHS.staff);
    expect(JSON.stringify(list.data)).not.toContain(secret);
    const [entry] = (await audit(`?action=staff.create&target=staff:${created.id}`)).list;
    expect(entry).toMatchObject({ staffId: admin.staff.id, after: { login: 'new.cashier' } });
    expect(JSON.stringify(entry)).not.toContain(secret);

    const login = await callApi(ctx, ADMIN_PATHS.login, {
      json: { login: 'new.cashier', password: 'new.cashier password 1', code: totpCode(secret) },
    });
    expect(login.code, login.msg).toBe(0);
    const after = (await get(admin, ADMIN_PATHS.staff)).data as StaffListEntry[];
    const listed = after.find((staff) => staff.id === created.id);
    expect(listed?.totpEnrolled).toBe(true);
    expect(Date.parse(listed?.lastLoginAt ?? '')).toBeGreaterThan(Date.now() - 60_000);
    expect(after.find((staff) => staff.id === admin.staff.id)?.lastLoginAt).not.toBeNull();
    // Refused: confirmed, it cannot be taken over by a new enrolment.
    expectError(
      await callApi(ctx, ADMIN_PATHS.enrolTotp, {
        json: { login: 'new.cashier', password: 'new.cashier password 1' },
      }),
      'STAFF_TOTP_ENROLLED',
    );
  });

  it('list who never logged in with no last login', async () => {
    const created = await newStaff('never.in', ['viewer']);
    const list = (await get(admin, ADMIN_PATHS.staff)).data as StaffListEntry[];
    expect(list.find((staff) => staff.id === created.id)).toMatchObject({
      lastLoginAt: null,
      disabled: false,
    });
  });

  it('change roles, audited with before and after', async () => {
    const created = await newStaff('role.change', ['viewer']);
    const changed = await post(admin, pathOf(ADMIN_PATHS.staffRoles, created.id), { roles: ['support'] });
    expect(changed.data).toMatchObject({ roles: ['support'] });
    expect(changed.data.permissions).toContain('kyc.decide');
    const [entry] = (await audit(`?action=staff.roles&target=staff:${created.id}`)).list;
    expect(entry).toMatchObject({
      staffLogin: admin.login,
      before: { roles: ['viewer'] },
      after: { roles: ['support'] },
    });
  });

  it('disable and enable with a reason the audit log keeps; a missing reason is refused', async () => {
    const created = await newStaff('leaver', ['support']);
    const path = pathOf(ADMIN_PATHS.staffDisable, created.id);
    expectError(await post(admin, path, {}), 'VALIDATION');
    expectError(await post(admin, path, { reason: ' ' }), 'VALIDATION');
    const disabled = await post(admin, path, { reason: 'left the company' });
    expect(disabled.data).toMatchObject({ disabled: true });
    const enabled = await post(admin, pathOf(ADMIN_PATHS.staffEnable, created.id), { reason: 'came back' });
    expect(enabled.data).toMatchObject({ disabled: false });
    const entries = (await audit(`?target=staff:${created.id}`)).list;
    expect(entries.map((entry) => [entry.action, (entry.after as { reason?: string }).reason])).toEqual([
      ['staff.enable', 'came back'],
      ['staff.disable', 'left the company'],
      ['staff.create', undefined],
    ]);
    expect(entries[1]).toMatchObject({ before: { disabled: false }, after: { disabled: true } });
  });

  it('refuse an administrator disabling themselves or dropping their own admin role (1108)', async () => {
    const self = await staffSession(ctx, ['admin']);
    expectError(
      await post(self, pathOf(ADMIN_PATHS.staffDisable, self.staff.id), { reason: 'by mistake' }),
      'STAFF_SELF_CHANGE',
    );
    expectError(
      await post(self, pathOf(ADMIN_PATHS.staffRoles, self.staff.id), { roles: ['payments', 'viewer'] }),
      'STAFF_SELF_CHANGE',
    );
    const list = (await get(self, ADMIN_PATHS.staff)).data as StaffListEntry[];
    expect(list.find((staff) => staff.id === self.staff.id)).toMatchObject({
      roles: ['admin'],
      disabled: false,
    });
    expect((await audit(`?target=staff:${self.staff.id}&action=staff.disable`)).total).toBe(0);
  });

  it('answer the role-permission table the server checks', async () => {
    const answer = await get(admin, ADMIN_PATHS.staffRolePermissions);
    expect(answer.code, answer.msg).toBe(0);
    const table = answer.data as RolePermissions;
    expect(table.permissions).toContain('staff.manage');
    expect(Object.fromEntries(table.roles.map(({ role, permissions }) => [role, permissions]))).toEqual(
      Object.fromEntries(Object.entries(ROLE_PERMISSIONS).map(([role, granted]) => [role, [...granted]])),
    );
  });
});

describe('the audit log', () => {
  it('is refused to staff without audit.read', async () => {
    for (const staff of [support, payments, viewer]) {
      expectError(await get(staff, ADMIN_PATHS.audit), 'FORBIDDEN');
      expectError(await get(staff, ADMIN_PATHS.auditVerify), 'FORBIDDEN');
    }
  });

  it('filters by who, action, target and period, newest first, paged', async () => {
    const other = await staffSession(ctx, ['admin']);
    const before = new Date(Date.now() - 1000).toISOString();
    const made = await post(other, ADMIN_PATHS.staff, {
      login: 'filtered.one',
      password: 'filtered one password',
      roles: ['viewer'],
    });
    const id = (made.data as CreatedStaff).id;
    for (const roles of [['support'], ['payments'], ['viewer']]) {
      expect((await post(other, pathOf(ADMIN_PATHS.staffRoles, id), { roles })).code).toBe(0);
    }
    const byWho = await audit(`?staffLogin=${other.login}&action=staff.roles`);
    expect(byWho.total).toBe(3);
    expect(byWho.list.map((entry) => entry.after)).toMatchObject([
      { roles: ['viewer'] },
      { roles: ['payments'] },
      { roles: ['support'] },
    ]);
    expect(byWho.list.every((entry) => entry.staffId === other.staff.id)).toBe(true);

    const paged = await audit(`?target=staff:${id}&size=2&page=2`);
    expect([paged.total, paged.list.map((entry) => entry.action)]).toEqual([
      4,
      ['staff.roles', 'staff.create'],
    ]);

    expect((await audit(`?target=staff:${id}&from=${encodeURIComponent(before)}`)).total).toBe(4);
    expect((await audit(`?target=staff:${id}&to=${encodeURIComponent(before)}`)).total).toBe(0);
    const later = new Date(Date.now() + 60_000).toISOString();
    expect((await audit(`?target=staff:${id}&from=${encodeURIComponent(later)}`)).total).toBe(0);
  });

  it('refuses a filter it cannot read', async () => {
    for (const query of [
      '?target=staff',
      '?target=staff:1%20or%201=1',
      '?staffLogin=a%20b',
      '?from=yesterday',
      '?from=2026-03-02T00:00:00Z&to=2026-03-01T00:00:00Z',
      '?size=1000',
    ]) {
      // A query the schema refuses is the catalogue's 1000 (a body's is 1001).
      expectError(await get(admin, ADMIN_PATHS.audit, query), 'BAD_REQUEST');
    }
  });

  it('verifies the chain: every entry checked, intact', async () => {
    const { total } = await audit('?size=1');
    const answer = await get(admin, ADMIN_PATHS.auditVerify);
    expect(answer.data).toMatchObject({ ok: true, brokenAt: null, reason: null });
    // Every entry so far, and none counted twice (the verify route writes no entry of its own).
    expect(answer.data.entries).toBe(total);
  });
});
