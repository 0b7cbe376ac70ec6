import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { ERRORS } from '@app/contracts/errors';
import { ACCOUNT_PATHS, ADMIN_PATHS, PAYMENT_PATHS } from '@app/contracts/paths';
import type { LimitName, PlayerLimits } from '@app/contracts/limits';
import { callApi } from '../../../../test/api-client.ts';
import { diceBet, openDiceSession } from '../../../../test/dice-session.ts';
import { depositByMpesa, newMember, payChannelId, placeBet, payWin } from '../../../../test/factory.ts';
import { expectLedgerInvariants } from '../../../../test/ledger-invariants.ts';
import { staffSession } from '../../../../test/staff-session.ts';
import { useTestApp } from '../../../../test/test-app.ts';
import { AppError } from '../../../http/app-error.ts';
import { getBalances } from './wallet.service.ts';

/**
 * Responsible-gambling limits (issue 25 §2; docs/compliance.md "Limits that hold"): checked by the wallet
 * inside the transaction that moves the money, so a burst of parallel bets or deposits cannot pass a limit
 * a sequence cannot (run on PostgreSQL in CI's PG pass: PGlite serialises everything).
 */
const ctx = useTestApp({}, { listen: true });

type Change = { name: LimitName; amount: number | null };

async function setLimits(token: string, limits: Change[]): Promise<PlayerLimits> {
  const answer = await callApi(ctx, ACCOUNT_PATHS.limits, { token, json: { limits } });
  expect(answer.code, answer.msg).toBe(0);
  return answer.data as PlayerLimits;
}

async function limitsOf(token: string): Promise<PlayerLimits> {
  const answer = await callApi(ctx, ACCOUNT_PATHS.limits, { method: 'GET', token });
  expect(answer.code, answer.msg).toBe(0);
  return answer.data as PlayerLimits;
}

const limit = (limits: PlayerLimits, name: LimitName) => limits.limits.find((each) => each.name === name)!;

/** The refusal's error key, or 'posted'. */
async function bet(memberId: number, amount: number): Promise<string> {
  try {
    await placeBet(ctx, memberId, amount);
    return 'posted';
  } catch (error) {
    if (error instanceof AppError) return error.key;
    throw error;
  }
}

function win(memberId: number, amount: number, key: string) {
  return payWin(ctx, memberId, amount, { key });
}

/** The member's limit changes asked, oldest first, as [from, to]. */
async function changesOf(memberId: number): Promise<[number | null, number | null][]> {
  const changes = await ctx.db
    .selectFrom('player_limit_change')
    .select(['from_amount', 'to_amount'])
    .where('member_id', '=', memberId)
    .orderBy('id')
    .execute();
  return changes.map((change) => [change.from_amount, change.to_amount]);
}

/** An operator's lowering of the member's limit, through the admin route. */
function lowerAsOperator(headers: Record<string, string>, memberId: number, json: object) {
  return callApi(ctx, ADMIN_PATHS.memberLimits.replace(':id', String(memberId)), { headers, json });
}

/**
 * As if the cooling-off had passed: the pending changes' time is now (the database's clock judges them),
 * and so is the time the usage row's limits in force were to be worked out again (the earliest of them).
 */
async function coolingOffPasses(memberId: number): Promise<void> {
  await sql`update player_limit set pending_at = now() - interval '1 second'
    where member_id = ${memberId} and pending_at is not null`.execute(ctx.db);
  await sql`update player_limit_usage set limits_change_at = now() - interval '1 second'
    where member_id = ${memberId} and limits_change_at > now() - interval '1 second'
      and limits_change_at < 'infinity'`.execute(ctx.db);
}

