import type { Kysely, Transaction } from 'kysely';
import type { CountryProfile } from '@app/contracts/country';
import { dayRange } from '@app/contracts/market-calendar';
import type { Database } from '../../../db/schema.ts';
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
  const facts = await factTotalsBetween(db, span);
  const costs = await promotionCostsByDay(db, { ...span, timeZone: country.timeZone });
  const bonusCost = costs.reduce((sum, cost) => sum + cost.cash, 0);
  const taxOf = (tax: keyof typeof TAX_SOURCES) =>
    taxPostingsBetween(db, {
      taxAccount: TAX_SOURCES[tax].account,
      source: TAX_SOURCES[tax].source,
      ...span,
    });
  return {
    from: span.from.toISOString(),
    to: span.to.toISOString(),
    currency: country.currency,
    revenue: gamingRevenueOf(facts, bonusCost),
    deposits: facts.deposit,
    withdrawals: facts.withdrawal,
    taxes: { depositExcise: await taxOf('depositExcise'), withdrawal: await taxOf('withdrawal') },
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
