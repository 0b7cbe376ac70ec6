import type { Kysely } from 'kysely';
import type {
  GameRevenue,
  ReportDay,
  ReportFigures,
  ReportGame,
  ReportProgramme,
  ReportProvider,
  RevenueReport,
} from '@app/contracts/back-office-reports';
import type { CountryProfile } from '@app/contracts/country';
import { addDays, calendarDayOf, dayRange } from '@app/contracts/market-calendar';
import type { Database, MoneyFactKind } from '../../../db/schema.ts';
import type { Job } from '../../../jobs/job-runner.ts';
import { countRegistrations, firstRegistrationTime } from '../member/member.service.ts';
import {
  firstDepositsBetween,
  firstLedgerTime,
  gameTotalsBetween,
  NO_FACTS,
  type FactTotal,
  type Span,
} from '../wallet/ledger-reads.ts';
import * as repository from './revenue.repository.ts';
import type { FactColumns } from './revenue.tables.ts';
import { gamingRevenueOf } from './revenue.rules.ts';
import {
  addCosts,
  bonusCostOf,
  periodLedger,
  type PeriodLedger,
  type ProgrammeCost,
} from './revenue.service.ts';

/**
 * The back office's reports (issue 26 §6): the ledger's money per calendar day of the market, summed once a
 * day by a job into `revenue_day` (and per game and programme), so a period of 90 days reads 90 rows. Only the
 * sums are stored, never a derived figure: GGR and NGR are computed from the period's sums by
 * `gamingRevenueOf`, the one definition the tax report and the regulator's files use (docs/compliance.md).
 * Today is summed by the same job up to a mark a quarter of an hour old, and a report adds only the ledger
 * after the mark; a day not summed at all (one the job has not reached) is computed from the ledger.
 */
export type RevenueDeps = {
  db: Kysely<Database>;
  country: Pick<CountryProfile, 'currency' | 'timeZone' | 'decimals'>;
};

/**
 * How long after local midnight a day is summed: a transaction begun before midnight is dated by its start
 * and may commit a little later (the regulator's export waits as long).
 */
export const SETTLE_MINUTES = 15;
/** Days one pass of the job sums at most, newest first: a long history is caught up over a few passes. */
const DAYS_PER_PASS = 31;

const KINDS: readonly MoneyFactKind[] = ['bet', 'win', 'rollback', 'deposit', 'withdrawal'];
const GAME_KINDS = ['bet', 'win', 'rollback'] as const;
type GameKind = (typeof GAME_KINDS)[number];
type GameFacts = Record<GameKind, FactTotal>;
type CountAmount = { facts: number; amount: number };
type Taxes = PeriodLedger['taxes'];

/** What a day (or a period) adds up to, before any figure is derived. */
type Totals = {
  facts: Record<MoneyFactKind, FactTotal>;
  bonusCost: number;
  taxes: Taxes;
  registrations: number;
  firstDeposits: CountAmount;
};

/** A span read from the ledger: its totals, and its facts per game and costs per programme. */
type SpanSums = Totals & { games: Map<number, GameFacts>; costs: ProgrammeCost[] };

function addFacts(a: FactTotal, b: FactTotal): FactTotal {
  return { facts: a.facts + b.facts, amount: a.amount + b.amount, ownMoney: a.ownMoney + b.ownMoney };
}

function subtractFacts(a: FactTotal, b: FactTotal): FactTotal {
  return { facts: a.facts - b.facts, amount: a.amount - b.amount, ownMoney: a.ownMoney - b.ownMoney };
}

function addGameFacts(a: GameFacts | undefined, b: GameFacts): GameFacts {
  return {
    bet: addFacts(a?.bet ?? NO_FACTS, b.bet),
    win: addFacts(a?.win ?? NO_FACTS, b.win),
    rollback: addFacts(a?.rollback ?? NO_FACTS, b.rollback),
  };
}

function addTotals(a: Totals, b: Totals): Totals {
  const tax = (x: Taxes[keyof Taxes], y: Taxes[keyof Taxes]) => ({
    transactions: x.transactions + y.transactions,
    amount: x.amount + y.amount,
    tax: x.tax + y.tax,
  });
  return {
    facts: Object.fromEntries(
      KINDS.map((kind) => [kind, addFacts(a.facts[kind], b.facts[kind])]),
    ) as Totals['facts'],
    bonusCost: a.bonusCost + b.bonusCost,
    taxes: {
      depositExcise: tax(a.taxes.depositExcise, b.taxes.depositExcise),
      withdrawal: tax(a.taxes.withdrawal, b.taxes.withdrawal),
    },
    registrations: a.registrations + b.registrations,
    firstDeposits: {
      facts: a.firstDeposits.facts + b.firstDeposits.facts,
      amount: a.firstDeposits.amount + b.firstDeposits.amount,
    },
  };
}

