import { calendarDayOf } from '@app/contracts/market-calendar';
import type { Kysely } from 'kysely';
import type { CountryProfile } from '@app/contracts/country';
import type { Database } from '../../../db/schema.ts';
import { dayMoney, TAX_SOURCES } from '../../platform/revenue/revenue.service.ts';
import type { TaxReport } from './tax-report.schemas.ts';

/**
 * The operator's daily tax report (issue 12 §5): what each tax-payable account received in one day of
 * the market's time zone, read from the ledger, so it is what was booked when the money moved, not a
 * recomputation. A deposit's excise is dated by its credit, a withdrawal's tax by its settlement (paid).
 * The figures are the day's money as the revenue module defines it (issue 25 §4), gaming revenue included:
 * the report computes none of its own.
 */
export async function dailyTaxReport(
  deps: { db: Kysely<Database>; country: CountryProfile },
  day: string = calendarDayOf(new Date(), deps.country.timeZone),
): Promise<TaxReport> {
  const money = await dayMoney(deps.db, deps.country, day);
  const lines = [
    {
      kind: 'deposit-excise' as const,
      account: TAX_SOURCES.depositExcise.account,
      ...money.taxes.depositExcise,
    },
    { kind: 'withdrawal' as const, account: TAX_SOURCES.withdrawal.account, ...money.taxes.withdrawal },
  ];
  return {
    day,
    timeZone: deps.country.timeZone,
    currency: money.currency,
    from: money.from,
    to: money.to,
    lines,
    total: lines.reduce((sum, line) => sum + line.tax, 0),
    revenue: money.revenue,
  };
}