describe('a stake limit', () => {
  it('refuses the bet that would pass it, names it, and moves no money', async () => {
    const player = await newMember(ctx, { cash: 5_000_00 });
    const set = await setLimits(player.token, [{ name: 'stake:day', amount: 1_000_00 }]);
    expect(limit(set, 'stake:day')).toMatchObject({ amount: 1_000_00, used: 0, pending: null });
    expect(limit(set, 'stake:day').resetsAt).toBeGreaterThan(Date.now());
    expect(await bet(player.id, 600_00)).toBe('posted');
    expect(await bet(player.id, 500_00)).toBe('LIMIT_STAKE_DAY');
    expect((await getBalances(ctx.db, player.id)).cash).toBe(4_400_00);
    expect(await bet(player.id, 400_00)).toBe('posted');
    expect(limit(await limitsOf(player.token), 'stake:day').used).toBe(1_000_00);
    expect(await bet(player.id, 1)).toBe('LIMIT_STAKE_DAY');
  });

  it('counts what the period already saw when it is set', async () => {
    const player = await newMember(ctx, { cash: 5_000_00 });
    expect(await bet(player.id, 700_00)).toBe('posted');
    const set = await setLimits(player.token, [{ name: 'stake:week', amount: 1_000_00 }]);
    expect(limit(set, 'stake:week').used).toBe(700_00);
    expect(await bet(player.id, 400_00)).toBe('LIMIT_STAKE_WEEK');
  });

  it('stops a real in-house bet through the game’s route with the limit’s error', async () => {
    const player = await newMember(ctx, { cash: 2_000_00 });
    await setLimits(player.token, [{ name: 'stake:month', amount: 100_00 }]);
    const session = await openDiceSession(ctx, player.id);
    const answer = await diceBet(ctx, session, 200_00);
    expect(answer.code, answer.msg).toBe(ERRORS.LIMIT_STAKE_MONTH.code);
    expect(answer.msg).toContain('monthly stake limit');
    expect((await getBalances(ctx.db, player.id)).cash).toBe(2_000_00);
  });
});

describe('a loss limit', () => {
  it('counts stakes less wins, and refuses a stake that could take the losses past it', async () => {
    const player = await newMember(ctx, { cash: 5_000_00 });
    await setLimits(player.token, [{ name: 'loss:day', amount: 1_000_00 }]);
    expect(await bet(player.id, 800_00)).toBe('posted');
    await win(player.id, 500_00, `limits-win:${player.id}`);
    expect(limit(await limitsOf(player.token), 'loss:day').used).toBe(300_00);
    expect(await bet(player.id, 600_00)).toBe('posted');
    expect(await bet(player.id, 200_00)).toBe('LIMIT_LOSS_DAY');
    expect(await bet(player.id, 100_00)).toBe('posted');
  });
});

