/**
 * int8 (bigint) columns hold money in minor units. Both drivers hand them to us as text or BigInt; we use
 * JS numbers, which are exact up to 2^53 (90 trillion KES in cents), and refuse anything larger rather
 * than round it.
 */
export function parseInt8(value: string | bigint): number {
  const parsed = typeof value === 'bigint' ? Number(value) : Number.parseInt(value, 10);
  if (!Number.isSafeInteger(parsed)) {
    throw new RangeError(`int8 value ${String(value)} is outside the safe integer range`);
  }
  return parsed;
}
