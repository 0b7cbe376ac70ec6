import { beforeAll, describe, expect, it } from 'vitest';
import type { MemberSummary } from '@app/contracts/back-office';
import {
  ADMIN_PLAYER_PATHS,
  type PlayerAccount,
  type PlayerNotes,
  type PlayerSession,
} from '@app/contracts/back-office-players';
import { ERRORS } from '@app/contracts/errors';
import { ACCOUNT_PATHS, MEMBER_PATHS, PAYMENT_PATHS } from '@app/contracts/paths';
import type { AuditEntry } from '@app/contracts/staff';
import { callApi } from '../../../test/api-client.ts';
import {
  auditEntries,
  pathWith,
  searchPlayers,
  staffGet,
  staffSend,
  useStaffSessions,
} from '../../../test/back-office.ts';
import {
  depositByMpesa,
  depositOrder,
  newMember,
  payChannelId,
  type TestMember,
} from '../../../test/factory.ts';
import type { TestStaff } from '../../../test/staff-session.ts';
import { useTestApp } from '../../../test/test-app.ts';

/**
 * The player 360 view completed (issue 26 §2): search by full name, ID number, M-Pesa receipt and
 * transaction number; the paged panels; notes and tags; the actions with a reason. Each route refuses a
 * staff member without its permission before reading the request, each read and action is an audit entry.
 */
const ctx = useTestApp({}, { listen: true });
const [support, payments, viewer, admin] = useStaffSessions(ctx, 'support', 'payments', 'viewer', 'admin');

const pathOf = (path: string, id: number, extra: Record<string, string> = {}) =>
  pathWith(path, { id, ...extra });

async function foundIds(staff: TestStaff, query: string): Promise<number[]> {
  const answer = await searchPlayers(ctx, staff, query);
  expect(answer.code, `${query}: ${answer.msg}`).toBe(0);
  return (answer.data as MemberSummary[]).map((member) => member.id);
}

const auditOf = (action: string) => auditEntries(ctx, admin, action);
const post = (staff: TestStaff, path: string, json: unknown, method: 'POST' | 'PUT' = 'POST') =>
  staffSend(ctx, staff, path, json, method);
const get = (staff: TestStaff, path: string, query = '') => staffGet(ctx, staff, path, query);

/** The registration's password (test/api-client.ts). */
const login = (mobile: string) =>
  callApi(ctx, MEMBER_PATHS.login, { form: { mobile, password: 'secret12' } });

describe('player search by identity and payment', () => {
  it('finds a player by full name, surname and ID number from the KYC form', async () => {
    const player = await newMember(ctx, { kyc: 'pending', idNumber: '31234560' });
    for (const query of ['Wanjiku Otieno', 'wanjiku ot', 'OTIENO', '31234560', '3123 4560']) {
      expect(await foundIds(support, query), query).toContain(player.id);
    }
    expect(await foundIds(support, '3123456')).not.toContain(player.id);
  });

  it('finds a player by the M-Pesa receipt and the number of a deposit they paid, and of a withdrawal', async () => {
    const player = await newMember(ctx, { kyc: 'verified' });
    const transNo = await depositByMpesa(ctx, player, 500_00);
    const { receipt } = await depositOrder(ctx, transNo);
    expect(receipt).toBeTruthy();
    for (const query of [receipt!, receipt!.toLowerCase(), transNo]) {
      expect(await foundIds(support, query), query).toEqual([player.id]);
    }
    const withdrawal = await callApi(ctx, PAYMENT_PATHS.withdrawInit, {
      token: player.token,
      form: {
        money: String(100_00),
        channel: 'MPESA',
        payChannel: String(await payChannelId(ctx, 'withdraw', 'MPESA')),
      },
    });
    expect(withdrawal.code, withdrawal.msg).toBe(0);
    expect(await foundIds(support, withdrawal.data.withdrawNo as string)).toEqual([player.id]);
    const entry = (await auditOf('player.search')).find(
      (candidate) => (candidate.after as { query: string }).query === transNo,
    );
    expect(entry).toMatchObject({ staffId: support.staff.id, after: { memberIds: [player.id] } });
  });

  it('treats an unknown receipt as nobody', async () => {
    expect(await foundIds(support, 'QZZ9ZZZZZZ')).toEqual([]);
  });
});

