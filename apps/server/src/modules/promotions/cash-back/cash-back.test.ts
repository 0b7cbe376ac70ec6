import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { COUNTRY_PROFILES } from '@app/contracts/country';
import { ERRORS } from '@app/contracts/errors';
import { CASH_BACK_PATHS, MEMBER_PATHS } from '@app/contracts/paths';
import { callApi } from '../../../../test/api-client.ts';
import {
  configureProgramme,
  newMember,
  placeBet,
  putProgrammeSettings,
  payWin,
  rollBackBet,
} from '../../../../test/factory.ts';
import { expectLedgerInvariants } from '../../../../test/ledger-invariants.ts';
import { useTestApp } from '../../../../test/test-app.ts';
import { playDice } from '../../../../test/dice-session.ts';
import { grantProgrammeBonus } from '../bonus/grants.ts';
import { getBalances } from '../../platform/wallet/wallet.service.ts';
import { addDays, weekOf, weekRange } from '@app/contracts/market-calendar';
import { claimWindow } from './cash-back.rules.ts';
import {
  CASH_BACK,
  cashBackLosses,
  claim,
  getSummary,
  settleClosedWeeks,
  settleWeek,
  type CashBackDeps,
} from './cash-back.service.ts';

/**
 * Weekly cash back (issue 15 §3): own-money losses counted once from the money facts of real bets
 * (replayed, rolled back, bonus-funded), the job settling a closed week once (twice, concurrently), the
 * claim paying once under parallel claims (a real race on PostgreSQL: DATABASE_URL), never to a blocked
 * member, never in Brazil. Facts carry the database's clock, so the week in play is the real one; a test
 * that needs it closed moves the service's clock (`now`) past it.
 */
const ctx = useTestApp();
let keys = 0;
const KE = COUNTRY_PROFILES.KE;
const BR = COUNTRY_PROFILES.BR;
const DAY = 86_400_000;

/** A win of `cash` on the bets `stakes` (the wallet splits it by their real part). */
const win = (memberId: number, cash: number, stakes: number[]) => payWin(ctx, memberId, cash, { stakes });

/** A bet's stake given back as the game paths do: the cash and the withdrawable part it took. */
const rollback = (memberId: number, amount: number, withdrawable: number) =>
  rollBackBet(ctx, memberId, amount, { withdrawable });

/** The service as app.ts wires it, with levels and the clock the test chooses. */
function depsAt(now: Date, levels: Record<number, number> = {}, country = KE): CashBackDeps {
  return {
    db: ctx.db,
    country,
    levelOf: async (_db, memberId) => levels[memberId] ?? 1,
    now: () => now,
  };
}

const thisWeek = () => weekOf(new Date(), KE.timeZone);
/** Wednesday 12:00 (market time) of the week after this one: last week's claim window is open. */
const nextWeekMidday = () =>
  new Date(weekRange(addDays(thisWeek(), 7), KE.timeZone).from.getTime() + 2.5 * DAY);

async function summaryOf(token: string) {
  const answer = await callApi(ctx, CASH_BACK_PATHS.summary, { method: 'GET', token });
  expect(answer.code, answer.msg).toBe(0);
  return answer.data;
}

async function selfExclude(token: string) {
  const excluded = await callApi(ctx, MEMBER_PATHS.selfExclusion, { form: { content: 'Pause2026' }, token });
  expect(excluded.code).toBe(0);
}

/** The operator API's answer to `settings`: configureProgramme throws on a refusal, these tests read it. */
const putSettings = (settings: Record<string, unknown>) => putProgrammeSettings(ctx, 'cash-back', settings);

async function entitlementsOf(week: string, memberIds: number[]) {
  const { rows } = await sql<{ member_id: string; amount: string; level: number; rate: string }>`
    select member_id, amount, level, rate from cash_back_entitlement
    where week = ${week} and member_id = any(${memberIds}::bigint[]) order by member_id`.execute(ctx.db);
  return rows.map((row) => ({
    memberId: Number(row.member_id),
    amount: Number(row.amount),
    level: row.level,
    rate: Number(row.rate),
  }));
}

async function paymentsOf(memberId: number) {
  const { rows } = await sql<{ n: string }>`
    select count(*) as n from journal_transaction
    where member_id = ${memberId} and idempotency_key like 'promo:cash-back:%'`.execute(ctx.db);
  return Number(rows[0]?.n ?? 0);
}

