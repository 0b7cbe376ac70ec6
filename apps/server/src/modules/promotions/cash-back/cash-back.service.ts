import type { Kysely } from 'kysely';
import {
  CashBackSettingsSchema,
  type CashBackClaimResult,
  type CashBackRecordPage,
  type CashBackSettings,
  type CashBackSummary,
} from '@app/contracts/cash-back';
import type { CountryProfile } from '@app/contracts/country';
import type { Database } from '../../../db/schema.ts';
import { retryingTransaction } from '../../../db/transactions.ts';
import { AppError } from '../../../http/app-error.ts';
import type { Job } from '../../../jobs/job-runner.ts';
import { activeMembersAmong } from '../../platform/member/member.service.ts';
import { claimOnce, defineProgramme, loadProgramme, requireProgramme } from '../kit/programmes.ts';
import { programmeFactConsumer } from '../kit/fact-consumer.ts';
import type { Fact } from '../../platform/wallet/money-facts.ts';
import { getBalances } from '../../platform/wallet/wallet.service.ts';
import { addDays, weekOf, weekRange } from '@app/contracts/market-calendar';
import { cashBackOf, claimWindow, rateOf, stateOf, weeksToSettle } from './cash-back.rules.ts';
import * as repository from './cash-back.repository.ts';

type Db = Kysely<Database>;
type Market = Pick<CountryProfile, 'timeZone' | 'promotions' | 'currency'>;

/**
 * A member's VIP level (1 to 10) at an instant. The VIP module (issue 15 §1) owns levels; this module takes
 * them through this seam, wired at composition (app.ts), so it never reads the VIP module's tables.
 */
export type LevelOf = (db: Db, memberId: number, at: Date) => Promise<number>;
/** Many members' levels at once (the job); members left out read as level 1. */
export type LevelsOf = (db: Db, memberIds: readonly number[], at: Date) => Promise<Map<number, number>>;

export type CashBackDeps = {
  db: Db;
  country: Market;
  levelOf: LevelOf;
  /** The job's batch lookup; without it the job asks `levelOf` member by member (32 at a time). */
  levelsOf?: LevelsOf;
  /** The clock (tests move it). */
  now?: () => Date;
};

/**
 * Weekly cash back (issue 15 §3, docs/promotions.md "Weekly cash back"): a percentage, by VIP level, of
 * the member's OWN-money net loss of a week (Monday 00:00 to Sunday 23:59, market time), capped per member
 * and week; settled by a job after the week closes and claimed by the member from Monday 06:00 to Sunday
 * 23:59 of the week after, paid once from `promo:cash-back:budget` as a withdrawable prize.
 */
export const CASH_BACK = defineProgramme<CashBackSettings>({
  code: 'cash-back',
  settings: CashBackSettingsSchema,
  defaults: {
    enabled: true,
    settings: {
      rates: [5, 6, 7, 8, 9, 10, 11, 12, 13, 15],
      // Spec §9: 300 in the local currency per person and week (KES 300.00; an operator of a market with
      // another scale sets its own).
      cap: 30_000,
      claimOpensHour: 6,
      claimDays: 7,
    },
  },
});

/** A week is settled this long after it closed: every bet begun before its end has committed by then. */
export const SETTLE_GRACE_MS = 5 * 60_000;

/**
 * What a batch of facts adds to members' weeks, from each fact's own money: a bet adds its real stake, a
 * rollback takes its real part back, a win adds its real part to `won`. Deposits and withdrawals are not
 * play. A fact counts in the week it happened (a rollback of last week's bet lowers this week's loss).
 */
export function lossesOf(
  facts: readonly Pick<Fact, 'kind' | 'memberId' | 'ownMoney' | 'createdAt'>[],
  timeZone: string,
): repository.WeekLoss[] {
  const byKey = new Map<string, repository.WeekLoss>();
  for (const fact of facts) {
    if (fact.kind !== 'bet' && fact.kind !== 'win' && fact.kind !== 'rollback') continue;
    if (fact.ownMoney === 0) continue;
    const week = weekOf(fact.createdAt, timeZone);
    const key = `${week}:${fact.memberId}`;
    const row = byKey.get(key) ?? { week, memberId: fact.memberId, staked: 0, won: 0 };
    if (fact.kind === 'win') row.won += fact.ownMoney;
    else if (fact.kind === 'bet') row.staked += fact.ownMoney;
    else row.staked -= fact.ownMoney;
    byKey.set(key, row);
  }
  return [...byKey.values()];
}

/** The weeks' losses from the own money of bets, wins and rollbacks, counted while the programme is on. */
export const cashBackLosses = (market: Market) =>
  programmeFactConsumer({
    name: 'cash-back-loss',
    kinds: ['bet', 'win', 'rollback'],
    programme: CASH_BACK,
    market,
    // A settlement catches the week up at once: bigger batches.
    catchUpLimit: 5_000,
    handle: async (trx, played) => {
      await repository.addLosses(trx, lossesOf(played, market.timeZone));
    },
  });

