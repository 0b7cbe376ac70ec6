import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { Adjustment, AdminSystemOption, AdminSystemOptions } from '@app/contracts/back-office-money';
import { SYSTEM_OPTION } from '@app/contracts/config';
import { COUNTRY_PROFILES } from '@app/contracts/country';
import { ERRORS } from '@app/contracts/errors';
import { ADMIN_PATHS } from '@app/contracts/paths';
import type { Role } from '@app/contracts/staff';
import { auditEntries, pathWith, staffGet, staffSend, useStaffSessions } from '../../../test/back-office.ts';
import { countRows, newMember } from '../../../test/factory.ts';
import { expectLedgerInvariants } from '../../../test/ledger-invariants.ts';
import { staffSession, type TestStaff } from '../../../test/staff-session.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { TOTP_PERIOD_MS, totpCode } from '../../modules/platform/staff/totp.ts';
import { getBalances } from '../../modules/platform/wallet/wallet.service.ts';

/**
 * The back office's money with two people (issue 26 §3): system options (`options.write`, audited with
 * before and after) and manual adjustments as maker-checker requests: refused to staff without the
 * permission, refused when the checker is the maker (by the service and by the table's CHECK), executed
 * once under parallel approvals, the ledger keeping the reason.
 */
const ctx = useTestApp();
const [admin, viewer, maker] = useStaffSessions(ctx, 'admin', 'viewer', 'payments');

/** A code of the step after the login's: fresh for one decision. */
const freshCode = (staff: TestStaff) => totpCode(staff.secret, Date.now() + TOTP_PERIOD_MS);
const auditOf = (action: string) => auditEntries(ctx, admin, action);

describe('system options', () => {
  const listOptions = (staff: TestStaff) => staffGet(ctx, staff, ADMIN_PATHS.systemOptions);
  const change = (staff: TestStaff, type: number, json: Record<string, unknown>) =>
    staffSend(ctx, staff, pathWith(ADMIN_PATHS.systemOption, { type }), json, 'PUT');
  const approvalAmounts = JSON.stringify({ automaticUpTo: 2_000_00, twoApproversAbove: 9_000_00 });

  it('are refused without options.write, before the body is read', async () => {
    for (const staff of [viewer, maker]) {
      const read = await listOptions(staff);
      expect([read.status, read.code]).toEqual([403, ERRORS.FORBIDDEN.code]);
      const written = await change(staff, SYSTEM_OPTION.WITHDRAW_APPROVAL, { content: approvalAmounts });
      expect([written.status, written.code]).toEqual([403, ERRORS.FORBIDDEN.code]);
    }
    expect(await auditOf('option.change')).toEqual([]);
  });

  it('list the approval amounts (6003) while not set, beside the market’s', async () => {
    const answer = await listOptions(admin);
    expect(answer.code, answer.msg).toBe(0);
    const { options, marketWithdrawalApproval } = answer.data as AdminSystemOptions;
    expect(marketWithdrawalApproval).toEqual(COUNTRY_PROFILES.KE.withdrawalApproval);
    expect(options.find((option) => option.type === SYSTEM_OPTION.WITHDRAW_APPROVAL)).toMatchObject({
      id: null,
      content: '',
      operatorOnly: true,
    });
  });

  it('refuse a content its schema refuses, and change nothing', async () => {
    for (const content of [
      'not json',
      '{"automaticUpTo":900000,"twoApproversAbove":200000}',
      '{"automaticUpTo":1.5,"twoApproversAbove":2}',
      '{"automaticUpTo":100}',
    ]) {
      const answer = await change(admin, SYSTEM_OPTION.WITHDRAW_APPROVAL, { content });
      expect([answer.status, answer.code], content).toEqual([400, ERRORS.VALIDATION.code]);
    }
    expect(await countRows(ctx, 'cf_global', { type: SYSTEM_OPTION.WITHDRAW_APPROVAL })).toBe(0);
  });

  it('set and change 6003, each change audited with who, before and after, never served to players', async () => {
    const made = await change(admin, SYSTEM_OPTION.WITHDRAW_APPROVAL, { content: approvalAmounts });
    expect(made.code, made.msg).toBe(0);
    const option = made.data as AdminSystemOption;
    expect(option).toMatchObject({ type: 6003, content: approvalAmounts, operatorOnly: true, platform: 0 });
    expect(option.id).toBeGreaterThan(0);

    const raised = JSON.stringify({ automaticUpTo: 3_000_00, twoApproversAbove: 9_000_00 });
    const again = await change(admin, SYSTEM_OPTION.WITHDRAW_APPROVAL, { content: raised });
    expect(again.code, again.msg).toBe(0);
    expect((again.data as AdminSystemOption).id).toBe(option.id);

    const [second, first] = await auditOf('option.change');
    expect(first).toMatchObject({
      staffId: admin.staff.id,
      target: `option:6003:${option.id}`,
      before: null,
      after: { content: approvalAmounts },
    });
    expect(second).toMatchObject({
      staffId: admin.staff.id,
      before: { content: approvalAmounts },
      after: { content: raised },
    });
    expect(Date.parse(second!.at)).toBeGreaterThan(0);
  });

  it('answer 1004 for a type that is neither stored nor settable', async () => {
    const answer = await change(admin, 987_654, { content: 'x' });
    expect(answer.code).toBe(ERRORS.NOT_FOUND.code);
  });
});

