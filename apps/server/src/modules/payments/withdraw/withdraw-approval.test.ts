import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SYSTEM_OPTION } from '@app/contracts/config';
import { COUNTRY_PROFILES } from '@app/contracts/country';
import { ERRORS } from '@app/contracts/errors';
import { ADMIN_PATHS, PAYMENT_PATHS } from '@app/contracts/paths';
import type { WithdrawRecord } from '@app/contracts/payment-records';
import type { Role } from '@app/contracts/staff';
import type { HeldWithdrawals, WithdrawalApprovalDecision } from '@app/contracts/withdraw-approval';
import { approvalsRequired, readWithdrawApproval } from '@app/contracts/withdraw-rules';
import { callApi } from '../../../../test/api-client.ts';
import { countRows, newMember, payChannelId, placeBet, type TestMember } from '../../../../test/factory.ts';
import { expectLedgerInvariants } from '../../../../test/ledger-invariants.ts';
import { startPaymentsTestApp, type TestApp } from '../../../../test/test-app.ts';
import type { PaymentDeps } from '../channels/payment-deps.ts';
import { ACCOUNT, creditMember, getBalances } from '../../platform/wallet/wallet.service.ts';
import { createStaff } from '../../platform/staff/staff.service.ts';
import { TOTP_PERIOD_MS, totpCode } from '../../platform/staff/totp.ts';
import { pauseByOperator, resumeByOperator } from '../channels/mpesa-pause.ts';
import { sendQueuedPayouts } from './withdraw.service.ts';

/**
 * Issue 26 §3 "Money with two people": withdrawals routed by the market's amounts (Kenya: paid at once up to
 * KSh 50,000, one approver above, two above KSh 100,000), approved or rejected by staff through the admin
 * API, each decision with a fresh authenticator code; the Daraja simulator shows what was really sent.
 */
let ctx: TestApp;
let deps: PaymentDeps;

beforeAll(async () => {
  ({ ctx, deps } = await startPaymentsTestApp());
});
afterAll(() => ctx.close());

const KES = 100;
const KENYA = COUNTRY_PROFILES.KE.withdrawalApproval;
let keys = 0;

/** Money in as a paid deposit would bring it (all withdrawable), without the deposit module. */
async function deposit(memberId: number, amount: number): Promise<void> {
  await creditMember(ctx.db, {
    memberId,
    from: ACCOUNT.mpesaClearing,
    key: `approval-test-deposit:${(keys += 1)}`,
    kind: 'deposit',
    cash: amount,
    withdrawable: amount,
  });
}

async function richMember(): Promise<TestMember> {
  const member = await newMember(ctx);
  await deposit(member.id, 200_000 * KES);
  return member;
}

async function withdraw(who: TestMember, money: number) {
  const answer = await callApi(ctx, PAYMENT_PATHS.withdrawInit, {
    token: who.token,
    form: {
      money: String(money),
      channel: 'MPESA',
      payChannel: String(await payChannelId(ctx, 'withdraw', 'MPESA')),
    },
  });
  expect(answer.code, answer.msg).toBe(0);
  return answer.data as { withdrawNo: string; status: string; message: string };
}

const rowOf = (withdrawNo: string) =>
  ctx.db.selectFrom('withdrawal').selectAll().where('withdraw_no', '=', withdrawNo).executeTakeFirstOrThrow();

/** The B2C payments the simulator received for this withdrawal (Daraja's OriginatorConversationID). */
async function paymentsSent(withdrawNo: string) {
  const state = await ctx.mpesa.state();
  return state.payments.filter((payment) => payment.originatorConversationId === withdrawNo);
}

type Approver = { id: number; secret: string; token: string; codes: () => string[] };

let staffCount = 0;

/**
 * A staff member logged in with the code of the step before now, so that the codes of now and of the next
 * step (both within the ±1 step window) are fresh for two decisions: `codes()` answers them.
 */
async function approver(roles: Role[] = ['payments']): Promise<Approver> {
  staffCount += 1;
  const login = `approver${staffCount}-${Date.now().toString(36)}`;
  const password = `approver-password-${staffCount}`;
  const created = await createStaff(
    { db: ctx.db, issuer: 'test' },
    { staffId: null, login: 'test-fixture', requestId: null },
    { login, password, roles },
  );
  const enrolled = await callApi(ctx, ADMIN_PATHS.enrolTotp, { json: { login, password } });
  const secret = (enrolled.data as { secret: string }).secret;
  const session = await callApi(ctx, ADMIN_PATHS.login, {
    json: { login, password, code: totpCode(secret, Date.now() - TOTP_PERIOD_MS) },
  });
  expect(session.code, session.msg).toBe(0);
  return {
    id: created.id,
    secret,
    token: (session.data as { token: string }).token,
    codes: () => [totpCode(secret), totpCode(secret, Date.now() + TOTP_PERIOD_MS)],
  };
}