async function levelsFor(deps: CashBackDeps, memberIds: number[], at: Date): Promise<Map<number, number>> {
  if (deps.levelsOf) return deps.levelsOf(deps.db, memberIds, at);
  const levels = new Map<number, number>();
  for (let start = 0; start < memberIds.length; start += 32) {
    const slice = memberIds.slice(start, start + 32);
    const found = await Promise.all(slice.map((id) => deps.levelOf(deps.db, id, at)));
    slice.forEach((id, index) => levels.set(id, found[index] ?? 1));
  }
  return levels;
}

export type Settlement = { week: string; settled: boolean; members: number; total: number };

/**
 * Settles one closed week: an entitlement `min(cap, rate(level) × loss)` for every member in good standing
 * with an own-money net loss, written once. The losses are counted up to now first; then one transaction
 * takes the week's row (`cash_back_week`, a second run waits for the first's commit and then writes
 * nothing) and inserts the entitlements set-wise (`on conflict do nothing` besides). Set-based: a few
 * statements for the whole week, whatever the number of members (issue 15 performance (a)).
 */
export async function settleWeek(deps: CashBackDeps, week: string): Promise<Settlement> {
  const { db, country } = deps;
  const now = deps.now?.() ?? new Date();
  const range = weekRange(week, country.timeZone);
  const nothing = { week, settled: false, members: 0, total: 0 };
  if (now.getTime() < range.to.getTime() + SETTLE_GRACE_MS) return nothing;
  const programme = await loadProgramme(db, CASH_BACK, country);
  if (!programme.enabled || (await repository.isWeekSettled(db, week))) return nothing;
  await cashBackLosses(country).catchUp(db);
  const losses = await repository.findWeekLosses(db, week);
  const active = await activeMembersAmong(
    db,
    losses.map((row) => row.memberId),
  );
  const eligible = losses.filter((row) => active.has(row.memberId));
  // The level the member held at the end of the week (VIP levels are per calendar year).
  const levels = await levelsFor(
    deps,
    eligible.map((row) => row.memberId),
    new Date(range.to.getTime() - 1),
  );
  const { rates, cap } = programme.settings;
  const entitlements = eligible
    .map((row) => {
      const level = levels.get(row.memberId) ?? 1;
      const rate = rateOf(level, rates);
      return { memberId: row.memberId, loss: row.loss, level, rate, amount: cashBackOf(row.loss, rate, cap) };
    })
    .filter((row) => row.amount > 0)
    .sort((a, b) => a.memberId - b.memberId);
  const total = entitlements.reduce((sum, row) => sum + row.amount, 0);
  return retryingTransaction(db, async (trx) => {
    if (!(await repository.insertWeek(trx, { week, members: entitlements.length, total }))) return nothing;
    for (let start = 0; start < entitlements.length; start += 10_000) {
      await repository.insertEntitlements(trx, week, cap, entitlements.slice(start, start + 10_000));
    }
    return { week, settled: true, members: entitlements.length, total };
  });
}

/**
 * Settles every closed week whose claim window is still open and that is not settled yet (the last one,
 * or more after an outage or with a long window): the job. Safe late, twice and concurrently.
 */
export async function settleClosedWeeks(deps: CashBackDeps): Promise<Settlement[]> {
  const now = deps.now?.() ?? new Date();
  const { settings } = await loadProgramme(deps.db, CASH_BACK, deps.country);
  const settled: Settlement[] = [];
  for (const week of weeksToSettle(now, deps.country.timeZone, settings, SETTLE_GRACE_MS)) {
    settled.push(await settleWeek(deps, week));
  }
  return settled;
}

export const CASH_BACK_SETTLE = 'cash-back-settle';

export function cashBackJobs(deps: CashBackDeps): Job[] {
  return [
    cashBackLosses(deps.country).job(deps.db),
    // Every minute (the market's time zone): a closed week is settled within minutes of Monday 00:05, and a
    // run that finds it settled (or nothing to settle) costs two lookups.
    { name: CASH_BACK_SETTLE, schedule: { cron: '* * * * *' }, run: () => settleClosedWeeks(deps) },
  ];
}