describe('changing a limit', () => {
  it('applies a lower one at once, and a raise or a removal only after the cooling-off', async () => {
    const player = await newMember(ctx, { cash: 10_000_00 });
    await setLimits(player.token, [{ name: 'stake:day', amount: 1_000_00 }]);
    const raised = await setLimits(player.token, [{ name: 'stake:day', amount: 5_000_00 }]);
    const waiting = limit(raised, 'stake:day');
    expect(waiting.amount).toBe(1_000_00);
    expect(waiting.pending?.amount).toBe(5_000_00);
    const hours = (waiting.pending!.appliesAt - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(23.9);
    expect(hours).toBeLessThanOrEqual(24);
    expect(raised.coolingOffHours).toBe(24);
    // Not in force before its time.
    expect(await bet(player.id, 1_500_00)).toBe('LIMIT_STAKE_DAY');
    await coolingOffPasses(player.id);
    expect(limit(await limitsOf(player.token), 'stake:day')).toMatchObject({
      amount: 5_000_00,
      pending: null,
    });
    expect(await bet(player.id, 1_500_00)).toBe('posted');

    // A removal counts as a raise: the limit holds until its cooling-off has passed.
    const removing = await setLimits(player.token, [{ name: 'stake:day', amount: null }]);
    expect(limit(removing, 'stake:day')).toMatchObject({ amount: 5_000_00, pending: { amount: null } });
    expect(await bet(player.id, 4_000_00)).toBe('LIMIT_STAKE_DAY');
    // A lowering in the meantime applies at once and drops the waiting removal.
    const lowered = await setLimits(player.token, [{ name: 'stake:day', amount: 2_000_00 }]);
    expect(limit(lowered, 'stake:day')).toMatchObject({ amount: 2_000_00, pending: null });
    await setLimits(player.token, [{ name: 'stake:day', amount: null }]);
    await coolingOffPasses(player.id);
    expect(limit(await limitsOf(player.token), 'stake:day')).toMatchObject({ amount: null, pending: null });
    expect(await bet(player.id, 4_000_00)).toBe('posted');
    expect(await changesOf(player.id)).toEqual([
      [null, 1_000_00],
      [1_000_00, 5_000_00],
      [5_000_00, null],
      [5_000_00, 2_000_00],
      [2_000_00, null],
    ]);
  });

  it('refuses a malformed change with the validation error, never a 500', async () => {
    const player = await newMember(ctx);
    for (const limits of [
      [{ name: 'stake:day', amount: 0 }],
      [{ name: 'stake:year', amount: 100 }],
      [{ name: 'stake:day', amount: '1e5' }],
      [
        { name: 'loss:day', amount: 100 },
        { name: 'loss:day', amount: 200 },
      ],
      [],
    ]) {
      const answer = await callApi(ctx, ACCOUNT_PATHS.limits, { token: player.token, json: { limits } });
      expect(answer.status, JSON.stringify(limits)).toBe(400);
    }
    const visitor = await callApi(ctx, ACCOUNT_PATHS.limits, { method: 'GET' });
    expect(visitor.status).toBe(401);
  });
});

describe('a deposit limit', () => {
  it('refuses a deposit that would pass it with the deposits still under way', async () => {
    const player = await newMember(ctx);
    await setLimits(player.token, [{ name: 'deposit:day', amount: 3_000_00 }]);
    await depositByMpesa(ctx, player, 2_000_00);
    expect(limit(await limitsOf(player.token), 'deposit:day').used).toBe(2_000_00);
    // A prompt still on the phone counts: 2,000 paid + 600 under way + 500 asked > 3,000.
    await depositByMpesa(ctx, player, 600_00, { until: 'prompted' });
    const refused = await askDeposit(player.token, 500_00);
    expect(refused.code).toBe(ERRORS.LIMIT_DEPOSIT_DAY.code);
    expect(refused.msg).toContain('daily deposit limit');
    expect((await askDeposit(player.token, 400_00)).code).toBe(0);
  });
});

/**
 * Asks for a deposit from another M-Pesa number (its hall prompts only when its form is sent, so any
 * number of them may be under way at once, unlike prompts to the member's own phone).
 */
async function askDeposit(token: string, payMoney: number) {
  return callApi(ctx, PAYMENT_PATHS.topUp, {
    token,
    form: {
      payMoney: String(payMoney),
      payChannel: String(await payChannelId(ctx, 'deposit', 'MPESA_OTHER')),
    },
  });
}

describe('an operator', () => {
  it('lowers a player’s limit at once with a reason the audit log keeps, and can never raise one', async () => {
    const player = await newMember(ctx, { cash: 1_000_00 });
    await setLimits(player.token, [{ name: 'loss:week', amount: 800_00 }]);
    await setLimits(player.token, [{ name: 'loss:week', amount: 5_000_00 }]);
    const support = await staffSession(ctx, ['support']);
    const lowered = await lowerAsOperator(support.headers, player.id, {
      name: 'loss:week',
      amount: 300_00,
      reason: 'Asked on the phone after a bad week',
    });
    expect(lowered.code, lowered.msg).toBe(0);
    // At once, and the player's waiting raise is gone: it would undo the operator's lowering.
    expect(limit(lowered.data, 'loss:week')).toMatchObject({ amount: 300_00, pending: null });
    expect(await bet(player.id, 400_00)).toBe('LIMIT_LOSS_WEEK');
    const raise = await lowerAsOperator(support.headers, player.id, {
      name: 'loss:week',
      amount: 900_00,
      reason: 'Player insists',
    });
    expect(raise.code).toBe(ERRORS.LIMIT_NOT_LOWER.code);
    const audit = await ctx.db
      .selectFrom('audit_log')
      .select(['action', 'after'])
      .where('target', '=', `member:${player.id}`)
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]!.action).toBe('player-limit.lower');
    expect(JSON.stringify(audit[0]!.after)).toContain('Asked on the phone');

    const viewer = await staffSession(ctx, ['viewer']);
    const refused = await lowerAsOperator(viewer.headers, player.id, {
      name: 'loss:week',
      amount: 100_00,
      reason: 'Not allowed',
    });
    expect(refused.status).toBe(403);
    const unknown = await callApi(ctx, ADMIN_PATHS.memberLimits.replace(':id', '99999999'), {
      method: 'GET',
      headers: support.headers,
    });
    expect(unknown.status).toBe(404);
  });
});