const NO_TAX = { transactions: 0, amount: 0, tax: 0 };
const NO_TOTALS: Totals = {
  facts: Object.fromEntries(KINDS.map((kind) => [kind, NO_FACTS])) as Totals['facts'],
  bonusCost: 0,
  taxes: { depositExcise: NO_TAX, withdrawal: NO_TAX },
  registrations: 0,
  firstDeposits: { facts: 0, amount: 0 },
};

/** The figures of some totals: the revenue as the revenue module defines it, the rest as the ledger has it. */
function figuresOf(totals: Totals): ReportFigures {
  const countOf = (total: CountAmount) => ({ count: total.facts, amount: total.amount });
  return {
    revenue: gamingRevenueOf(totals.facts, totals.bonusCost),
    deposits: countOf(totals.facts.deposit),
    withdrawals: countOf(totals.facts.withdrawal),
    taxes: totals.taxes,
    registrations: totals.registrations,
    firstDeposits: countOf(totals.firstDeposits),
  };
}

/** A game's part of the revenue: the definition's figures without a cost (a bonus is a programme's). */
function gameRevenueOf(facts: GameFacts): GameRevenue {
  const { bonusCost: _cost, ngr: _ngr, ...revenue } = gamingRevenueOf(facts, 0);
  return revenue;
}

/** A span read from the ledger in one `repeatable read` transaction: every figure of one state. */
async function readSpan(
  db: Kysely<Database>,
  country: RevenueDeps['country'],
  span: Span,
): Promise<SpanSums> {
  return db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute(async (trx) => {
      const ledger = await periodLedger(trx, country, span);
      const games = new Map<number, GameFacts>();
      for (const [gameId, kinds] of await gameTotalsBetween(trx, span)) {
        games.set(
          gameId,
          addGameFacts(undefined, { bet: NO_FACTS, win: NO_FACTS, rollback: NO_FACTS, ...kinds }),
        );
      }
      return {
        facts: ledger.facts,
        bonusCost: bonusCostOf(ledger),
        taxes: ledger.taxes,
        costs: ledger.costs,
        games,
        registrations: await countRegistrations(trx, span),
        firstDeposits: await firstDepositsBetween(trx, span),
      };
    });
}

/** The mark an open day is summed up to at `now`: what is dated before it has committed (SETTLE_MINUTES). */
function settleMark(now: Date): Date {
  return new Date(now.getTime() - SETTLE_MINUTES * 60_000);
}

/** The latest day that may be summed whole at `now`: yesterday, once today is SETTLE_MINUTES old. */
export function lastSettledDay(now: Date, timeZone: string): string {
  return addDays(calendarDayOf(settleMark(now), timeZone), -1);
}

/** A fact total per kind as a rolled-up row's columns (`bet_facts`, `bet_amount`, `bet_own_money`…). */
function factColumnsOf<Kind extends string>(
  kinds: readonly Kind[],
  facts: Record<Kind, FactTotal>,
): FactColumns<Kind> {
  return Object.fromEntries(
    kinds.flatMap((kind) => [
      [`${kind}_facts`, facts[kind]!.facts],
      [`${kind}_amount`, facts[kind]!.amount],
      [`${kind}_own_money`, facts[kind]!.ownMoney],
    ]),
  ) as FactColumns<Kind>;
}

function factsOfColumns<Kind extends string>(kinds: readonly Kind[], row: object): Record<Kind, FactTotal> {
  const columns = row as Record<string, number>;
  return Object.fromEntries(
    kinds.map((kind) => [
      kind,
      {
        facts: columns[`${kind}_facts`]!,
        amount: columns[`${kind}_amount`]!,
        ownMoney: columns[`${kind}_own_money`]!,
      },
    ]),
  ) as Record<Kind, FactTotal>;
}

/**
 * Sums a span of a day from the ledger and stores it as the day's rows, replacing what the day had: the whole
 * day (`summedUntil` null), or the open day from its midnight up to the mark `summedUntil`.
 */