describe('the panels of a player view', () => {
  let player: TestMember;
  beforeAll(async () => {
    player = await newMember(ctx, { cash: 20_000, kyc: 'none' });
  });

  it('pages the ledger, rounds, bonuses, sessions and the audit entries, each read audited', async () => {
    const ledger = await get(
      support,
      pathOf(ADMIN_PLAYER_PATHS.panel, player.id, { panel: 'ledger' }),
      '?size=5',
    );
    expect(ledger.code, ledger.msg).toBe(0);
    expect(ledger.data).toMatchObject({ page: 1, size: 5 });
    expect(ledger.data.total).toBeGreaterThan(0);
    expect(ledger.data.list[0]).toMatchObject({ amount: 20_000 });

    const sessions = await get(support, pathOf(ADMIN_PLAYER_PATHS.panel, player.id, { panel: 'sessions' }));
    expect(sessions.code, sessions.msg).toBe(0);
    const session = sessions.data.list[0] as PlayerSession;
    expect(session).toMatchObject({ endedAt: null });
    // Never a secret: no token nor its hash.
    expect(JSON.stringify(sessions.data)).not.toContain(player.token);
    expect(Object.keys(session)).not.toContain('tokenHash');

    for (const panel of ['rounds', 'bonuses', 'audit']) {
      const answer = await get(support, pathOf(ADMIN_PLAYER_PATHS.panel, player.id, { panel }));
      expect(answer.code, `${panel}: ${answer.msg}`).toBe(0);
      expect(answer.data).toMatchObject({ page: 1, size: 20 });
    }
    const views = (await auditOf('player.view')).filter(
      (entry) => entry.target === `member:${player.id}` && entry.staffId === support.staff.id,
    );
    expect(views.map((entry) => (entry.after as { panel: string }).panel).sort()).toEqual([
      'audit',
      'bonuses',
      'ledger',
      'rounds',
      'sessions',
    ]);

    // The audit panel lists the entries about this player: the views just made.
    const audit = await get(support, pathOf(ADMIN_PLAYER_PATHS.panel, player.id, { panel: 'audit' }));
    expect((audit.data.list as AuditEntry[]).every((entry) => entry.target === `member:${player.id}`)).toBe(
      true,
    );
    expect(audit.data.total).toBeGreaterThanOrEqual(5);
  });

  it('refuses a staff member without players.read, an unknown panel, and an unknown player', async () => {
    const refused = await get(viewer, pathOf(ADMIN_PLAYER_PATHS.panel, player.id, { panel: 'ledger' }));
    expect([refused.status, refused.code]).toEqual([403, ERRORS.FORBIDDEN.code]);
    const unknownPanel = await get(
      support,
      pathOf(ADMIN_PLAYER_PATHS.panel, player.id, { panel: 'secrets' }),
    );
    expect(unknownPanel.status).toBe(400);
    const unknown = await get(support, pathOf(ADMIN_PLAYER_PATHS.panel, 2 ** 40, { panel: 'ledger' }));
    expect(unknown.code).toBe(ERRORS.NOT_FOUND.code);
    const views = await auditOf('player.view');
    expect(views.some((entry) => entry.staffId === viewer.staff.id)).toBe(false);
  });
});