/** The caller's week in play (an estimate) and last week's cash back with its claim state. */
export async function getSummary(deps: CashBackDeps, memberId: number): Promise<CashBackSummary> {
  const { db, country } = deps;
  const now = deps.now?.() ?? new Date();
  const programme = await loadProgramme(db, CASH_BACK, country);
  const { rates, cap } = programme.settings;
  const currentWeek = weekOf(now, country.timeZone);
  const lastWeek = addDays(currentWeek, -7);
  const currentRange = weekRange(currentWeek, country.timeZone);
  const lastRange = weekRange(lastWeek, country.timeZone);
  const [currentLoss, level, entitlement, settled] = await Promise.all([
    repository.findLoss(db, currentWeek, memberId),
    deps.levelOf(db, memberId, now),
    repository.findEntitlement(db, lastWeek, memberId),
    repository.isWeekSettled(db, lastWeek),
  ]);
  const lastLoss = entitlement?.loss ?? (await repository.findLoss(db, lastWeek, memberId));
  const lastLevel = entitlement?.level ?? level;
  const lastRate = entitlement?.rate ?? rateOf(lastLevel, rates);
  const window = claimWindow(lastWeek, country.timeZone, programme.settings);
  const currentRate = rateOf(level, rates);
  return {
    enable: programme.enabled,
    currency: country.currency,
    current: {
      week: currentWeek,
      from: currentRange.from.toISOString(),
      to: currentRange.to.toISOString(),
      loss: currentLoss,
      level,
      rate: currentRate,
      amount: programme.enabled ? cashBackOf(currentLoss, currentRate, cap) : 0,
      cap,
    },
    last: {
      week: lastWeek,
      from: lastRange.from.toISOString(),
      to: lastRange.to.toISOString(),
      loss: lastLoss,
      level: lastLevel,
      rate: lastRate,
      amount: entitlement?.amount ?? 0,
      cap: entitlement?.cap ?? cap,
      state: stateOf(entitlement, settled, window, now),
      claimOpensAt: window.opensAt.toISOString(),
      claimClosesAt: window.closesAt.toISOString(),
      claimedAt: entitlement?.claimedAt?.toISOString() ?? null,
    },
    rates,
  };
}

/**
 * Claims a settled week's cash back, exactly once: the entitlement row locked, paid with `payReward`
 * (key `<week>:<member>`, withdrawable cash from `promo:cash-back:budget`, the member's standing re-checked
 * inside) and marked claimed in the same transaction. Parallel claims wait on the row; the later ones find
 * it claimed (CASH_BACK_CLAIMED, shown as cash_back.alert_msg).
 */
export async function claim(
  deps: CashBackDeps,
  memberId: number,
  week: string,
): Promise<CashBackClaimResult> {
  const { db, country } = deps;
  const now = deps.now?.() ?? new Date();
  const programme = await requireProgramme(db, CASH_BACK, country);
  if (weekOf(weekRange(week, country.timeZone).from, country.timeZone) !== week) {
    throw new AppError('CASH_BACK_NONE');
  }
  const window = claimWindow(week, country.timeZone, programme.settings);
  const paid = await retryingTransaction(db, async (trx) => {
    // The entitlement row, locked, is the claim: unclaimed, it is marked with the payment's transaction.
    const { recorded: entitlement } = await claimOnce(trx, {
      record: async () => {
        const entitlement = await repository.findEntitlement(trx, week, memberId, { lock: true });
        if (!entitlement) throw new AppError('CASH_BACK_NONE');
        if (entitlement.claimedAt) return undefined;
        if (now < window.opensAt || now >= window.closesAt) throw new AppError('CASH_BACK_NOT_OPEN');
        return entitlement;
      },
      alreadyClaimed: 'CASH_BACK_CLAIMED',
      reward: ({ amount }) => ({
        programme: 'cash-back',
        memberId,
        key: `${week}:${memberId}`,
        cash: amount,
        description: `Weekly cash back (${week})`,
      }),
      link: async (_, transactionId) => {
        if (!(await repository.markClaimed(trx, { week, memberId, transactionId }))) {
          throw new AppError('CASH_BACK_CLAIMED');
        }
      },
    });
    return entitlement.amount;
  });
  const balances = await getBalances(db, memberId);
  return { week, cashbackAmount: paid, money: balances.cash, withdrawMoney: balances.withdrawable };
}

/** The caller's settled weeks with a cash back, newest first. */
export async function getRecords(
  deps: CashBackDeps,
  memberId: number,
  page: { page: number; size: number },
): Promise<CashBackRecordPage> {
  const { db, country } = deps;
  const now = deps.now?.() ?? new Date();
  const programme = await loadProgramme(db, CASH_BACK, country);
  const { rows, total } = await repository.findEntitlementPage(db, memberId, page);
  return {
    list: rows.map((row) => ({
      week: row.week,
      loss: row.loss,
      level: row.level,
      rate: row.rate,
      amount: row.amount,
      state: stateOf(row, true, claimWindow(row.week, country.timeZone, programme.settings), now),
      claimedAt: row.claimedAt?.toISOString() ?? null,
    })),
    total,
    page: page.page,
    size: page.size,
  };
}