describe('under a burst', () => {
  it('lets exactly as many parallel bets through as a sequence would', async () => {
    const player = await newMember(ctx, { cash: 10_000_00 });
    await setLimits(player.token, [{ name: 'stake:day', amount: 1_000_00 }]);
    const results = await Promise.all(Array.from({ length: 50 }, () => bet(player.id, 100_00)));
    expect(results.filter((result) => result === 'posted')).toHaveLength(10);
    expect(results.filter((result) => result === 'LIMIT_STAKE_DAY')).toHaveLength(40);
    expect((await getBalances(ctx.db, player.id)).cash).toBe(9_000_00);
    expect(limit(await limitsOf(player.token), 'stake:day').used).toBe(1_000_00);
  });

  it('lets exactly as many parallel deposits be asked as a sequence would', async () => {
    const player = await newMember(ctx);
    await setLimits(player.token, [{ name: 'deposit:day', amount: 1_000_00 }]);
    const answers = await Promise.all(Array.from({ length: 50 }, () => askDeposit(player.token, 100_00)));
    const asked = answers.filter((answer) => answer.code === 0).length;
    const refused = answers.filter((answer) => answer.code === ERRORS.LIMIT_DEPOSIT_DAY.code).length;
    expect(asked + refused, JSON.stringify(answers.map((answer) => answer.code))).toBe(50);
    expect(asked).toBe(10);
    await expectLedgerInvariants(ctx.db);
  });
});

/** As if the member's play session had begun `minutes` ago (the database's clock judges it). */
async function sessionBegan(memberId: number, minutes: number): Promise<void> {
  await sql`update player_limit_usage set session_started_at = now() - make_interval(mins => ${minutes})
    where member_id = ${memberId}`.execute(ctx.db);
}

/** As if the member's last bet had been `minutes` ago, and their session not younger than that. */
async function lastBetWas(memberId: number, minutes: number): Promise<void> {
  await sql`update player_limit_usage set
      session_last_bet_at = now() - make_interval(mins => ${minutes}),
      session_started_at = least(session_started_at, now() - make_interval(mins => ${minutes}))
    where member_id = ${memberId}`.execute(ctx.db);
}