const pathOf = (path: string, id: number) => path.replace(':id', String(id));

function decide(who: Approver, action: 'approve' | 'reject', id: number, body: Record<string, unknown>) {
  const path = action === 'approve' ? ADMIN_PATHS.withdrawalApprove : ADMIN_PATHS.withdrawalReject;
  return callApi(ctx, pathOf(path, id), { headers: { authorization: `Bearer ${who.token}` }, json: body });
}

const approve = (who: Approver, id: number, code = who.codes()[0]) => decide(who, 'approve', id, { code });

async function heldList(who: Approver): Promise<HeldWithdrawals> {
  const answer = await callApi(ctx, ADMIN_PATHS.withdrawalApprovals, {
    method: 'GET',
    headers: { authorization: `Bearer ${who.token}` },
  });
  expect(answer.code, answer.msg).toBe(0);
  return answer.data as HeldWithdrawals;
}

async function recordOf(who: TestMember, withdrawNo: string, language = 'en'): Promise<WithdrawRecord> {
  const answer = await callApi(ctx, PAYMENT_PATHS.withdrawRecords, {
    method: 'GET',
    token: who.token,
    query: '?quantity=20',
    headers: { 'accept-language': language },
  });
  const record = (answer.data as WithdrawRecord[]).find((item) => item.withdrawNo === withdrawNo);
  if (!record) throw new Error(`no record ${withdrawNo}: ${JSON.stringify(answer)}`);
  return record;
}

/** The payout queue as a few instances run it at once; answers the B2C requests they sent. */
async function runPayoutQueue(): Promise<string[]> {
  const sent: string[] = [];
  const counted: PaymentDeps = {
    ...deps,
    mpesa: {
      ...deps.mpesa,
      b2cPayment: (input) => {
        sent.push(input.withdrawalId);
        return deps.mpesa.b2cPayment(input);
      },
    },
  };
  await Promise.all([sendQueuedPayouts(counted), sendQueuedPayouts(counted), sendQueuedPayouts(counted)]);
  return sent;
}

async function waitForPaid(withdrawNo: string) {
  await vi.waitFor(
    async () => {
      const row = await rowOf(withdrawNo);
      expect(row.state).toBe('paid');
      expect(row.next_check_at).toBeNull();
    },
    { timeout: 10_000, interval: 50 },
  );
}

describe('approval amounts', () => {
  it('counts none up to the automatic amount, one above it, two above the two-approver amount', () => {
    expect(approvalsRequired(KENYA.automaticUpTo, KENYA)).toBe(0);
    expect(approvalsRequired(KENYA.automaticUpTo + 1, KENYA)).toBe(1);
    expect(approvalsRequired(KENYA.twoApproversAbove, KENYA)).toBe(1);
    expect(approvalsRequired(KENYA.twoApproversAbove + 1, KENYA)).toBe(2);
    // A market whose amounts are not set: every withdrawal waits for two people.
    expect(approvalsRequired(1, COUNTRY_PROFILES.GH.withdrawalApproval)).toBe(2);
  });

  it('reads option 6003 only when it is whole, minor units, and two approvers start at or above automatic', () => {
    expect(readWithdrawApproval('{"automaticUpTo":100,"twoApproversAbove":500}')).toEqual({
      automaticUpTo: 100,
      twoApproversAbove: 500,
    });
    for (const bad of [
      undefined,
      '',
      'x',
      '{"automaticUpTo":500,"twoApproversAbove":100}',
      '{"automaticUpTo":1.5,"twoApproversAbove":2}',
      '{"automaticUpTo":-1,"twoApproversAbove":2}',
    ]) {
      expect(readWithdrawApproval(bad)).toBeNull();
    }
  });
});

