/**
 * The cash draw's rules (issue 16 §5, docs/draws.md): an entry is a random code and, if the player wants,
 * a seed of their own (spec §5 and §9: 5 to 10 letters and digits), committed in the ticket list as
 * `CODE:seed`, so every player's seed goes into the list's Merkle root and so into the winners drawn from
 * the beacon. Browser-safe (no `node:` import).
 *
 * Money of one draw (`splitCashDraw`, integers in minor units): the house takes floor(sales × houseShare %);
 * the prize pool is the rest plus the whole rollover reserve; winner rank i (the i-th ticket drawn) gets
 * floor(pool × shares[i] %); shares of ranks nobody holds (fewer entries than prizes) and the rounding go
 * back to the rollover. So houseShare + paid + rolloverOut = sales + rolloverIn, exactly.
 */

/** Spec §5: letters and digits only, 5 to 10 characters. */
export const CASH_DRAW_SEED = /^[A-Za-z0-9]{5,10}$/;
export const CASH_DRAW_SEED_MIN = 5;
export const CASH_DRAW_SEED_MAX = 10;

/** An entry's code: 8 upper-case letters and digits (docs/draws.md), drawn by the server's CSPRNG. */
export const ENTRY_CODE = /^[A-Z0-9]{8}$/;
export const ENTRY_CODE_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

export function isValidSeed(seed: string): boolean {
  return CASH_DRAW_SEED.test(seed);
}

/** The entry's canonical text: `K7Q2M9XA:seed`, the seed empty when none. */
export function cashDrawEntry(code: string, seed: string | null | undefined): string {
  if (!ENTRY_CODE.test(code)) throw new RangeError('an entry code is 8 upper-case letters or digits');
  if (seed && !isValidSeed(seed)) throw new RangeError('a seed is 5 to 10 letters and digits');
  return `${code}:${seed ?? ''}`;
}

/** The code and the seed of an entry text (null seed when none). */
export function parseCashDrawEntry(entry: string): { code: string; seed: string | null } {
  const [code = '', seed = '', ...rest] = entry.split(':');
  if (rest.length > 0 || !ENTRY_CODE.test(code) || (seed !== '' && !isValidSeed(seed))) {
    throw new RangeError(`not a cash draw entry: ${entry}`);
  }
  return { code, seed: seed === '' ? null : seed };
}

/** A fresh entry code from `randomBelow` (the CSPRNG in production), every code equally likely. */
export function entryCode(randomBelow: (bound: number) => number): string {
  let code = '';
  for (let index = 0; index < 8; index += 1) {
    code += ENTRY_CODE_ALPHABET[randomBelow(ENTRY_CODE_ALPHABET.length)];
  }
  return code;
}

export type CashDrawPrizeRules = {
  /** The house's percentage of sales (whole percent 0–100). */
  houseShare: number;
  /** Percentage of the pool for winner rank 1, 2, …; they sum to at most 100 (the rest rolls over). */
  shares: readonly number[];
};

export type CashDrawSplit = {
  houseShare: number;
  rolloverIn: number;
  pool: number;
  /** What rank i is paid (0 when nobody holds the rank). */
  prizes: number[];
  paid: number;
  rolloverOut: number;
};

export function assertCashDrawRules(rules: CashDrawPrizeRules): void {
  const whole = (value: number) => Number.isInteger(value) && value >= 0 && value <= 100;
  if (!whole(rules.houseShare)) throw new RangeError('houseShare is a whole percent 0–100');
  if (rules.shares.length === 0 || rules.shares.length > 100 || !rules.shares.every(whole)) {
    throw new RangeError('shares are 1 to 100 whole percents');
  }
  if (rules.shares.reduce((sum, share) => sum + share, 0) > 100) throw new RangeError('shares sum to ≤ 100');
}

export function splitCashDraw(input: {
  sales: number;
  reserve: number;
  rules: CashDrawPrizeRules;
  /** How many winners were drawn (min(entries, prizes)). */
  winners: number;
}): CashDrawSplit {
  const { sales, reserve, rules, winners } = input;
  for (const value of [sales, reserve, winners]) {
    if (!Number.isSafeInteger(value) || value < 0) throw new RangeError('amounts are whole numbers ≥ 0');
  }
  assertCashDrawRules(rules);
  const houseShare = Number((BigInt(sales) * BigInt(rules.houseShare)) / 100n);
  const pool = sales - houseShare + reserve;
  const prizes = rules.shares.map((share, rank) =>
    rank < winners ? Number((BigInt(pool) * BigInt(share)) / 100n) : 0,
  );
  const paid = prizes.reduce((sum, prize) => sum + prize, 0);
  return { houseShare, rolloverIn: reserve, pool, prizes, paid, rolloverOut: pool - paid };
}
