import { z as zod } from 'zod';

/**
 * The one rule for every number a client sends (a count, an id, an amount in minor units, an index): a
 * whole number in its range, given either as a JSON number or, because the spec's default body is
 * form-encoded and query strings and path parameters are text, as plain decimal digits.
 *
 * Nothing else is a number here. `z.coerce.number()` (Number(value)) read `"0x2"` as 2, `"1e2"` as 100,
 * `" 2"` as 2, `[2]` as 2, `true` as 1 and `null` or `""` as 0: a hex string bought lucky-refund codes, a
 * boolean bought a lottery ticket and a null used up a cash-rain claim (issue 22 §4).
 */
const DECIMAL_DIGITS = /^-?\d{1,16}$/;

export const WHOLE_NUMBER_MESSAGE = 'Must be a whole number in decimal digits';

/** A whole number from `min` to `max` (both included), as a JSON number or decimal digits. */
export function wholeNumber(min: number, max: number) {
  const inRange = zod.number().int({ error: WHOLE_NUMBER_MESSAGE }).min(min).max(max);
  return zod.union(
    [
      inRange,
      zod.string().regex(DECIMAL_DIGITS, { error: WHOLE_NUMBER_MESSAGE }).transform(Number).pipe(inRange),
    ],
    { error: WHOLE_NUMBER_MESSAGE },
  );
}
