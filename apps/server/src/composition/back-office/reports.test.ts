import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import type { RevenueReport } from '@app/contracts/back-office-reports';
import { COUNTRY_PROFILES } from '@app/contracts/country';
import { calendarDayOf, dayRange } from '@app/contracts/market-calendar';
import { ADMIN_PATHS, API_BASE } from '@app/contracts/paths';
import { newMember, type TestMember } from '../../../test/factory.ts';
import {
  betOf,
  bonusOf,
  depositOf,
  journalByDay,
  lastTransactionId,
  moveTransactionsTo,
  paidWithdrawalOf,
  payBackOf,
  type JournalDay,
} from '../../../test/ledger-play.ts';
import { staffGet, useStaffSessions } from '../../../test/back-office.ts';
import type { TestStaff } from '../../../test/staff-session.ts';
import { useTestApp } from '../../../test/test-app.ts';
import {
  rollUpDay,
  rollUpPass,
  SETTLE_MINUTES,
  type RevenueDeps,
} from '../../modules/platform/revenue/revenue-report.ts';
import { dayMoney } from '../../modules/platform/revenue/revenue.service.ts';

/**
 * The back office's Reports (issue 26 §6) against the journal: two days of play moved to fixed dates
 * (deposits with their excise, first and repeat; bets on two games with own and bonus money, wins, a refunded
 * stake; a draw ticket and its prize without a game; a bonus and a coin reward from programme budgets; a paid
 * withdrawal with its tax; three registrations). Every figure of the report equals the journal's entries to
 * the cent, computed live and from the daily sums alike; the sums are idempotent per day; today is live; the
 * routes need reports.read; the CSV is exact and escaped. On PGlite by default, on PostgreSQL with DATABASE_URL.
 */
const KE = COUNTRY_PROFILES.KE;
const DAY_1 = '2026-06-15';
const DAY_2 = '2026-06-16';
/** Noon in Nairobi on each day. */
const NOON = { [DAY_1]: new Date('2026-06-15T09:00:00Z'), [DAY_2]: new Date('2026-06-16T09:00:00Z') };
/** 00:30 in Nairobi on the 17th: both days settled, the 17th not. */
const AFTER_DAY_2 = new Date('2026-06-16T21:30:00Z');
const GAME_2_NAME = '=SUM(A1), "Lucky" Sevens';

const ctx = useTestApp();
let deps: RevenueDeps;
const [viewer, support] = useStaffSessions(ctx, 'viewer', 'support');
let alice: TestMember;
let bruno: TestMember;
let chloe: TestMember;
let game1: number;
let game2: number;

beforeAll(async () => {
  deps = { db: ctx.db, country: KE };
  const games = await ctx.db.selectFrom('game').select('id').orderBy('id').limit(2).execute();
  [game1, game2] = games.map((game) => game.id) as [number, number];
  // A name a spreadsheet would run as a formula, with a comma and quotes: the CSV must keep it text.
  await ctx.db.updateTable('game').set({ name: GAME_2_NAME }).where('id', '=', game2).execute();
  alice = await newMember(ctx);
  bruno = await newMember(ctx);
  chloe = await newMember(ctx);
  await playTwoDays();
});

const bet = (who: TestMember, amount: number, key: string, gameId?: number) =>
  betOf(ctx, who, amount, key, gameId);
const payBack = (
  who: TestMember,
  amount: number,
  key: string,
  kind: 'win' | 'rollback',
  gameId?: number,
  withdrawable?: number,
) =>
  payBackOf(ctx, who, amount, key, kind, { gameId, ...(withdrawable === undefined ? {} : { withdrawable }) });

