import { sql } from 'kysely';
import type { AccountBalanceResult } from '../../../adapters/mpesa/daraja-callbacks.ts';
import type { PaymentDeps } from '../channels/payment-deps.ts';
import type { Log } from './withdraw-shared.ts';

/**
 * The B2C float (issue 24 §3): payouts are paid from the B2C shortcode's utility account, and a payout it
 * cannot cover fails (ResultCode 1) after the member's money was reserved. A job asks Account Balance
 * every few minutes; the Result (a hint like every callback, but it moves no money: it only warns) is
 * kept, and below the threshold operators are alerted: an error in the log and `lowFloat` in the
 * operators' view, until a report above it.
 */
export async function requestFloatCheck(deps: PaymentDeps): Promise<void> {
  await deps.mpesa.accountBalance({
    resultUrl: deps.callbackUrls.balanceResult,
    queueTimeoutUrl: deps.callbackUrls.balanceTimeout,
  });
}

export async function handleBalanceResult(
  deps: PaymentDeps,
  result: AccountBalanceResult,
  log: Log,
): Promise<void> {
  const shortcode = deps.b2cShortcode;
  if (result.resultCode !== '0' || result.utilityAvailable === undefined) {
    log.warn({ resultCode: result.resultCode }, 'M-Pesa Account Balance gave no float');
    return;
  }
  const available = Math.round(result.utilityAvailable * deps.country.scale);
  const low = deps.floatAlertBelow > 0 && available < deps.floatAlertBelow;
  if (low) {
    log.error(
      { shortcode, available, threshold: deps.floatAlertBelow },
      'ALERT: the M-Pesa B2C float is below its threshold; payouts will start failing',
    );
  }
  await deps.db
    .insertInto('mpesa_float')
    .values({ shortcode, utility_available: available, below_alert: low })
    .onConflict((conflict) =>
      conflict.column('shortcode').doUpdateSet({
        utility_available: available,
        below_alert: low,
        reported_at: sql`now()`,
      }),
    )
    .execute();
}

/** The float as last reported, for the operators' view; undefined before the first report. */
export async function lastFloat(deps: PaymentDeps) {
  const row = await deps.db
    .selectFrom('mpesa_float')
    .selectAll()
    .where('shortcode', '=', deps.b2cShortcode)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    available: Number(row.utility_available),
    lowFloat: row.below_alert,
    threshold: deps.floatAlertBelow,
    reportedAt: row.reported_at.toISOString(),
  };
}