describe('own-money losses', () => {
  it('counts the real stakes of an in-house game less its wins, and shows the estimate', async () => {
    const { id, token } = await newMember(ctx, { cash: 1_000_00 });
    await playDice(ctx, id, 4, 50_00);
    await cashBackLosses(KE).catchUp(ctx.db);
    // What the member's balance says they lost is what counts (all of it was own money).
    const lost = 1_000_00 - (await getBalances(ctx.db, id)).cash;
    const summary = await summaryOf(token);
    expect(summary.current).toMatchObject({
      week: thisWeek(),
      loss: Math.max(0, lost),
      level: 1,
      rate: 5,
      amount: Math.floor((Math.max(0, lost) * 5) / 100),
      cap: 30_000,
    });
    expect(summary.last).toMatchObject({ week: addDays(thisWeek(), -7), loss: 0, amount: 0 });
    expect(summary.enable).toBe(true);
  });

  it('counts a replayed bet once, takes a rolled-back stake back, and nets wins', async () => {
    const { id, token } = await newMember(ctx, { cash: 1_000_00 });
    const key = `cash-back-test-bet:${(keys += 1)}`;
    await placeBet(ctx, id, 200_00, key);
    await placeBet(ctx, id, 200_00, key);
    const second = await placeBet(ctx, id, 100_00);
    await rollback(id, 100_00, 100_00);
    await win(id, 50_00, [second.transactionId]);
    await cashBackLosses(KE).catchUp(ctx.db);
    // 200 staked once, the 100 rolled back, 50 won: 150 lost.
    expect((await summaryOf(token)).current).toMatchObject({ loss: 150_00, amount: 7_50 });
    // Counted once: a second catch-up changes nothing.
    await cashBackLosses(KE).catchUp(ctx.db);
    expect((await summaryOf(token)).current.loss).toBe(150_00);
  });

  it('does not count the bonus-funded part of a stake nor the share of its win that follows it', async () => {
    const { id, token } = await newMember(ctx, { cash: 100_00 });
    await ctx.db.transaction().execute((trx) =>
      grantProgrammeBonus(trx, {
        programme: 'welcome-bonus',
        memberId: id,
        sourceRef: 'cash-back-test',
        amount: 500_00,
        terms: {
          wageringMultiple: 30,
          expiresAt: new Date(Date.now() + 7 * DAY),
          maxStake: null,
          maxConversion: 0,
          contribution: {},
        },
      }),
    );
    // 600 staked: 100 own money first, 500 bonus.
    const stake = await placeBet(ctx, id, 600_00);
    await cashBackLosses(KE).catchUp(ctx.db);
    expect((await summaryOf(token)).current.loss).toBe(100_00);
    // A win of 300 on it: a sixth (50) is own money, the rest bonus cash.
    await win(id, 300_00, [stake.transactionId]);
    expect(await getBalances(ctx.db, id)).toMatchObject({ cash: 300_00, withdrawable: 50_00 });
    await cashBackLosses(KE).catchUp(ctx.db);
    expect((await summaryOf(token)).current.loss).toBe(50_00);
  });

  it('answers a visitor with the login message', async () => {
    const answer = await callApi(ctx, CASH_BACK_PATHS.summary, { method: 'GET' });
    expect(answer.code).toBe(ERRORS.UNAUTHORIZED.code);
  });

  it('refuses a claim for a week that is not a real day in the platform’s years (9999-12-27 was a 500)', async () => {
    const { token } = await newMember(ctx);
    for (const week of ['9999-12-27', '0001-01-01', '2026-02-30', '2026-1-05']) {
      const answer = await callApi(ctx, CASH_BACK_PATHS.claim, { token, json: { week } });
      expect(answer.status, week).toBe(400);
      expect(answer.code, week).toBe(ERRORS.BAD_REQUEST.code);
      expect(answer.msg, week).toMatch(/week/);
    }
  });
});

/**
 * This week's members, settled once (a week is settled once for everyone): the job's test runs first and
 * settles it; the claims after use it.
 */
type Member = { id: number; token: string };
const week = () => thisWeek();
const the: Record<
  'low' | 'high' | 'whale' | 'blocked' | 'winner' | 'claimer' | 'racer' | 'blockedLater',
  Member
> = {} as never;