describe('notes and tags', () => {
  let player: TestMember;
  beforeAll(async () => {
    player = await newMember(ctx, { kyc: 'none' });
  });

  it('adds notes and sets tags with who and when, each audited', async () => {
    const added = await post(support, pathOf(ADMIN_PLAYER_PATHS.notes, player.id), {
      text: 'Called about a deposit',
    });
    expect(added.code, added.msg).toBe(0);
    const tagged = await post(
      support,
      pathOf(ADMIN_PLAYER_PATHS.tags, player.id),
      { tags: ['VIP', 'call-back'] },
      'PUT',
    );
    expect(tagged.code, tagged.msg).toBe(0);
    const retagged = await post(admin, pathOf(ADMIN_PLAYER_PATHS.tags, player.id), { tags: ['vip'] }, 'PUT');
    expect(retagged.code, retagged.msg).toBe(0);

    const answer = await get(payments, pathOf(ADMIN_PLAYER_PATHS.notes, player.id));
    const { notes, tags } = answer.data as PlayerNotes;
    expect(notes).toEqual([
      expect.objectContaining({ text: 'Called about a deposit', staffLogin: support.login }),
    ]);
    expect(tags).toEqual([expect.objectContaining({ tag: 'vip', staffLogin: support.login })]);

    const [tagEntry] = (await auditOf('player.tags')).filter(
      (entry) => entry.target === `member:${player.id}`,
    );
    expect(tagEntry).toMatchObject({
      staffId: admin.staff.id,
      before: { tags: ['call-back', 'vip'] },
      after: { tags: ['vip'] },
    });
    const noteEntry = (await auditOf('player.note')).find((entry) => entry.target === `member:${player.id}`);
    expect(noteEntry).toMatchObject({ staffId: support.staff.id, after: { text: 'Called about a deposit' } });
  });

  it('refuses a staff member without players.write before reading the body, and validates tags', async () => {
    const refused = await post(payments, pathOf(ADMIN_PLAYER_PATHS.notes, player.id), {});
    expect([refused.status, refused.code]).toEqual([403, ERRORS.FORBIDDEN.code]);
    const refusedTags = await post(viewer, pathOf(ADMIN_PLAYER_PATHS.tags, player.id), { tags: [] }, 'PUT');
    expect(refusedTags.code).toBe(ERRORS.FORBIDDEN.code);
    const invalid = await post(
      support,
      pathOf(ADMIN_PLAYER_PATHS.tags, player.id),
      { tags: ['no spaces'] },
      'PUT',
    );
    expect(invalid.status).toBe(400);
    const twice = await post(
      support,
      pathOf(ADMIN_PLAYER_PATHS.tags, player.id),
      { tags: ['a', 'A'] },
      'PUT',
    );
    expect(twice.status).toBe(400);
    const empty = await post(support, pathOf(ADMIN_PLAYER_PATHS.notes, player.id), { text: '  ' });
    expect(empty.status).toBe(400);
    const unknown = await post(support, pathOf(ADMIN_PLAYER_PATHS.notes, 2 ** 40), { text: 'x' });
    expect(unknown.code).toBe(ERRORS.NOT_FOUND.code);
  });
});