describe('the session time limit', () => {
  it('refuses every bet once the session has lasted it, until a pause since the last bet', async () => {
    const player = await newMember(ctx, { cash: 1_000_00 });
    const set = await setLimits(player.token, [{ name: 'session', amount: 60 }]);
    expect(limit(set, 'session')).toMatchObject({ amount: 60, used: 0, pending: null });
    expect(await bet(player.id, 10_00)).toBe('posted');
    await sessionBegan(player.id, 59);
    expect(await bet(player.id, 10_00)).toBe('posted');
    await sessionBegan(player.id, 61);
    expect(await bet(player.id, 10_00)).toBe('LIMIT_SESSION');
    expect((await getBalances(ctx.db, player.id)).cash).toBe(980_00);
    const reached = limit(await limitsOf(player.token), 'session');
    expect(reached.used).toBe(61);
    // Play may start again a pause after the last bet placed (just now): a refused bet does not move it.
    const minutesToWait = (reached.resetsAt - Date.now()) / 60_000;
    expect(minutesToWait).toBeGreaterThan(29);
    expect(minutesToWait).toBeLessThanOrEqual(30);
    await lastBetWas(player.id, 29);
    expect(await bet(player.id, 10_00)).toBe('LIMIT_SESSION');
    await lastBetWas(player.id, 30);
    expect(await bet(player.id, 10_00)).toBe('posted');
    expect(limit(await limitsOf(player.token), 'session').used).toBe(0);
  });

  it('stops a real in-house bet through the game’s route with its own error', async () => {
    const player = await newMember(ctx, { cash: 2_000_00 });
    await setLimits(player.token, [{ name: 'session', amount: 15 }]);
    const session = await openDiceSession(ctx, player.id);
    const play = () => diceBet(ctx, session, 100_00);
    const first = await play();
    expect(first.code, first.msg).toBe(0);
    const cash = (await getBalances(ctx.db, player.id)).cash;
    await sessionBegan(player.id, 15);
    const answer = await play();
    expect(answer.code, answer.msg).toBe(ERRORS.LIMIT_SESSION.code);
    expect(answer.msg).toContain('session time limit');
    expect((await getBalances(ctx.db, player.id)).cash).toBe(cash);
  });

  it('counts the session already under way when it is set', async () => {
    const player = await newMember(ctx, { cash: 1_000_00 });
    expect(limit(await limitsOf(player.token), 'session')).toMatchObject({ amount: null, used: 0 });
    expect(await bet(player.id, 10_00)).toBe('posted');
    const set = limit(await setLimits(player.token, [{ name: 'session', amount: 30 }]), 'session');
    // The bet placed before the limit began the session: it ends a pause after that bet.
    expect(set.resetsAt).toBeGreaterThan(Date.now() + 29 * 60_000);
    const row = await ctx.db
      .selectFrom('player_limit_usage')
      .select(['session_started_at', 'session_last_bet_at'])
      .where('member_id', '=', player.id)
      .executeTakeFirstOrThrow();
    expect(row.session_started_at).not.toBeNull();
    expect(row.session_last_bet_at).toEqual(row.session_started_at);
  });

  it('applies a shorter one at once, and a longer one or none only after the cooling-off', async () => {
    const player = await newMember(ctx, { cash: 1_000_00 });
    await setLimits(player.token, [{ name: 'session', amount: 30 }]);
    expect(await bet(player.id, 10_00)).toBe('posted');
    const longer = limit(await setLimits(player.token, [{ name: 'session', amount: 120 }]), 'session');
    expect(longer).toMatchObject({ amount: 30, pending: { amount: 120 } });
    await sessionBegan(player.id, 40);
    expect(await bet(player.id, 10_00)).toBe('LIMIT_SESSION');
    await coolingOffPasses(player.id);
    expect(await bet(player.id, 10_00)).toBe('posted');

    const removing = limit(await setLimits(player.token, [{ name: 'session', amount: null }]), 'session');
    expect(removing).toMatchObject({ amount: 120, pending: { amount: null } });
    await sessionBegan(player.id, 150);
    expect(await bet(player.id, 10_00)).toBe('LIMIT_SESSION');
    const shorter = limit(await setLimits(player.token, [{ name: 'session', amount: 15 }]), 'session');
    expect(shorter).toMatchObject({ amount: 15, pending: null });
    expect(await changesOf(player.id)).toEqual([
      [null, 30],
      [30, 120],
      [120, null],
      [120, 15],
    ]);
  });

  it('is lowered by an operator at once, never raised, and is at most a day', async () => {
    const player = await newMember(ctx, { cash: 1_000_00 });
    await setLimits(player.token, [{ name: 'session', amount: 240 }]);
    const support = await staffSession(ctx, ['support']);
    const lowered = await lowerAsOperator(support.headers, player.id, {
      name: 'session',
      amount: 20,
      reason: 'Plays through the night',
    });
    expect(lowered.code, lowered.msg).toBe(0);
    expect(limit(lowered.data as PlayerLimits, 'session')).toMatchObject({ amount: 20, pending: null });
    expect(await bet(player.id, 10_00)).toBe('posted');
    await sessionBegan(player.id, 20);
    expect(await bet(player.id, 10_00)).toBe('LIMIT_SESSION');
    const raise = await lowerAsOperator(support.headers, player.id, {
      name: 'session',
      amount: 60,
      reason: 'Player insists',
    });
    expect(raise.code).toBe(ERRORS.LIMIT_NOT_LOWER.code);
    const tooLong = await callApi(ctx, ACCOUNT_PATHS.limits, {
      token: player.token,
      json: { limits: [{ name: 'session', amount: 24 * 60 + 1 }] },
    });
    expect(tooLong.status).toBe(400);
  });

  it('lets no bet of a parallel burst through once the session has lasted it', async () => {
    const player = await newMember(ctx, { cash: 1_000_00 });
    await setLimits(player.token, [{ name: 'session', amount: 15 }]);
    expect(await bet(player.id, 10_00)).toBe('posted');
    await sessionBegan(player.id, 15);
    const results = await Promise.all(Array.from({ length: 20 }, () => bet(player.id, 10_00)));
    expect(new Set(results)).toEqual(new Set(['LIMIT_SESSION']));
    expect((await getBalances(ctx.db, player.id)).cash).toBe(990_00);
  });
});