describe('the weekly job and the claim', () => {
  beforeAll(async () => {
    for (const name of Object.keys({
      low: 0,
      high: 0,
      whale: 0,
      blocked: 0,
      winner: 0,
      claimer: 0,
      racer: 0,
      blockedLater: 0,
    }) as (keyof typeof the)[]) {
      the[name] = await newMember(ctx, { cash: name === 'whale' ? 10_000_00 : 1_000_00 });
    }
    await placeBet(ctx, the.low.id, 400_00);
    await placeBet(ctx, the.high.id, 400_00);
    await placeBet(ctx, the.whale.id, 5_000_00);
    await placeBet(ctx, the.blocked.id, 400_00);
    const stake = await placeBet(ctx, the.winner.id, 100_00);
    await win(the.winner.id, 300_00, [stake.transactionId]);
    await placeBet(ctx, the.claimer.id, 400_00);
    await placeBet(ctx, the.racer.id, 600_00);
    await placeBet(ctx, the.blockedLater.id, 400_00);
    await selfExclude(the.blocked.token);
  });

  it('settles a closed week once: rate by level, the cap, nothing for a blocked member, run three times at once', async () => {
    const ids = [the.low.id, the.high.id, the.whale.id, the.blocked.id, the.winner.id];
    const levels = { [the.high.id]: 10, [the.whale.id]: 10 };
    // Not before the week closes (and its grace).
    const early = depsAt(new Date(weekRange(week(), KE.timeZone).to.getTime() + 60_000), levels);
    expect(await settleWeek(early, week())).toMatchObject({ settled: false });
    expect(await entitlementsOf(week(), ids)).toEqual([]);

    const later = depsAt(new Date(weekRange(week(), KE.timeZone).to.getTime() + 10 * 60_000), levels);
    const runs = (
      await Promise.all([settleClosedWeeks(later), settleClosedWeeks(later), settleWeek(later, week())])
    ).flat();
    expect(runs.filter((run) => run.settled)).toHaveLength(1);
    expect(await entitlementsOf(week(), ids)).toEqual([
      { memberId: the.low.id, amount: 20_00, level: 1, rate: 5 },
      { memberId: the.high.id, amount: 60_00, level: 10, rate: 15 },
      // 15 % of 5 000 is 750, capped at 300.
      { memberId: the.whale.id, amount: 300_00, level: 10, rate: 15 },
    ]);
    // A late run changes nothing.
    expect(await settleWeek(depsAt(nextWeekMidday(), levels), week())).toMatchObject({ settled: false });
    expect(await entitlementsOf(week(), ids)).toHaveLength(3);
  });

  it('pays once in its window, withdrawable, and says the cash back was claimed after', async () => {
    const member = the.claimer;
    const window = claimWindow(week(), KE.timeZone, CASH_BACK.defaults.settings);
    const tooEarly = claim(depsAt(new Date(window.opensAt.getTime() - 1)), member.id, week());
    await expect(tooEarly).rejects.toMatchObject({ key: 'CASH_BACK_NOT_OPEN' });
    const tooLate = claim(depsAt(window.closesAt), member.id, week());
    await expect(tooLate).rejects.toMatchObject({ key: 'CASH_BACK_NOT_OPEN' });

    const before = await getBalances(ctx.db, member.id);
    const summary = await getSummary(depsAt(nextWeekMidday()), member.id);
    expect(summary.last).toMatchObject({ week: week(), loss: 400_00, amount: 20_00, state: 'claimable' });

    const paid = await claim(depsAt(window.opensAt), member.id, week());
    expect(paid).toMatchObject({ week: week(), cashbackAmount: 20_00, money: before.cash + 20_00 });
    expect(await getBalances(ctx.db, member.id)).toMatchObject({
      cash: before.cash + 20_00,
      withdrawable: before.withdrawable + 20_00,
    });
    await expect(claim(depsAt(nextWeekMidday()), member.id, week())).rejects.toMatchObject({
      key: 'CASH_BACK_CLAIMED',
    });
    expect((await getSummary(depsAt(nextWeekMidday()), member.id)).last.state).toBe('claimed');
    expect(await paymentsOf(member.id)).toBe(1);
    await expectLedgerInvariants(ctx.db);
  });

  it('pays once when twenty claims arrive together', async () => {
    const member = the.racer;
    const deps = depsAt(nextWeekMidday());
    const before = (await getBalances(ctx.db, member.id)).cash;
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, () => claim(deps, member.id, week())),
    );
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    for (const result of results) {
      if (result.status === 'rejected') expect(result.reason).toMatchObject({ key: 'CASH_BACK_CLAIMED' });
    }
    expect((await getBalances(ctx.db, member.id)).cash).toBe(before + 30_00);
    expect(await paymentsOf(member.id)).toBe(1);
  });

  it('pays nothing to a member blocked after the week was settled', async () => {
    const member = the.blockedLater;
    await selfExclude(member.token);
    await expect(claim(depsAt(nextWeekMidday()), member.id, week())).rejects.toMatchObject({
      key: 'PROMOTION_MEMBER_BLOCKED',
    });
    expect(await paymentsOf(member.id)).toBe(0);
    // The refusal rolled the claim back: still unclaimed.
    const { rows } = await sql<{ amount: string; claimed_at: Date | null }>`
      select amount, claimed_at from cash_back_entitlement
      where week = ${week()} and member_id = ${member.id}`.execute(ctx.db);
    expect(Number(rows[0]?.amount)).toBe(20_00);
    expect(rows[0]?.claimed_at).toBeNull();
  });

  it('through the API: names a settled week, refuses outside the window and bad input', async () => {
    const member = the.low;
    const week = thisWeek();
    // This week's window opens next Monday (the app's clock is the real one).
    const early = await callApi(ctx, CASH_BACK_PATHS.claim, { json: { week }, token: member.token });
    expect(early.code).toBe(ERRORS.CASH_BACK_NOT_OPEN.code);
    const none = await callApi(ctx, CASH_BACK_PATHS.claim, {
      json: { week: addDays(week, -7) },
      token: member.token,
    });
    expect(none.code).toBe(ERRORS.CASH_BACK_NONE.code);
    const notMonday = await callApi(ctx, CASH_BACK_PATHS.claim, {
      json: { week: addDays(week, 1) },
      token: member.token,
    });
    expect(notMonday.code).toBe(ERRORS.CASH_BACK_NONE.code);
    for (const bad of [{}, { week: 'last' }, { week: 20261123 }, { week: '2026-11-23; drop table' }]) {
      const answer = await callApi(ctx, CASH_BACK_PATHS.claim, { json: bad, token: member.token });
      expect(answer.status).toBe(400);
      expect(answer.code).not.toBe(0);
    }
    const visitor = await callApi(ctx, CASH_BACK_PATHS.claim, { json: { week } });
    expect(visitor.code).toBe(ERRORS.UNAUTHORIZED.code);
  });

  it("through the API: last week's cash back is claimed, the balance rises, a second tap is refused", async () => {
    const member = await newMember(ctx, { cash: 1_000_00 });
    const lastWeek = addDays(thisWeek(), -7);
    // Last week's loss as the consumer would have counted it (facts carry the database's clock, which
    // no test moves back); everything after is the real path.
    await sql`insert into cash_back_loss (week, member_id, staked, won) values (${lastWeek}, ${member.id}, 80000, 20000)`.execute(
      ctx.db,
    );
    // The window opens at 00:00 so that the test holds whatever hour of Monday it runs.
    await configureProgramme(ctx, 'cash-back', { claimOpensHour: 0 });
    try {
      await settleWeek(depsAt(new Date()), lastWeek);
      const summary = await summaryOf(member.token);
      expect(summary.last).toMatchObject({ week: lastWeek, loss: 600_00, amount: 30_00, state: 'claimable' });
      const before = (await getBalances(ctx.db, member.id)).cash;
      const paid = await callApi(ctx, CASH_BACK_PATHS.claim, {
        json: { week: lastWeek },
        token: member.token,
      });
      expect(paid.code, paid.msg).toBe(0);
      expect(paid.data).toMatchObject({ week: lastWeek, cashbackAmount: 30_00, money: before + 30_00 });
      const again = await callApi(ctx, CASH_BACK_PATHS.claim, {
        json: { week: lastWeek },
        token: member.token,
      });
      expect(again.code).toBe(ERRORS.CASH_BACK_CLAIMED.code);
      const records = await callApi(ctx, CASH_BACK_PATHS.records, {
        method: 'GET',
        token: member.token,
        query: '?page=1&size=10',
      });
      expect(records.data).toMatchObject({
        total: 1,
        list: [
          { week: lastWeek, loss: 600_00, amount: 30_00, state: 'claimed', claimedAt: expect.any(String) },
        ],
      });
    } finally {
      await configureProgramme(ctx, 'cash-back');
    }
  });
});