describe('actions with a reason', () => {
  it('disables an account (login refused, sessions ended) and enables it again, audited before and after', async () => {
    const player = await newMember(ctx, { kyc: 'none' });
    const refused = await post(support, pathOf(ADMIN_PLAYER_PATHS.disable, player.id), {
      reason: 'Fraud check',
    });
    expect([refused.status, refused.code]).toEqual([403, ERRORS.FORBIDDEN.code]);
    const noReason = await post(admin, pathOf(ADMIN_PLAYER_PATHS.disable, player.id), { reason: '' });
    expect(noReason.status).toBe(400);

    const disabled = await post(admin, pathOf(ADMIN_PLAYER_PATHS.disable, player.id), {
      reason: 'Fraud check',
    });
    expect(disabled.code, disabled.msg).toBe(0);
    expect(disabled.data).toMatchObject({ disabled: true, disabledReason: 'Fraud check', liveSessions: 0 });
    const again = await post(admin, pathOf(ADMIN_PLAYER_PATHS.disable, player.id), { reason: 'Fraud check' });
    expect(again.code).toBe(ERRORS.PLAYER_ALREADY_DISABLED.code);

    // The player's session ended, and a new login is refused.
    const oldSession = await callApi(ctx, ACCOUNT_PATHS.balance, { method: 'GET', token: player.token });
    expect(oldSession.status).toBe(401);
    const loggingIn = await login(player.mobile);
    expect(loggingIn.code).toBe(ERRORS.ACCOUNT_DISABLED.code);

    const [entry] = (await auditOf('player.disable')).filter(
      (candidate) => candidate.target === `member:${player.id}`,
    );
    expect(entry).toMatchObject({
      staffId: admin.staff.id,
      before: { disabled: false, liveSessions: 1 },
      after: { disabled: true, reason: 'Fraud check' },
    });

    const enabled = await post(admin, pathOf(ADMIN_PLAYER_PATHS.enable, player.id), { reason: 'Cleared' });
    expect(enabled.code, enabled.msg).toBe(0);
    expect(enabled.data).toMatchObject({ disabled: false });
    const twice = await post(admin, pathOf(ADMIN_PLAYER_PATHS.enable, player.id), { reason: 'Cleared' });
    expect(twice.code).toBe(ERRORS.PLAYER_NOT_DISABLED.code);
    const back = await login(player.mobile);
    expect(back.code, back.msg).toBe(0);
  });

  it('forces a time-out within the market’s range with the player’s own break, and ends sessions', async () => {
    const player = await newMember(ctx, { kyc: 'none' });
    const refused = await post(payments, pathOf(ADMIN_PLAYER_PATHS.timeOut, player.id), {
      hours: 24,
      reason: 'Asked by phone',
    });
    expect(refused.code).toBe(ERRORS.FORBIDDEN.code);
    const tooLong = await post(support, pathOf(ADMIN_PLAYER_PATHS.timeOut, player.id), {
      hours: 24 * 365,
      reason: 'Asked by phone',
    });
    expect(tooLong.code).toBe(ERRORS.BREAK_LENGTH.code);
    const timedOut = await post(support, pathOf(ADMIN_PLAYER_PATHS.timeOut, player.id), {
      hours: 24,
      reason: 'Asked by phone',
    });
    expect(timedOut.code, timedOut.msg).toBe(0);
    const account = timedOut.data as PlayerAccount;
    expect(account.liveSessions).toBe(0);
    expect(Date.parse(account.breakEndsAt!) - Date.now()).toBeGreaterThan(23 * 3600_000);
    const loggingIn = await login(player.mobile);
    expect(loggingIn.code).toBe(ERRORS.ON_BREAK.code);
    const again = await post(support, pathOf(ADMIN_PLAYER_PATHS.timeOut, player.id), {
      hours: 24,
      reason: 'Twice',
    });
    expect(again.code).toBe(ERRORS.PLAYER_NOT_ACTIVE.code);
    const [entry] = (await auditOf('player.time-out')).filter(
      (candidate) => candidate.target === `member:${player.id}`,
    );
    expect(entry).toMatchObject({
      before: { breakEndsAt: null },
      after: { hours: 24, reason: 'Asked by phone' },
    });
  });

  it('ends every session of a player', async () => {
    const player = await newMember(ctx, { kyc: 'none' });
    const refused = await post(viewer, pathOf(ADMIN_PLAYER_PATHS.endSessions, player.id), {
      reason: 'Lost phone',
    });
    expect(refused.code).toBe(ERRORS.FORBIDDEN.code);
    const ended = await post(support, pathOf(ADMIN_PLAYER_PATHS.endSessions, player.id), {
      reason: 'Lost phone',
    });
    expect(ended.code, ended.msg).toBe(0);
    expect(ended.data).toMatchObject({ liveSessions: 0, disabled: false });
    const oldSession = await callApi(ctx, ACCOUNT_PATHS.balance, { method: 'GET', token: player.token });
    expect(oldSession.status).toBe(401);
    const [entry] = (await auditOf('player.end-sessions')).filter(
      (candidate) => candidate.target === `member:${player.id}`,
    );
    expect(entry).toMatchObject({
      before: { liveSessions: 1 },
      after: { liveSessions: 0, reason: 'Lost phone' },
    });
    const account = await get(payments, pathOf(ADMIN_PLAYER_PATHS.account, player.id));
    expect(account.data).toMatchObject({ liveSessions: 0 });
  });
});