async function storeDay(deps: RevenueDeps, day: string, span: Span, summedUntil: Date | null): Promise<void> {
  const { db, country } = deps;
  const sums = await readSpan(db, country, span);
  await db.transaction().execute((trx) =>
    repository.replaceDay(
      trx,
      {
        day,
        currency: country.currency,
        ...factColumnsOf(KINDS, sums.facts),
        bonus_cost: sums.bonusCost,
        excise_transactions: sums.taxes.depositExcise.transactions,
        excise_amount: sums.taxes.depositExcise.amount,
        excise_tax: sums.taxes.depositExcise.tax,
        withdrawal_tax_transactions: sums.taxes.withdrawal.transactions,
        withdrawal_tax_amount: sums.taxes.withdrawal.amount,
        withdrawal_tax: sums.taxes.withdrawal.tax,
        registrations: sums.registrations,
        first_deposits: sums.firstDeposits.facts,
        first_deposit_amount: sums.firstDeposits.amount,
        summed_until: summedUntil,
      },
      [...sums.games].map(([gameId, facts]) => ({
        game_id: gameId,
        ...factColumnsOf(GAME_KINDS, facts),
      })),
      sums.costs,
    ),
  );
}

/**
 * Sums one settled day from the ledger and stores it, replacing what the day had: run twice, it leaves the
 * same rows. A day still open (or within SETTLE_MINUTES of its end) is refused: rollUpOpenDay sums it up to
 * a mark.
 */
export async function rollUpDay(deps: RevenueDeps, day: string, now: Date = new Date()): Promise<void> {
  const { timeZone } = deps.country;
  if (day > lastSettledDay(now, timeZone)) {
    throw new Error(
      `revenue: ${day} is not settled yet; only days before ${lastSettledDay(now, timeZone)} are summed`,
    );
  }
  await storeDay(deps, day, dayRange(day, timeZone), null);
}

/**
 * Sums the open day (the day SETTLE_MINUTES ago falls in: today, or yesterday in today's first minutes) from
 * its midnight up to that mark, replacing what it had, so a report adds only the ledger after the mark. Its
 * day and mark; nothing at the day's first instant.
 */
export async function rollUpOpenDay(
  deps: RevenueDeps,
  now: Date = new Date(),
): Promise<{ day: string; summedUntil: Date } | undefined> {
  const { timeZone } = deps.country;
  const summedUntil = settleMark(now);
  const day = calendarDayOf(summedUntil, timeZone);
  const span = { from: dayRange(day, timeZone).from, to: summedUntil };
  if (span.to <= span.from) return undefined;
  await storeDay(deps, day, span, summedUntil);
  return { day, summedUntil };
}

/**
 * One pass of the daily job: sums the settled days not summed whole yet, newest first, from the day of the
 * first registration or ledger transaction; at most DAYS_PER_PASS a pass. A pass with none due (caught up)
 * sums the open day up to its mark instead. The settled days it summed.
 */
export async function rollUpPass(deps: RevenueDeps, now: Date = new Date()): Promise<string[]> {
  const { db, country } = deps;
  const last = lastSettledDay(now, country.timeZone);
  const starts = [await firstLedgerTime(db), await firstRegistrationTime(db)].filter(
    (time): time is Date => time !== undefined,
  );
  if (starts.length === 0) return [];
  const first = calendarDayOf(new Date(Math.min(...starts.map((time) => time.getTime()))), country.timeZone);
  const done = first > last ? new Set<string>() : await repository.findRolledUpDays(db, first, last);
  const due: string[] = [];
  for (let day = last; day >= first && due.length < DAYS_PER_PASS; day = addDays(day, -1)) {
    if (!done.has(day)) due.push(day);
  }
  for (const day of due) await rollUpDay(deps, day, now);
  if (due.length === 0) await rollUpOpenDay(deps, now);
  return due;
}

/** The job: every quarter of an hour (a pass with no settled day due sums the open day up to its mark). */
export function revenueJobs(deps: RevenueDeps): Job[] {
  return [{ name: 'revenue-daily-rollup', schedule: { cron: '*/15 * * * *' }, run: () => rollUpPass(deps) }];
}

/** A stored day's totals. */
function totalsOfRow(row: repository.RevenueDayRow): Totals {
  return {
    facts: factsOfColumns(KINDS, row),
    bonusCost: row.bonus_cost,
    taxes: {
      depositExcise: {
        transactions: row.excise_transactions,
        amount: row.excise_amount,
        tax: row.excise_tax,
      },
      withdrawal: {
        transactions: row.withdrawal_tax_transactions,
        amount: row.withdrawal_tax_amount,
        tax: row.withdrawal_tax,
      },
    },
    registrations: row.registrations,
    firstDeposits: { facts: row.first_deposits, amount: row.first_deposit_amount },
  };
}

/** A game of the catalogue as the report names it. */
export type ReportedGame = { code: string; name: string; provider: string };

