import { calendarDayOf, dayRange } from '@app/contracts/market-calendar';
import type { Kysely } from 'kysely';
import type { CountryProfile } from '@app/contracts/country';
import type { Database } from '../../../db/schema.ts';
import {
  ACCOUNT,
  TAX_ACCOUNT,
  taxPostingsBetween,
  WITHDRAW_ACCOUNT,
} from '../../platform/wallet/wallet.service.ts';
import type { TaxReport } from './tax-report.schemas.ts';

/**
 * The operator's daily tax report (issue 12 §5): what each tax-payable account received in one day of
 * the market's time zone, read from the ledger, so it is what was booked when the money moved, not a
 * recomputation. A deposit's excise is dated by its credit, a withdrawal's tax by its settlement (paid).
 */
const LINES = [
  // The excise is levied on what left M-Pesa for the betting account: the credit's clearing leg.
  { kind: 'deposit-excise', account: TAX_ACCOUNT.depositExcise, source: ACCOUNT.mpesaClearing },
  // The withdrawal tax on what left the balance: the whole hold the settlement releases.
  { kind: 'withdrawal', account: TAX_ACCOUNT.withdrawal, source: WITHDRAW_ACCOUNT.hold },
] as const;

export async function dailyTaxReport(
  deps: { db: Kysely<Database>; country: CountryProfile },
  day: string = calendarDayOf(new Date(), deps.country.timeZone),
): Promise<TaxReport> {
  const { from, to } = dayRange(day, deps.country.timeZone);
  const lines = await Promise.all(
    LINES.map(async (line) => {
      const posted = await taxPostingsBetween(deps.db, {
        taxAccount: line.account,
        source: line.source,
        from,
        to,
      });
      return { kind: line.kind, account: line.account, ...posted };
    }),
  );
  return {
    day,
    timeZone: deps.country.timeZone,
    currency: deps.country.currency,
    from: from.toISOString(),
    to: to.toISOString(),
    lines,
    total: lines.reduce((sum, line) => sum + line.tax, 0),
  };
}
