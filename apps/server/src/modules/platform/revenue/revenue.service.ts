import type { Kysely, Transaction } from 'kysely';
import type { CountryProfile } from '@app/contracts/country';
import { dayRange } from '@app/contracts/market-calendar';
import type { Database, MoneyFactKind } from '../../../db/schema.ts';
import { factTotalsBetween, type FactTotal, type Span } from '../wallet/ledger-reads.ts';
import {
  ACCOUNT,
  promotionCostsByDay,
  TAX_ACCOUNT,
  taxPostingsBetween,
  WITHDRAW_ACCOUNT,
} from '../wallet/wallet.service.ts';
import { gamingRevenueOf, type GamingRevenue } from './revenue.rules.ts';

export type { GamingRevenue } from './revenue.rules.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** What one tax booked in a span: on how many transactions, on what amount, how much. */
export type TaxBooked = { transactions: number; amount: number; tax: number };

/** A span's money in one market's currency, from the ledger: the one answer every report reads. */
export type PeriodMoney = {
  from: string;
  to: string;
  currency: string;
  revenue: GamingRevenue;
  deposits: FactTotal;
  withdrawals: FactTotal;
  taxes: { depositExcise: TaxBooked; withdrawal: TaxBooked };
};

/**
 * The taxes, with the account each is booked to and what it is levied on: a deposit's excise on what left
 * M-Pesa for the betting account (the credit's clearing leg), the withdrawal tax on what left the balance
 * (the whole hold the settlement releases).
 */
export const TAX_SOURCES = {
  depositExcise: { account: TAX_ACCOUNT.depositExcise, source: ACCOUNT.mpesaClearing },
  withdrawal: { account: TAX_ACCOUNT.withdrawal, source: WITHDRAW_ACCOUNT.hold },
} as const;

/** What one programme's budget paid out in a span, net of what came back to it (`promotionCostsByDay`). */
export type ProgrammeCost = Omit<Awaited<ReturnType<typeof promotionCostsByDay>>[number], 'day'>;

/**
 * The span's ledger before any figure is derived: the money facts per kind, each programme's cost, the taxes.
 * Sums of days add up to the sums of their span, so a report may add stored days and derive once.
 */
export type PeriodLedger = {
  facts: Record<MoneyFactKind, FactTotal>;
  costs: ProgrammeCost[];
  taxes: { depositExcise: TaxBooked; withdrawal: TaxBooked };
};

/** The span's ledger (facts, programme costs, taxes), in the market's time zone. */
export async function periodLedger(
  db: Db,
  country: Pick<CountryProfile, 'timeZone'>,
  span: Span,
): Promise<PeriodLedger> {
  const facts = await factTotalsBetween(db, span);
  const costs = new Map<string, ProgrammeCost>();
  for (const { day: _day, ...cost } of await promotionCostsByDay(db, {
    ...span,
    timeZone: country.timeZone,
  })) {
    costs.set(cost.programme, addCosts(costs.get(cost.programme), cost));
  }
  const taxOf = (tax: keyof typeof TAX_SOURCES) =>
    taxPostingsBetween(db, {
      taxAccount: TAX_SOURCES[tax].account,
      source: TAX_SOURCES[tax].source,
      ...span,
    });
  return {
    facts,
    costs: [...costs.values()],
    taxes: { depositExcise: await taxOf('depositExcise'), withdrawal: await taxOf('withdrawal') },
  };
}

/** Two costs of one programme added (the first may be absent). */
export function addCosts(a: ProgrammeCost | undefined, b: ProgrammeCost): ProgrammeCost {
  return {
    programme: b.programme,
    cash: (a?.cash ?? 0) + b.cash,
    coins: (a?.coins ?? 0) + b.coins,
    diamonds: (a?.diamonds ?? 0) + b.diamonds,
    tickets: (a?.tickets ?? 0) + b.tickets,
    payouts: (a?.payouts ?? 0) + b.payouts,
  };
}

/** The bonus cost of a ledger: the cash every programme's budget paid out, net. */
export function bonusCostOf(ledger: Pick<PeriodLedger, 'costs'>): number {
  return ledger.costs.reduce((sum, cost) => sum + cost.cash, 0);
}

/**
 * The span's money (gross and net gaming revenue, deposits, withdrawals, taxes) in the market's currency.
 * One market per server (its country profile), so nothing is ever summed across currencies. Run it in a
 * `repeatable read` transaction to read the same state as other reads of that transaction.
 */
export async function periodMoney(
  db: Db,
  country: Pick<CountryProfile, 'currency' | 'timeZone'>,
  span: Span,
): Promise<PeriodMoney> {
  const ledger = await periodLedger(db, country, span);
  return {
    from: span.from.toISOString(),
    to: span.to.toISOString(),
    currency: country.currency,
    revenue: gamingRevenueOf(ledger.facts, bonusCostOf(ledger)),
    deposits: ledger.facts.deposit,
    withdrawals: ledger.facts.withdrawal,
    taxes: ledger.taxes,
  };
}

/** One calendar day of the market's time zone (`periodMoney` of its span). */
export async function dayMoney(
  db: Db,
  country: Pick<CountryProfile, 'currency' | 'timeZone'>,
  day: string,
): Promise<PeriodMoney> {
  return periodMoney(db, country, dayRange(day, country.timeZone));
}
