/**
 * Money and multipliers. A payout multiplier is an integer in ten-thousandths (19800 = 1.98×) so that the
 * server pays floor(stake × multiplier / 10000) in integer minor units and no float ever touches money.
 * The floor keeps the fraction of a minor unit with the house, as every multiplier floor in these games does.
 */

/** Ten-thousandths: 1.98× is 19800. Four decimals hold every multiplier the games show (dice needs them). */
export const MULTIPLIER_SCALE = 10_000;

/** The amount paid for a stake (integer minor units) at a multiplier (ten-thousandths), rounded down. */
export function payoutOf(stake: number, multiplier: number): number {
  if (!Number.isSafeInteger(stake) || stake < 0) throw new RangeError('stake must be a non-negative integer');
  if (!Number.isSafeInteger(multiplier) || multiplier < 0) {
    throw new RangeError('multiplier must be a non-negative integer');
  }
  // The product can pass 2^53 (a large stake at a large multiplier) before the division brings it back.
  const payout = (BigInt(stake) * BigInt(multiplier)) / BigInt(MULTIPLIER_SCALE);
  if (payout > BigInt(Number.MAX_SAFE_INTEGER)) throw new RangeError('payout beyond 2^53 minor units');
  return Number(payout);
}

/** "1.98×"-style text of a multiplier, with two to four decimals as needed. */
export function formatMultiplier(multiplier: number): string {
  const whole = Math.floor(multiplier / MULTIPLIER_SCALE);
  const fraction = String(multiplier % MULTIPLIER_SCALE)
    .padStart(4, '0')
    .replace(/0{1,2}$/, '');
  return `${whole}.${fraction}×`;
}