describe('withdrawals routed by amount', () => {
  it('pays a withdrawal at or below the automatic amount at once', async () => {
    const member = await richMember();
    const answer = await withdraw(member, 40_000 * KES);
    expect(await paymentsSent(answer.withdrawNo)).toHaveLength(1);
    await waitForPaid(answer.withdrawNo);
    expect((await rowOf(answer.withdrawNo)).approvals_required).toBe(0);
  });

  it('holds one above it, reserved and under review, and sends it after one approval', async () => {
    const member = await richMember();
    const answer = await withdraw(member, 60_000 * KES);
    const row = await rowOf(answer.withdrawNo);
    expect(row).toMatchObject({ state: 'approval', approvals_required: 1, next_check_at: null });
    expect(answer.message).toMatch(/^Under review/);
    // The money is reserved as for any withdrawal: out of the balance, in the withdrawal hold.
    expect(await getBalances(ctx.db, member.id)).toMatchObject({ cash: 200_000 * KES - Number(row.money) });
    // Nothing goes to M-Pesa while it waits, whatever the queue does.
    expect(await runPayoutQueue()).not.toContain(answer.withdrawNo);
    expect(await paymentsSent(answer.withdrawNo)).toHaveLength(0);
    const record = await recordOf(member, answer.withdrawNo, 'sw');
    expect(record).toMatchObject({ status: 'pending' });
    expect(record.message).toMatch(/^Inakaguliwa/);

    const staff = await approver();
    const listed = (await heldList(staff)).withdrawals.find((item) => item.withdrawNo === answer.withdrawNo);
    expect(listed).toMatchObject({
      memberId: member.id,
      money: Number(row.money),
      approvalsRequired: 1,
      approvals: [],
      risk: { memberAgeDays: 0, firstWithdrawal: true, depositedTotal: 200_000 * KES, withdrawnTotal: 0 },
    });

    const approved = await approve(staff, Number(row.id));
    expect(approved.code, approved.msg).toBe(0);
    expect(approved.data).toMatchObject({ state: 'queued', approvals: [{ staffId: staff.id }] });
    expect((await recordOf(member, answer.withdrawNo)).message).toMatch(/^Approved/);
    expect(await runPayoutQueue()).toEqual([answer.withdrawNo]);
    await waitForPaid(answer.withdrawNo);
    expect(await paymentsSent(answer.withdrawNo)).toHaveLength(1);
    // Decided: no longer listed, and a later decision is refused.
    expect((await heldList(staff)).withdrawals.map((item) => item.id)).not.toContain(Number(row.id));
    const late = await approve(await approver(), Number(row.id));
    expect(late.code).toBe(ERRORS.ORDER_CLOSED.code);
    await expectLedgerInvariants(ctx.db);
  });

  it('tells staff and the member that one approved during an M-Pesa pause waits for it, and sends it on resume', async () => {
    const member = await richMember();
    const answer = await withdraw(member, 60_000 * KES);
    const row = await rowOf(answer.withdrawNo);
    const operator = { staffId: null, login: 'maintenance-test', requestId: null };
    await pauseByOperator(ctx.db, operator, 'Safaricom maintenance');
    try {
      const approved = await approve(await approver(), Number(row.id));
      expect(approved.code, approved.msg).toBe(0);
      expect(approved.data).toMatchObject({ state: 'queued', paymentsPaused: true });
      expect((await recordOf(member, answer.withdrawNo)).message).toBe(
        'Approved: M-PESA is under maintenance, so your withdrawal is queued and will be paid when it is back',
      );
      expect((await recordOf(member, answer.withdrawNo, 'fr')).message).toMatch(
        /^Approuvé : M-PESA est en maintenance/,
      );
      expect(await runPayoutQueue()).not.toContain(answer.withdrawNo);
      expect(await paymentsSent(answer.withdrawNo)).toHaveLength(0);
    } finally {
      await resumeByOperator(ctx.db, operator);
    }
    expect((await recordOf(member, answer.withdrawNo)).message).toBe(
      'Approved: your withdrawal is on its way to M-PESA',
    );
    expect(await runPayoutQueue()).toEqual([answer.withdrawNo]);
    await waitForPaid(answer.withdrawNo);
    expect(await paymentsSent(answer.withdrawNo)).toHaveLength(1);
    await expectLedgerInvariants(ctx.db);
  });

  it('needs two different staff members above the two-approver amount; the same one twice is refused', async () => {
    const member = await richMember();
    const answer = await withdraw(member, 120_000 * KES);
    const id = Number((await rowOf(answer.withdrawNo)).id);
    expect(await rowOf(answer.withdrawNo)).toMatchObject({ state: 'approval', approvals_required: 2 });

    const first = await approver();
    const [now, next] = first.codes();
    const once = await approve(first, id, now);
    expect(once.code, once.msg).toBe(0);
    expect(once.data).toMatchObject({ state: 'approval', approvalsRequired: 2 });
    expect(await runPayoutQueue()).not.toContain(answer.withdrawNo);
    expect(await paymentsSent(answer.withdrawNo)).toHaveLength(0);

    // A fresh code of the same person again: refused, and it still waits.
    const twice = await approve(first, id, next);
    expect(twice.code).toBe(ERRORS.WITHDRAW_ALREADY_APPROVED.code);
    expect((await rowOf(answer.withdrawNo)).state).toBe('approval');

    const second = await approver();
    const done = await approve(second, id);
    expect(done.code, done.msg).toBe(0);
    expect((done.data as WithdrawalApprovalDecision).approvals.map((item) => item.staffId)).toEqual([
      first.id,
      second.id,
    ]);
    expect(done.data).toMatchObject({ state: 'queued' });
    expect(await runPayoutQueue()).toEqual([answer.withdrawNo]);
    await waitForPaid(answer.withdrawNo);

    // Each decision is in the audit log, the code left out.
    const audited = await ctx.db
      .selectFrom('audit_log')
      .select(['action', 'staff_id', 'after'])
      .where('target', '=', `withdrawal:${id}`)
      .orderBy('id')
      .execute();
    expect(audited.map((entry) => [entry.action, entry.staff_id])).toEqual([
      ['withdrawal.approve', first.id],
      ['withdrawal.approve', second.id],
    ]);
    expect(JSON.stringify(audited)).not.toContain(now);
    await expectLedgerInvariants(ctx.db);
  });

  it('sends a withdrawal approved by two staff members at once exactly once', async () => {
    const member = await richMember();
    const single = await withdraw(member, 60_000 * KES);
    const double = await withdraw(member, 120_000 * KES);
    const [a, b, c, d] = await Promise.all([approver(), approver(), approver(), approver()]);
    const singleId = Number((await rowOf(single.withdrawNo)).id);
    const doubleId = Number((await rowOf(double.withdrawNo)).id);
    const answers = await Promise.all([
      approve(a, singleId),
      approve(b, singleId),
      approve(c, doubleId),
      approve(d, doubleId),
    ]);
    // One approval was enough for the first: the other found it decided.
    expect(
      answers
        .slice(0, 2)
        .map((answer) => answer.code)
        .toSorted(),
    ).toEqual([0, ERRORS.ORDER_CLOSED.code]);
    expect(answers.slice(2).map((answer) => answer.code)).toEqual([0, 0]);
    expect((await rowOf(double.withdrawNo)).state).toBe('queued');
    const sent = await runPayoutQueue();
    expect(sent.toSorted()).toEqual([single.withdrawNo, double.withdrawNo].toSorted());
    expect(await runPayoutQueue()).toEqual([]);
    await waitForPaid(single.withdrawNo);
    await waitForPaid(double.withdrawNo);
    const approvals = await ctx.db
      .selectFrom('withdrawal_approval')
      .select('withdrawal_id')
      .where('withdrawal_id', 'in', [singleId, doubleId])
      .execute();
    expect(approvals).toHaveLength(3);
    await expectLedgerInvariants(ctx.db);
  });
});