async function playTwoDays(): Promise<void> {
  // The three registered on the first day.
  await sql`update member set created_at = ${NOON[DAY_1]} where id in (${sql.join([alice.id, bruno.id, chloe.id])})`.execute(
    ctx.db,
  );
  const beforeDay1 = await lastTransactionId(ctx);
  await depositOf(ctx, alice, 100_000, 'rp:dep:1', 5_000);
  await depositOf(ctx, bruno, 50_000, 'rp:dep:2', 2_500);
  // Alice's second deposit: a deposit, not a first one.
  await depositOf(ctx, alice, 20_000, 'rp:dep:3', 1_000);
  await depositOf(ctx, chloe, 5_000, 'rp:dep:4', 0);
  await bonusOf(ctx, chloe, 'report-bonus', 'rp:bonus:1', { cash: 20_000 });
  await bonusOf(ctx, bruno, 'report-coins', 'rp:coins:1', { coins: 300 });
  await bet(alice, 10_000, 'rp:bet:1', game1);
  await payBack(alice, 25_000, 'rp:win:1', 'win', game1);
  await bet(bruno, 4_000, 'rp:bet:2', game1);
  // A cancelled round: its stake comes back, and it is neither a stake nor a win.
  await payBack(bruno, 4_000, 'rp:rollback:2', 'rollback', game1);
  await bet(bruno, 3_000, 'rp:bet:3', game2);
  // 50.00 of own money first, then 70.00 of bonus cash.
  await bet(chloe, 12_000, 'rp:bet:4', game1);
  await payBack(chloe, 6_000, 'rp:win:4', 'win', game1, 0);
  // A draw ticket sold as a stake, and its prize: bets and wins without a game.
  await bet(alice, 1_500, 'rp:draw:ticket');
  await payBack(alice, 4_000, 'rp:draw:prize', 'win');
  await paidWithdrawalOf(ctx, alice, 'rp:wd:1', { payout: 9_500, tax: 500 });
  await moveTransactionsTo(ctx, NOON[DAY_1], beforeDay1);

  const beforeDay2 = await lastTransactionId(ctx);
  await bet(bruno, 1_000, 'rp:bet:5', game2);
  await payBack(bruno, 500, 'rp:win:5', 'win', game2);
  await depositOf(ctx, bruno, 7_000, 'rp:dep:5', 350);
  await moveTransactionsTo(ctx, NOON[DAY_2], beforeDay2);
}

/** The two days as the journal has them, read straight from the entries (not from the facts). */
const journalOfTwoDays = () =>
  journalByDay(
    ctx,
    { from: dayRange(DAY_1, KE.timeZone).from, to: dayRange(DAY_2, KE.timeZone).to },
    KE.timeZone,
  ).then((days) => {
    expect([...days.keys()]).toEqual([DAY_1, DAY_2]);
    return days;
  });

/** Each game's bet and win cash on the players' accounts over the two days, by the fact's game. */
async function journalByGame() {
  const { rows } = await sql<{ game_id: number | null; bets: string; wins: string }>`
    select f.game_id,
      -coalesce(sum(e.amount) filter (where t.kind = 'bet'), 0) as bets,
      coalesce(sum(e.amount) filter (where t.kind = 'win'), 0) as wins
    from money_fact f
    join journal_transaction t on t.id = f.transaction_id
    join journal_entry e on e.transaction_id = t.id and e.asset = 'cash'
    join ledger_account a on a.id = e.account_id and a.kind = 'player'
    where t.created_at >= '2026-06-14T21:00:00Z' and t.created_at < '2026-06-16T21:00:00Z'
      and f.kind in ('bet', 'win')
    group by f.game_id`.execute(ctx.db);
  return new Map(rows.map((row) => [row.game_id, { bets: Number(row.bets), wins: Number(row.wins) }]));
}

async function report(from: string, to: string, staff: TestStaff = viewer) {
  return staffGet(ctx, staff, ADMIN_PATHS.revenueReport, `?from=${from}&to=${to}`);
}

async function twoDays(): Promise<RevenueReport> {
  const answer = await report(DAY_1, DAY_2);
  expect(answer.code, answer.msg).toBe(0);
  return answer.data as RevenueReport;
}

/** A report without its days' `live` flags: how it was read is not what it says. */
const withoutLive = (data: RevenueReport) => ({ ...data, days: data.days.map(({ live: _, ...day }) => day) });