describe('manual adjustments', () => {
  const requestAdjustment = (staff: TestStaff, json: Record<string, unknown>) =>
    staffSend(ctx, staff, ADMIN_PATHS.adjustments, json);
  const approve = (staff: TestStaff, id: number, code = freshCode(staff)) =>
    staffSend(ctx, staff, pathWith(ADMIN_PATHS.adjustmentApprove, { id }), { code });
  const reject = (staff: TestStaff, id: number, note: string) =>
    staffSend(ctx, staff, pathWith(ADMIN_PATHS.adjustmentReject, { id }), { code: freshCode(staff), note });
  const checker = (roles: Role[] = ['payments']) => staffSession(ctx, roles);

  async function asked(json: Record<string, unknown>): Promise<Adjustment> {
    const answer = await requestAdjustment(maker, { key: randomUUID(), ...json });
    expect(answer.code, answer.msg).toBe(0);
    return answer.data as Adjustment;
  }

  it('are refused without their permissions', async () => {
    const player = await newMember(ctx);
    const support = await staffSession(ctx, ['support']);
    for (const staff of [support, viewer]) {
      const listed = await staffGet(ctx, staff, ADMIN_PATHS.adjustments);
      expect([listed.status, listed.code]).toEqual([403, ERRORS.FORBIDDEN.code]);
      const made = await requestAdjustment(staff, {
        memberId: player.id,
        asset: 'cash',
        direction: 'credit',
        amount: 100,
        reason: 'Missing deposit',
        key: randomUUID(),
      });
      expect([made.status, made.code]).toEqual([403, ERRORS.FORBIDDEN.code]);
    }
    const pending = await asked({
      memberId: player.id,
      asset: 'coins',
      direction: 'credit',
      amount: 5,
      reason: 'Goodwill gesture',
    });
    const refused = await approve(viewer, pending.id);
    expect([refused.status, refused.code]).toEqual([403, ERRORS.FORBIDDEN.code]);
  });

  it('are asked once per key, and executed by another staff member with the ledger keeping the reason', async () => {
    const player = await newMember(ctx);
    const key = randomUUID();
    const body = {
      memberId: player.id,
      asset: 'cash',
      direction: 'credit',
      amount: 2_500_00,
      withdrawable: true,
      reason: 'M-PESA receipt QK12AB34CD paid but not credited',
      key,
    };
    const first = await requestAdjustment(maker, body);
    expect(first.code, first.msg).toBe(0);
    const adjustment = first.data as Adjustment;
    expect(adjustment).toMatchObject({
      state: 'pending',
      mobile: player.mobile,
      requestedBy: { id: maker.staff.id },
    });
    // The same submission again is the same request; the key with other fields is refused.
    expect((await requestAdjustment(maker, body)).data).toMatchObject({ id: adjustment.id });
    const conflict = await requestAdjustment(maker, { ...body, amount: 9_999_00 });
    expect(conflict.code).toBe(ERRORS.IDEMPOTENCY_CONFLICT.code);

    // The maker cannot approve their own request: nothing moves.
    const own = await approve(maker, adjustment.id);
    expect([own.status, own.code]).toEqual([409, ERRORS.ADJUSTMENT_SAME_STAFF.code]);
    expect((await getBalances(ctx.db, player.id)).cash).toBe(0);

    const other = await checker();
    const approved = await approve(other, adjustment.id);
    expect(approved.code, approved.msg).toBe(0);
    const executed = approved.data as Adjustment;
    expect(executed).toMatchObject({
      state: 'executed',
      decidedBy: { id: other.staff.id, login: other.login },
    });
    const balances = await getBalances(ctx.db, player.id);
    expect([balances.cash, balances.withdrawable]).toEqual([2_500_00, 2_500_00]);
    const journal = await ctx.db
      .selectFrom('journal_transaction')
      .select(['id', 'kind', 'description'])
      .where('idempotency_key', '=', `adjustment:${key}`)
      .executeTakeFirstOrThrow();
    expect(journal).toEqual({ id: executed.transactionId, kind: 'adjustment', description: body.reason });

    const again = await approve(await checker(), adjustment.id);
    expect(again.code).toBe(ERRORS.ADJUSTMENT_DECIDED.code);

    const requests = (await auditOf('adjustment.request')).filter(
      (entry) => entry.target === `member:${player.id}`,
    );
    expect(requests).toHaveLength(1);
    const [approval] = (await auditOf('adjustment.approve')).filter(
      (entry) => entry.target === `adjustment:${adjustment.id}`,
    );
    expect(approval).toMatchObject({ staffId: other.staff.id, after: { result: { state: 'executed' } } });
    expect(JSON.stringify(approval!.after)).not.toContain('"code"');
    await expectLedgerInvariants(ctx.db);
  });

  it('debit coins, diamonds and tickets, and leave a debit the balance cannot cover pending', async () => {
    const player = await newMember(ctx, { coins: 40 });
    const debit = await asked({
      memberId: player.id,
      asset: 'coins',
      direction: 'debit',
      amount: 30,
      reason: 'Coins credited twice by the package',
    });
    const other = await checker();
    expect((await approve(other, debit.id)).code).toBe(0);
    expect((await getBalances(ctx.db, player.id)).coins).toBe(10);

    const tooMuch = await asked({
      memberId: player.id,
      asset: 'diamonds',
      direction: 'debit',
      amount: 1,
      reason: 'Diamonds from a cancelled task',
    });
    const refused = await approve(await checker(), tooMuch.id);
    expect(refused.code).toBe(ERRORS.INSUFFICIENT_BALANCE.code);
    expect((await listAdjustments('pending')).map((each) => each.id)).toContain(tooMuch.id);

    const tickets = await asked({
      memberId: player.id,
      asset: 'tickets',
      direction: 'credit',
      amount: 3,
      reason: 'Draw tickets lost in the outage',
    });
    expect((await approve(await checker(), tickets.id)).code).toBe(0);
    expect((await getBalances(ctx.db, player.id)).tickets).toBe(3);
  });

  async function listAdjustments(state: string): Promise<Adjustment[]> {
    const answer = await staffGet(ctx, maker, ADMIN_PATHS.adjustments, `?state=${state}`);
    expect(answer.code, answer.msg).toBe(0);
    return (answer.data as { adjustments: Adjustment[] }).adjustments;
  }

  it('are rejected with a note, nothing moving', async () => {
    const player = await newMember(ctx);
    const adjustment = await asked({
      memberId: player.id,
      asset: 'cash',
      direction: 'credit',
      amount: 100_00,
      reason: 'Customer says the game froze',
    });
    const other = await checker();
    const answer = await reject(other, adjustment.id, 'The round settled correctly');
    expect(answer.code, answer.msg).toBe(0);
    expect(answer.data).toMatchObject({ state: 'rejected', note: 'The round settled correctly' });
    expect((await getBalances(ctx.db, player.id)).cash).toBe(0);
    expect((await listAdjustments('rejected')).map((each) => each.id)).toContain(adjustment.id);
    expect((await approve(await checker(), adjustment.id)).code).toBe(ERRORS.ADJUSTMENT_DECIDED.code);
  });

  it('cannot be decided by their maker even in the database', async () => {
    const player = await newMember(ctx);
    const adjustment = await asked({
      memberId: player.id,
      asset: 'coins',
      direction: 'credit',
      amount: 1,
      reason: 'Checking the constraint',
    });
    await expect(
      sql`update manual_adjustment set state = 'rejected', decided_by = requested_by, decided_at = now()
          where id = ${adjustment.id}`.execute(ctx.db),
    ).rejects.toThrow(/manual_adjustment_four_eyes/);
  });

  it('are executed once when several staff members approve at the same moment', async () => {
    const player = await newMember(ctx);
    const key = randomUUID();
    const adjustment = await asked({
      memberId: player.id,
      asset: 'cash',
      direction: 'credit',
      amount: 700_00,
      reason: 'Parallel approvals',
      key,
    });
    const checkers = await Promise.all([checker(), checker(), checker(), checker(['admin'])]);
    const answers = await Promise.all(checkers.map((each) => approve(each, adjustment.id)));
    expect(answers.map((answer) => answer.code).sort()).toEqual([
      0,
      ERRORS.ADJUSTMENT_DECIDED.code,
      ERRORS.ADJUSTMENT_DECIDED.code,
      ERRORS.ADJUSTMENT_DECIDED.code,
    ]);
    expect((await getBalances(ctx.db, player.id)).cash).toBe(700_00);
    expect(await countRows(ctx, 'journal_transaction', { idempotency_key: `adjustment:${key}` })).toBe(1);
    await expectLedgerInvariants(ctx.db);
  });
});