describe('the operator and the market', () => {
  it('checks the settings: ten rates of at most 2 decimals, a cap, the window', async () => {
    const defaults = CASH_BACK.defaults.settings;
    for (const bad of [
      { ...defaults, rates: [5, 6, 7] },
      { ...defaults, rates: [5, 6, 7, 8, 9, 10, 11, 12, 13, 101] },
      { ...defaults, rates: [5, 6, 7, 8, 9, 10, 11, 12, 13, 7.125] },
      { ...defaults, cap: -1 },
      { ...defaults, claimOpensHour: 24 },
    ]) {
      expect((await putSettings(bad)).code).toBe(ERRORS.PROGRAMME_SETTINGS_INVALID.code);
    }
  });

  it('runs nowhere the market forbids it (Brazil): no estimate, no settlement, no claim', async () => {
    const member = await newMember(ctx, { cash: 1_000_00 });
    await placeBet(ctx, member.id, 400_00);
    const deps = depsAt(nextWeekMidday(), {}, BR);
    const summary = await getSummary(deps, member.id);
    expect(summary.enable).toBe(false);
    expect(summary.current.amount).toBe(0);
    await expect(claim(deps, member.id, weekOf(new Date(), BR.timeZone))).rejects.toMatchObject({
      key: 'ACTIVITY_INVALID',
    });
    expect(await settleWeek(deps, weekOf(new Date(), BR.timeZone))).toMatchObject({ settled: false });
  });
});