function expectEqualToJournal(
  data: RevenueReport,
  journal: Map<string, JournalDay>,
  games: Awaited<ReturnType<typeof journalByGame>>,
) {
  expect(data.days.map((day) => day.day)).toEqual([DAY_1, DAY_2]);
  for (const day of data.days) {
    const ledger = journal.get(day.day)!;
    expect(day.revenue.betAmount, day.day).toBe(ledger.bet_amount);
    expect(day.revenue.winAmount).toBe(ledger.win_amount);
    expect(day.revenue.refundAmount).toBe(ledger.refund_amount);
    expect(day.revenue.bonusStakes).toBe(ledger.bonus_stakes);
    // GGR is what the house shards kept; NGR that less what the budgets paid.
    expect(day.revenue.ggr).toBe(ledger.house_gain);
    expect(day.revenue.bonusCost).toBe(ledger.bonus_cost);
    expect(day.revenue.ngr).toBe(ledger.house_gain - ledger.bonus_cost);
    expect(day.deposits.amount).toBe(ledger.deposits);
    expect(day.withdrawals.amount).toBe(ledger.withdrawals);
    expect(day.taxes.depositExcise.tax).toBe(ledger.excise);
    expect(day.taxes.withdrawal.tax).toBe(ledger.withdrawal_tax);
  }
  const sum = (column: keyof JournalDay) =>
    [...journal.values()].reduce((total, day) => total + day[column], 0);
  expect(data.total.revenue.ggr).toBe(sum('house_gain'));
  expect(data.total.revenue.ngr).toBe(sum('house_gain') - sum('bonus_cost'));
  expect(data.total.deposits.amount).toBe(sum('deposits'));
  expect(data.total.taxes.depositExcise.tax + data.total.taxes.withdrawal.tax).toBe(
    sum('excise') + sum('withdrawal_tax'),
  );
  for (const game of data.games) {
    const ledger = games.get(game.gameId)!;
    expect(game.revenue.betAmount, String(game.gameId)).toBe(ledger.bets);
    expect(game.revenue.winAmount, String(game.gameId)).toBe(ledger.wins);
  }
  expect(data.games.reduce((total, game) => total + game.revenue.ggr, 0)).toBe(data.total.revenue.ggr);
  expect(data.providers.reduce((total, provider) => total + provider.revenue.ggr, 0)).toBe(
    data.total.revenue.ggr,
  );
  expect(data.programmes.reduce((total, cost) => total + cost.cash, 0)).toBe(data.total.revenue.bonusCost);
}