/**
 * The report of [from, to] (days of the market, both included; days after today have nothing): each day,
 * the period's total, and the period per game, provider and programme. The summed days are read in one
 * `repeatable read` transaction; an open day's ledger after its mark and the days not summed are read from
 * the ledger (the ledger only grows, so what the sums hold and what is read after them never overlap). `games` names the games (the
 * catalogue is the games module's, a layer above).
 */
export async function revenueReport(
  deps: RevenueDeps,
  period: { from: string; to: string },
  games: ReadonlyMap<number, ReportedGame>,
  now: Date = new Date(),
): Promise<RevenueReport> {
  const { db, country } = deps;
  const today = calendarDayOf(now, country.timeZone);
  const last = period.to < today ? period.to : today;
  const stored = await db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute(async (trx) => ({
      days: await repository.findDays(trx, period.from, last),
      games: await repository.sumGames(trx, period.from, last),
      programmes: await repository.sumProgrammes(trx, period.from, last),
    }));
  const storedDays = new Map(stored.days.map((row) => [row.day, row]));
  const byGame = new Map<number, GameFacts>(
    stored.games.map((row) => [row.game_id, factsOfColumns(GAME_KINDS, row)]),
  );
  const byProgramme = new Map<string, ProgrammeCost>(stored.programmes.map((row) => [row.programme, row]));

  /** A span read live: its games and programmes join the period's. */
  const readLive = async (span: Span): Promise<SpanSums> => {
    const sums = await readSpan(db, country, span);
    for (const [gameId, facts] of sums.games) byGame.set(gameId, addGameFacts(byGame.get(gameId), facts));
    for (const cost of sums.costs)
      byProgramme.set(cost.programme, addCosts(byProgramme.get(cost.programme), cost));
    return sums;
  };
  const days: ReportDay[] = [];
  let total = NO_TOTALS;
  for (let day = period.from; day <= last; day = addDays(day, 1)) {
    const row = storedDays.get(day);
    const whole = dayRange(day, country.timeZone);
    let totals: Totals;
    if (!row) {
      totals = await readLive(whole);
    } else {
      totals = totalsOfRow(row);
      // The open day: its sums up to the mark, and the ledger after it.
      if (row.summed_until)
        totals = addTotals(totals, await readLive({ from: row.summed_until, to: whole.to }));
    }
    total = addTotals(total, totals);
    days.push({ day, live: !row || row.summed_until !== null, ...figuresOf(totals) });
  }

  // Stakes, wins and refunds without a game (draw tickets sold as a stake): the total less every game's.
  const withoutGame = Object.fromEntries(
    GAME_KINDS.map((kind) => [
      kind,
      [...byGame.values()].reduce((rest, facts) => subtractFacts(rest, facts[kind]), total.facts[kind]),
    ]),
  ) as GameFacts;
  const gameRows: (ReportGame & { facts: GameFacts })[] = [...byGame].map(([gameId, facts]) => {
    const game = games.get(gameId);
    return {
      gameId,
      code: game?.code ?? null,
      name: game?.name ?? null,
      // A game gone from the catalogue keeps its own line, apart from the stakes without a game.
      provider: game?.provider ?? `game ${gameId}`,
      revenue: gameRevenueOf(facts),
      facts,
    };
  });
  if (GAME_KINDS.some((kind) => withoutGame[kind].facts !== 0)) {
    gameRows.push({
      gameId: null,
      code: null,
      name: null,
      provider: null,
      revenue: gameRevenueOf(withoutGame),
      facts: withoutGame,
    });
  }
  gameRows.sort((a, b) => b.revenue.stakes - a.revenue.stakes || (a.gameId ?? 0) - (b.gameId ?? 0));

  const byProvider = new Map<string | null, { games: number; facts: GameFacts }>();
  for (const row of gameRows) {
    const provider = byProvider.get(row.provider);
    byProvider.set(row.provider, {
      games: (provider?.games ?? 0) + (row.gameId === null ? 0 : 1),
      facts: addGameFacts(provider?.facts, row.facts),
    });
  }
  const providers: ReportProvider[] = [...byProvider]
    .map(([provider, { games: count, facts }]) => ({ provider, games: count, revenue: gameRevenueOf(facts) }))
    .sort((a, b) => b.revenue.stakes - a.revenue.stakes);
  const programmes: ReportProgramme[] = [...byProgramme.values()].sort(
    (a, b) => b.cash - a.cash || a.programme.localeCompare(b.programme),
  );

  return {
    from: period.from,
    to: period.to,
    timeZone: country.timeZone,
    currency: country.currency,
    decimals: country.decimals,
    total: figuresOf(total),
    days,
    games: gameRows.map(({ facts: _facts, ...row }) => row),
    providers,
    programmes,
  };
}