describe('approval decisions', () => {
  it('refuses a wrong code and a code already used (at login or for an earlier decision)', async () => {
    const member = await richMember();
    const answer = await withdraw(member, 60_000 * KES);
    const id = Number((await rowOf(answer.withdrawNo)).id);
    const staff = await approver();
    const valid = new Set(
      [-1, 0, 1].map((steps) => totpCode(staff.secret, Date.now() + steps * TOTP_PERIOD_MS)),
    );
    let wrong = '000000';
    while (valid.has(wrong)) wrong = String(Number(wrong) + 1).padStart(6, '0');
    expect((await approve(staff, id, wrong)).code).toBe(ERRORS.STAFF_CODE_REFUSED.code);
    // The login's code (the step before now) is spent.
    const loginCode = totpCode(staff.secret, Date.now() - TOTP_PERIOD_MS);
    expect((await approve(staff, id, loginCode)).code).toBe(ERRORS.STAFF_CODE_REFUSED.code);
    expect((await decide(staff, 'reject', id, { code: wrong, reason: 'Suspicious' })).code).toBe(
      ERRORS.STAFF_CODE_REFUSED.code,
    );
    expect((await rowOf(answer.withdrawNo)).state).toBe('approval');

    // A code taken by one decision cannot be used for the next: replaying a captured approval fails.
    const other = await richMember();
    const otherAnswer = await withdraw(other, 60_000 * KES);
    const [now] = staff.codes();
    expect((await approve(staff, id, now)).code).toBe(0);
    const replay = await approve(staff, Number((await rowOf(otherAnswer.withdrawNo)).id), now);
    expect(replay.code).toBe(ERRORS.STAFF_CODE_REFUSED.code);
    expect((await rowOf(otherAnswer.withdrawNo)).state).toBe('approval');
  });

  it('refuses staff without withdrawals.approve before reading the body', async () => {
    const member = await richMember();
    const answer = await withdraw(member, 60_000 * KES);
    const id = Number((await rowOf(answer.withdrawNo)).id);
    const support = await approver(['support']);
    expect((await decide(support, 'approve', id, {})).code).toBe(ERRORS.FORBIDDEN.code);
    expect((await decide(support, 'reject', id, {})).code).toBe(ERRORS.FORBIDDEN.code);
    const list = await callApi(ctx, ADMIN_PATHS.withdrawalApprovals, {
      method: 'GET',
      headers: { authorization: `Bearer ${support.token}` },
    });
    expect(list.code).toBe(ERRORS.FORBIDDEN.code);
  });

  it('returns the money of a rejected withdrawal and tells the member why', async () => {
    const member = await richMember();
    const answer = await withdraw(member, 120_000 * KES);
    const id = Number((await rowOf(answer.withdrawNo)).id);
    const first = await approver();
    expect((await approve(first, id)).code).toBe(0);
    const second = await approver();
    const rejected = await decide(second, 'reject', id, {
      code: second.codes()[0],
      reason: 'The account was opened with another person’s ID',
    });
    expect(rejected.code, rejected.msg).toBe(0);
    expect(rejected.data).toMatchObject({
      state: 'failed',
      rejectionReason: 'The account was opened with another person’s ID',
    });
    const row = await rowOf(answer.withdrawNo);
    expect(row).toMatchObject({ state: 'failed', next_check_at: null });
    expect(row.settle_transaction_id).not.toBeNull();
    // Everything reserved came back, through the failed payout's return step.
    expect(await getBalances(ctx.db, member.id)).toMatchObject({
      cash: 200_000 * KES,
      withdrawable: 200_000 * KES,
    });
    expect(
      await countRows(ctx, 'journal_transaction', {
        idempotency_key: `withdraw:${answer.withdrawNo}:return`,
      }),
    ).toBe(1);
    expect(await runPayoutQueue()).not.toContain(answer.withdrawNo);
    expect(await paymentsSent(answer.withdrawNo)).toHaveLength(0);

    const record = await recordOf(member, answer.withdrawNo);
    expect(record.status).toBe('failed');
    expect(record.message).toBe(
      'Declined after review, the money is back in your balance. Reason: The account was opened with another person’s ID',
    );
    expect((await recordOf(member, answer.withdrawNo, 'fr')).message).toMatch(/^Refusé après vérification/);

    // Decided: approving or rejecting it again is refused.
    const again = await decide(first, 'reject', id, { code: first.codes()[1], reason: 'again' });
    expect(again.code).toBe(ERRORS.ORDER_CLOSED.code);
    const audited = await ctx.db
      .selectFrom('audit_log')
      .select('action')
      .where('target', '=', `withdrawal:${id}`)
      .orderBy('id')
      .execute();
    expect(audited.map((entry) => entry.action)).toEqual(['withdrawal.approve', 'withdrawal.reject']);
    await expectLedgerInvariants(ctx.db);
  });

  it('follows the operator’s option 6003 in place of the market’s amounts', async () => {
    const option = await ctx.db
      .insertInto('cf_global')
      .values({
        type: SYSTEM_OPTION.WITHDRAW_APPROVAL,
        name: 'withdraw approval',
        content: JSON.stringify({ automaticUpTo: 1_000 * KES, twoApproversAbove: 2_000 * KES }),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    try {
      const member = await richMember();
      const small = await withdraw(member, 900 * KES);
      const large = await withdraw(member, 2_500 * KES);
      expect((await rowOf(small.withdrawNo)).approvals_required).toBe(0);
      expect(await rowOf(large.withdrawNo)).toMatchObject({ state: 'approval', approvals_required: 2 });
      // Players' apps are never told the amounts (they would say how to stay under them).
      const published = await ctx.app.inject({
        method: 'GET',
        url: '/api/config-service/cfGlobal/queryGlobalByPlatform',
      });
      const types = published.json<{ data: { type: number }[] }>().data.map((item) => item.type);
      expect(types).toContain(SYSTEM_OPTION.WITHDRAW_LIMIT);
      expect(types).not.toContain(SYSTEM_OPTION.WITHDRAW_APPROVAL);
      const byType = await ctx.app.inject({
        method: 'GET',
        url: `/api/config-service/cfGlobal/queryGlobalByType?type=${SYSTEM_OPTION.WITHDRAW_APPROVAL}`,
      });
      expect(byType.json<{ data: unknown[] }>().data).toEqual([]);
    } finally {
      await ctx.db.deleteFrom('cf_global').where('id', '=', option.id).execute();
    }
  });
});

describe('risk badges', () => {
  const RISK = COUNTRY_PROFILES.KE.withdrawalRisk;
  const listedRisk = async (withdrawNo: string) => {
    const list = await heldList(await approver());
    expect(list.rules).toEqual(RISK);
    const listed = list.withdrawals.find((item) => item.withdrawNo === withdrawNo);
    if (!listed) throw new Error(`${withdrawNo} is not listed`);
    return listed.risk;
  };

  it('mark a withdrawal soon after a deposit staked below the market’s share, and not one played through', async () => {
    const unplayed = await richMember();
    const quick = await withdraw(unplayed, 60_000 * KES);
    expect(await listedRisk(quick.withdrawNo)).toMatchObject({
      recentDeposit: { amount: 200_000 * KES },
      stakedSinceDeposit: 0,
      soonAfterDepositLittlePlay: true,
    });

    // Staked exactly the market's share (50 %) of the deposit: played, no badge; a cent less is the badge.
    const played = await richMember();
    await placeBet(ctx, played.id, (200_000 * KES * RISK.littlePlayPercent) / 100);
    const playedThrough = await withdraw(played, 60_000 * KES);
    expect(await listedRisk(playedThrough.withdrawNo)).toMatchObject({
      stakedSinceDeposit: 100_000 * KES,
      soonAfterDepositLittlePlay: false,
    });
    const almost = await richMember();
    await placeBet(ctx, almost.id, 100_000 * KES - 1);
    const almostPlayed = await withdraw(almost, 60_000 * KES);
    expect((await listedRisk(almostPlayed.withdrawNo)).soonAfterDepositLittlePlay).toBe(true);

    // Asked after the market's hours: that deposit is not recent, whatever was staked.
    const row = await rowOf(quick.withdrawNo);
    const later = new Date(row.created_at.getTime() + (RISK.soonAfterDepositHours + 1) * 3_600_000);
    await sql`update withdrawal set created_at = ${later} where id = ${row.id}`.execute(ctx.db);
    expect(await listedRisk(quick.withdrawNo)).toMatchObject({
      recentDeposit: null,
      soonAfterDepositLittlePlay: false,
    });
  });

  it('mark a withdrawal asked from a device first seen for the member within the market’s days', async () => {
    const fresh = await newMember(ctx, { deviceId: `fresh-device-${Date.now()}` });
    await deposit(fresh.id, 200_000 * KES);
    const fromNewDevice = await withdraw(fresh, 60_000 * KES);
    const risk = await listedRisk(fromNewDevice.withdrawNo);
    expect(risk.newDevice).toBe(true);
    expect(Date.now() - Date.parse(risk.deviceFirstSeen ?? '')).toBeLessThan(60_000);

    // The same device seen for this member since before the market's days: no badge.
    const known = await newMember(ctx, { deviceId: `known-device-${Date.now()}` });
    const longAgo = new Date(Date.now() - (RISK.newDeviceDays + 7) * 24 * 3_600_000);
    await sql`update member_session set created_at = ${longAgo} where member_id = ${known.id}`.execute(
      ctx.db,
    );
    await deposit(known.id, 200_000 * KES);
    const fromKnownDevice = await withdraw(known, 60_000 * KES);
    expect(await listedRisk(fromKnownDevice.withdrawNo)).toMatchObject({
      newDevice: false,
      deviceFirstSeen: longAgo.toISOString(),
    });

    // No device id sent: nothing known, no badge.
    const anonymous = await richMember();
    const fromUnknown = await withdraw(anonymous, 60_000 * KES);
    expect(await listedRisk(fromUnknown.withdrawNo)).toMatchObject({
      newDevice: false,
      deviceFirstSeen: null,
    });
  });
});