describe('the revenue report', () => {
  it('equals the journal to the cent, day by day, per game, provider and programme (computed live)', async () => {
    const data = await twoDays();
    expect(data.days.every((day) => day.live)).toBe(true);
    expectEqualToJournal(data, await journalOfTwoDays(), await journalByGame());
    const [first, second] = data.days;
    expect(first!.revenue).toEqual({
      bets: 5,
      betAmount: 30_500,
      refunds: 1,
      refundAmount: 4_000,
      stakes: 26_500,
      bonusStakes: 7_000,
      wins: 3,
      winAmount: 35_000,
      ggr: -8_500,
      bonusCost: 20_000,
      ngr: -28_500,
    });
    expect(first).toMatchObject({
      deposits: { count: 4, amount: 175_000 },
      withdrawals: { count: 1, amount: 10_000 },
      taxes: {
        depositExcise: { transactions: 3, amount: 170_000, tax: 8_500 },
        withdrawal: { transactions: 1, amount: 10_000, tax: 500 },
      },
      registrations: 3,
      firstDeposits: { count: 3, amount: 155_000 },
    });
    // Bruno's deposit on the second day is not his first.
    expect(second).toMatchObject({ registrations: 0, firstDeposits: { count: 0, amount: 0 } });
    expect(second!.revenue).toMatchObject({ stakes: 1_000, winAmount: 500, ggr: 500, ngr: 500 });
    // The same figures as the tax report's and the regulator's (one definition).
    expect(first!.revenue).toEqual((await dayMoney(ctx.db, KE, DAY_1)).revenue);

    expect(data.games.find((game) => game.gameId === game2)).toMatchObject({
      name: GAME_2_NAME,
      revenue: { bets: 2, stakes: 4_000, winAmount: 500, ggr: 3_500 },
    });
    expect(data.games.find((game) => game.gameId === null)).toMatchObject({
      code: null,
      revenue: { bets: 1, stakes: 1_500, winAmount: 4_000, ggr: -2_500 },
    });
    expect(data.programmes).toEqual([
      { programme: 'report-bonus', cash: 20_000, coins: 0, diamonds: 0, tickets: 0, payouts: 1 },
      { programme: 'report-coins', cash: 0, coins: 300, diamonds: 0, tickets: 0, payouts: 1 },
    ]);
  });

  it('reads the same figures from the daily sums, which the job writes once per settled day', async () => {
    const live = await twoDays();
    // The job at 00:30 on the 17th: the 15th and 16th are settled, newest first, from the first registration.
    expect(await rollUpPass(deps, AFTER_DAY_2)).toEqual([DAY_2, DAY_1]);
    expect(await rollUpPass(deps, AFTER_DAY_2)).toEqual([]);
    const summed = await twoDays();
    expect(summed.days.every((day) => !day.live)).toBe(true);
    expect(withoutLive(summed)).toEqual(withoutLive(live));
    expectEqualToJournal(summed, await journalOfTwoDays(), await journalByGame());
    // One day of the two: the other's figures are not in it.
    const one = (await report(DAY_2, DAY_2)).data as RevenueReport;
    const { day: _day, live: _live, ...secondDay } = summed.days[1]!;
    expect(one.total).toEqual(secondDay);
    expect(one.games.map((game) => game.gameId)).toEqual([game2]);
  });

  it('sums a day again to the same rows (idempotent per day)', async () => {
    const rowsOf = async () => ({
      day: await ctx.db
        .selectFrom('revenue_day')
        .selectAll()
        .where('day', '=', DAY_1)
        .executeTakeFirstOrThrow()
        .then(({ rolled_up_at: _, ...row }) => row),
      games: await ctx.db
        .selectFrom('revenue_day_game')
        .selectAll()
        .where('day', '=', DAY_1)
        .orderBy('game_id')
        .execute(),
      programmes: await ctx.db
        .selectFrom('revenue_day_programme')
        .selectAll()
        .where('day', '=', DAY_1)
        .orderBy('programme')
        .execute(),
    });
    const before = await rowsOf();
    await Promise.all([rollUpDay(deps, DAY_1, AFTER_DAY_2), rollUpDay(deps, DAY_1, AFTER_DAY_2)]);
    expect(await rowsOf()).toEqual(before);
    expect(before.games).toHaveLength(2);
  });

  it('sums the open day up to a mark, adds the ledger after it, and sums the day whole once settled', async () => {
    const whole = await twoDays();
    // The job a quarter of an hour after the second day's deposit, less a millisecond: its mark falls between
    // the day's bet and win (summed) and the deposit (after the mark).
    const deposit = await ctx.db
      .selectFrom('journal_transaction')
      .select('created_at')
      .where('kind', '=', 'deposit')
      .where('created_at', '>=', NOON[DAY_2])
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const mark = new Date(deposit.created_at.getTime() - 1);
    const at = new Date(mark.getTime() + SETTLE_MINUTES * 60_000);
    // The first day is summed whole already; the second is the open day at that time.
    expect(await rollUpPass(deps, at)).toEqual([]);
    const stored = await ctx.db
      .selectFrom('revenue_day')
      .selectAll()
      .where('day', '=', DAY_2)
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({
      summed_until: mark,
      bet_amount: 1_000,
      win_amount: 500,
      deposit_facts: 0,
    });

    const open = await twoDays();
    expect(open.days.map((day) => day.live)).toEqual([false, true]);
    expect(withoutLive(open)).toEqual(withoutLive(whole));
    expectEqualToJournal(open, await journalOfTwoDays(), await journalByGame());

    // Settled, the day is due again and summed whole.
    expect(await rollUpPass(deps, AFTER_DAY_2)).toEqual([DAY_2]);
    const summed = await twoDays();
    expect(summed.days.every((day) => !day.live)).toBe(true);
    expect(withoutLive(summed)).toEqual(withoutLive(whole));
  });

  it('computes today live and never stores a day that is not settled', async () => {
    const today = calendarDayOf(new Date(), KE.timeZone);
    await bet(bruno, 2_000, `rp:today:${today}`, game1);
    const data = (await report(today, today)).data as RevenueReport;
    expect(data.days).toHaveLength(1);
    expect(data.days[0]).toMatchObject({ day: today, live: true });
    expect(data.total.revenue.betAmount).toBeGreaterThanOrEqual(2_000);
    await expect(rollUpDay(deps, today)).rejects.toThrow(/not settled/);
  });
});

describe('the report routes', () => {
  it('need reports.read, checked before the query is read', async () => {
    expect((await report(DAY_1, DAY_2, support)).status).toBe(403);
    const anonymous = await ctx.app.inject({
      method: 'GET',
      url: `${API_BASE}${ADMIN_PATHS.revenueReportCsv}?from=${DAY_1}&to=${DAY_2}&group=day`,
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('refuse a period that ends before it starts or is longer than a year', async () => {
    expect((await report(DAY_2, DAY_1)).status).toBe(400);
    expect((await report('2025-01-01', '2026-01-02')).status).toBe(400);
    expect((await report('2026-02-30', DAY_1)).status).toBe(400);
    expect((await report('2026-06-10', DAY_1)).code).toBe(0);
  });

  it('export each grouping as CSV in major units with the currency, escaped, equal to the journal', async () => {
    const csvOf = async (group: string) => {
      const answer = await ctx.app.inject({
        method: 'GET',
        url: `${API_BASE}${ADMIN_PATHS.revenueReportCsv}?from=${DAY_1}&to=${DAY_2}&group=${group}`,
        headers: viewer.headers,
      });
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['content-type']).toContain('text/csv');
      expect(answer.headers['content-disposition']).toBe(
        `attachment; filename="revenue-by-${group}-${DAY_1}-${DAY_2}.csv"`,
      );
      return answer.body;
    };
    const days = (await csvOf('day')).split('\r\n');
    const header = days[0]!.split(',');
    const line = (day: string) =>
      Object.fromEntries(
        days
          .find((each) => each.startsWith(`${day},`))!
          .split(',')
          .map((v, i) => [header[i], v]),
      );
    const cents = (value: string) => Math.round(Number(value) * 100);
    const journal = await journalOfTwoDays();
    for (const day of [DAY_1, DAY_2]) {
      expect(line(day).currency).toBe('KES');
      expect(cents(line(day).ggr!)).toBe(journal.get(day)!.house_gain);
      expect(cents(line(day).ngr!)).toBe(journal.get(day)!.house_gain - journal.get(day)!.bonus_cost);
      expect(cents(line(day).deposits!)).toBe(journal.get(day)!.deposits);
      expect(cents(line(day).deposit_excise!)).toBe(journal.get(day)!.excise);
    }
    expect(line(DAY_1)).toMatchObject({
      ggr: '-85.00',
      ngr: '-285.00',
      bonus_cost: '200.00',
      registrations: '3',
    });
    expect(line('total')).toMatchObject({ ggr: '-80.00', deposits: '1820.00' });
    expect(days.at(-1)).toBe('');

    // A name with a comma and quotes is quoted; one a spreadsheet would run is kept text.
    const games = await csvOf('game');
    expect(games).toContain(`,"'=SUM(A1), ""Lucky"" Sevens",`);
    expect(games).toContain('no game (draw tickets)');
    const programmes = await csvOf('programme');
    expect(programmes.split('\r\n')).toContain('report-bonus,KES,200.00,0,0,0,1');
    expect((await csvOf('provider')).split('\r\n')[0]).toBe(
      'provider,games,currency,bets,stakes,refunds,bonus_stakes,wins,ggr',
    );
  });
});
