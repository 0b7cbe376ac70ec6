/**
 * The 6+1 lottery's rules (issue 16 §4, docs/draws.md, reference promotions-and-draws §2): a ticket is 6
 * distinct red numbers of 1–33 and 1 blue number of 1–16; a draw draws the same (packages/fair draw.ts,
 * from the verified beacon). One implementation for the server (sales, settlement), the player's pages
 * (the picker, quick pick, "did I win") and the verifier. Browser-safe: no `node:` import, randomness from
 * globalThis.crypto.getRandomValues.
 *
 * Tiers (the Double Colour Ball's): 6+1 first, 6+0 second, 5+1 third, 5+0 or 4+1 fourth, 4+0 or 3+1 fifth,
 * 2+1, 1+1 or 0+1 sixth. Tiers 1 and 2 share a pool (pari-mutuel), tiers 3–6 pay fixed amounts.
 *
 * Money of one draw (`splitPrizes`, all integers in minor units, every unit accounted for):
 * 1. The house's share: floor(sales × houseShare %). The rest of the sales is the draw's prize fund (the
 *    stated return to players: with the default 50 %, half of every shilling sold goes to prizes).
 * 2. Fixed prizes (tiers 3–6) are paid first, from the prize fund. If they exceed it, the rollover reserve
 *    (earlier draws' unwon pools and rounding) covers the difference; only if both together fall short are
 *    the fixed prizes scaled down pro rata: each winner gets floor(amount × available ÷ demand), and the
 *    pools get nothing in that draw.
 * 3. What the fixed prizes leave is shared between the pooled tiers by their percentages (default 70 / 30);
 *    a draw that takes the rollover (the main draws) adds all of the reserve to the first tier's pool (the
 *    jackpot). If the first tier is won and its pool is below the jackpot seed, the house adds the difference.
 * 4. A pool is divided equally among its winners, rounded down to the minor unit. The rounding
 *    ("breakage"), the pools nobody won and the rounding of the percentages go to the rollover.
 * So: houseShare + paid + rolloverOut = sales + rolloverIn + seedTopUp, exactly.
 */

export const RED_PICKS = 6;
export const RED_MAX = 33;
export const BLUE_MAX = 16;

/** C(33, 6) × 16: every possible ticket. */
export const COMBINATIONS = 17_721_088;

export type LotteryPick = { red: readonly number[]; blue: number };
/** A draw's numbers: 6 red ascending and 1 blue. */
export type LotteryNumbers = { red: number[]; blue: number };

export const TIERS = [1, 2, 3, 4, 5, 6] as const;
export type LotteryTier = (typeof TIERS)[number];
/** Tiers sharing a pool (pari-mutuel) and tiers of a fixed amount. */
export const POOL_TIERS = [1, 2] as const;
export const FIXED_TIERS = [3, 4, 5, 6] as const;

/** What each tier takes, as [red matches, blue matched] pairs (for the rules text and the tier table). */
export const TIER_MATCHES: Record<LotteryTier, ReadonlyArray<readonly [number, boolean]>> = {
  1: [[6, true]],
  2: [[6, false]],
  3: [[5, true]],
  4: [
    [5, false],
    [4, true],
  ],
  5: [
    [4, false],
    [3, true],
  ],
  6: [
    [2, true],
    [1, true],
    [0, true],
  ],
};

function isWhole(value: unknown, low: number, high: number): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= low && value <= high;
}

/** Why a pick is not a valid ticket (null when it is): 6 distinct red of 1–33 and 1 blue of 1–16. */
export function pickProblem(pick: { red?: unknown; blue?: unknown }): string | null {
  const { red, blue } = pick;
  if (!Array.isArray(red) || red.length !== RED_PICKS) return `pick exactly ${RED_PICKS} red numbers`;
  if (!red.every((number) => isWhole(number, 1, RED_MAX))) return `red numbers are 1 to ${RED_MAX}`;
  if (new Set(red).size !== RED_PICKS) return 'red numbers must be different';
  if (!isWhole(blue, 1, BLUE_MAX)) return `the blue number is 1 to ${BLUE_MAX}`;
  return null;
}

export function isValidPick(pick: { red?: unknown; blue?: unknown }): pick is LotteryPick {
  return pickProblem(pick) === null;
}

const two = (number: number) => String(number).padStart(2, '0');

/**
 * The ticket's canonical entry text (docs/draws.md "Canonical ticket line"): red ascending, two digits,
 * space separated, `+`, blue two digits: `03 07 12 19 25 31+09`. Throws on an invalid pick.
 */
export function canonicalEntry(pick: LotteryPick): string {
  const problem = pickProblem(pick);
  if (problem) throw new RangeError(problem);
  const red = [...pick.red].sort((a, b) => a - b);
  return `${red.map(two).join(' ')}+${two(pick.blue)}`;
}

const ENTRY = /^(\d\d) (\d\d) (\d\d) (\d\d) (\d\d) (\d\d)\+(\d\d)$/;

/** The pick of a canonical entry text; throws unless the text is exactly canonical (ascending, valid). */
export function parseEntry(entry: string): LotteryNumbers {
  const match = ENTRY.exec(entry);
  if (!match) throw new RangeError(`not a lottery entry: ${entry}`);
  const numbers = match.slice(1).map(Number);
  const pick = { red: numbers.slice(0, RED_PICKS), blue: numbers[RED_PICKS] as number };
  if (canonicalEntry(pick) !== entry) throw new RangeError(`not a canonical lottery entry: ${entry}`);
  return pick;
}

type WebCrypto = { getRandomValues<T extends Uint32Array>(array: T): T };

/** A uniform whole number in [0, bound) from the platform's CSPRNG, by rejection (no modulo bias). */
export function cryptoRandomBelow(bound: number): number {
  if (!Number.isInteger(bound) || bound < 1 || bound > 2 ** 32) throw new RangeError('bound is 1 to 2^32');
  const webCrypto = (globalThis as { crypto?: WebCrypto }).crypto;
  if (!webCrypto) throw new Error('globalThis.crypto.getRandomValues is not available');
  const limit = 2 ** 32 - (2 ** 32 % bound);
  const word = new Uint32Array(1);
  for (;;) {
    const value = (webCrypto.getRandomValues(word)[0] as number) >>> 0;
    if (value < limit) return value % bound;
  }
}

/**
 * A quick pick: 6 distinct red numbers (partial Fisher–Yates over 1–33) and a blue, every ticket equally
 * likely. `randomBelow` is the CSPRNG by default; a simulation may pass a seeded generator.
 */
export function quickPick(randomBelow: (bound: number) => number = cryptoRandomBelow): LotteryNumbers {
  const numbers = Array.from({ length: RED_MAX }, (_, index) => index + 1);
  for (let index = 0; index < RED_PICKS; index += 1) {
    const chosen = index + randomBelow(RED_MAX - index);
    [numbers[index], numbers[chosen]] = [numbers[chosen] as number, numbers[index] as number];
  }
  return {
    red: numbers.slice(0, RED_PICKS).sort((a, b) => a - b),
    blue: 1 + randomBelow(BLUE_MAX),
  };
}

/** The tier of (red matches, blue matched); null wins nothing. */
export function tierOfMatches(redMatches: number, blueMatched: boolean): LotteryTier | null {
  if (blueMatched) {
    if (redMatches === 6) return 1;
    if (redMatches === 5) return 3;
    if (redMatches === 4) return 4;
    if (redMatches === 3) return 5;
    return 6;
  }
  if (redMatches === 6) return 2;
  if (redMatches === 5) return 4;
  if (redMatches === 4) return 5;
  return null;
}

/**
 * A ticket that misses the blue wins only with at least this many red matches (tiers 2, 4 and 5); with the
 * blue, every ticket wins. The settlement lets the database send only such tickets.
 */
export const LEAST_RED_MATCHES_WITHOUT_BLUE = 4;

/** How many of the pick's red numbers were drawn. */
export function redMatches(pick: LotteryPick, drawn: LotteryPick): number {
  let count = 0;
  for (const number of pick.red) if (drawn.red.includes(number)) count += 1;
  return count;
}

/** The tier a ticket wins against a draw's numbers, or null. */
export function tierOf(pick: LotteryPick, drawn: LotteryPick): LotteryTier | null {
  return tierOfMatches(redMatches(pick, drawn), pick.blue === drawn.blue);
}

function choose(n: number, k: number): number {
  if (k < 0 || k > n) return 0;
  let result = 1;
  for (let index = 1; index <= k; index += 1) result = (result * (n - k + index)) / index;
  return Math.round(result);
}

/**
 * How many of the 17,721,088 tickets win each tier against any one draw, counted combinatorially: a ticket
 * with m red matches takes m of the 6 drawn and 6 − m of the 27 others; the blue matches 1 way of 16 or
 * misses 15. (The enumeration test checks this against every ticket through `tierOf`.)
 */
export function tierCounts(): Record<LotteryTier, number> {
  const counts: Record<LotteryTier, number> = { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0, 6: 0 };
  for (let matches = 0; matches <= RED_PICKS; matches += 1) {
    const reds = choose(RED_PICKS, matches) * choose(RED_MAX - RED_PICKS, RED_PICKS - matches);
    for (const blue of [true, false]) {
      const tier = tierOfMatches(matches, blue);
      if (tier !== null) counts[tier] += reds * (blue ? 1 : BLUE_MAX - 1);
    }
  }
  return counts;
}

/** The tier table: per tier, its matches, how many tickets of all win it, and the odds "1 in …". */
export function tierTable(): Array<{
  tier: LotteryTier;
  matches: ReadonlyArray<readonly [number, boolean]>;
  count: number;
  oneIn: number;
}> {
  const counts = tierCounts();
  return TIERS.map((tier) => ({
    tier,
    matches: TIER_MATCHES[tier],
    count: counts[tier],
    oneIn: COMBINATIONS / counts[tier],
  }));
}

/**
 * The prize rules a draw is settled with (copied into each draw when it is scheduled, so an operator's
 * later change applies to later draws only).
 */
export type LotteryPrizeRules = {
  /** The house's percentage of sales (whole percent, 0–100); the rest is the prize fund. */
  houseShare: number;
  /** Percentages of the pool left after the fixed prizes, for tiers 1 and 2 (they sum to 100). */
  poolShares: readonly [number, number];
  /** Fixed prize per winning ticket of tiers 3, 4, 5 and 6 (minor units). */
  fixedPrizes: readonly [number, number, number, number];
  /** The least the first tier pays in all when it is won; the house adds the difference (minor units). */
  jackpotSeed: number;
  /** Whether this draw's first-tier pool takes the whole rollover reserve (the main draws do). */
  takesRollover: boolean;
};

export type PrizeSplitInput = {
  /** The draw's sales: every ticket's price, all of it in the product's fund. */
  sales: number;
  /** What the rollover account holds when the draw is settled. */
  reserve: number;
  rules: LotteryPrizeRules;
  /** Winning tickets per tier. */
  winners: Record<LotteryTier, number>;
};

export type TierSplit = {
  tier: LotteryTier;
  winners: number;
  /** The tier's pool (pooled tiers) or its winners × the (possibly scaled) fixed amount. */
  pool: number;
  /** What each winning ticket is paid. */
  perWinner: number;
  /** perWinner × winners. */
  paid: number;
  /** pool − paid of a won pool. */
  breakage: number;
  /** A pool nobody won. */
  unwon: number;
};

export type PrizeSplit = {
  houseShare: number;
  /** sales − houseShare. */
  prizeFund: number;
  /** Taken from the rollover reserve into this draw (a fixed-prize shortfall, or all of it for the jackpot). */
  rolloverIn: number;
  /** Added by the house so the first tier pays at least the jackpot seed. */
  seedTopUp: number;
  /** Whether the fixed prizes were scaled down (the fund and the reserve did not cover them). */
  fixedScaled: boolean;
  tiers: TierSplit[];
  paid: number;
  breakage: number;
  unwon: number;
  /** Rounding of the pool percentages. */
  shareRounding: number;
  /** breakage + unwon + shareRounding: back to the rollover. */
  rolloverOut: number;
};

function assertAmount(name: string, value: number): void {
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`${name} is a whole number ≥ 0`);
}

export function assertPrizeRules(rules: LotteryPrizeRules): void {
  if (!isWhole(rules.houseShare, 0, 100)) throw new RangeError('houseShare is a whole percent 0–100');
  if (rules.poolShares.length !== 2 || !rules.poolShares.every((share) => isWhole(share, 0, 100))) {
    throw new RangeError('poolShares are two whole percents');
  }
  if (rules.poolShares[0] + rules.poolShares[1] !== 100) throw new RangeError('poolShares sum to 100');
  if (rules.fixedPrizes.length !== 4) throw new RangeError('fixedPrizes are the amounts of tiers 3–6');
  rules.fixedPrizes.forEach((amount) => assertAmount('a fixed prize', amount));
  assertAmount('jackpotSeed', rules.jackpotSeed);
}

/** floor(a × b ÷ c) without leaving exact integers (a × b may pass 2^53). */
function mulDiv(a: number, b: number, c: number): number {
  return Number((BigInt(a) * BigInt(b)) / BigInt(c));
}

/** One draw's money, as the module comment says: who gets what, to the minor unit. */
export function splitPrizes(input: PrizeSplitInput): PrizeSplit {
  const { sales, reserve, rules, winners } = input;
  assertAmount('sales', sales);
  assertAmount('reserve', reserve);
  assertPrizeRules(rules);
  for (const tier of TIERS) assertAmount(`winners of tier ${tier}`, winners[tier]);

  const houseShare = mulDiv(sales, rules.houseShare, 100);
  const prizeFund = sales - houseShare;

  // Fixed tiers first: from the fund, then from the reserve, else scaled down pro rata.
  const demand = FIXED_TIERS.reduce(
    (sum, tier, index) => sum + (rules.fixedPrizes[index] as number) * winners[tier],
    0,
  );
  if (!Number.isSafeInteger(demand)) throw new RangeError('fixed prizes beyond 2^53');
  let fromReserve = 0;
  let fixedScaled = false;
  let perFixed = rules.fixedPrizes.map((amount) => amount);
  let left: number; // what the fund (and reserve) still hold for the pools after the fixed prizes
  if (demand <= prizeFund) {
    left = prizeFund - demand;
  } else if (demand <= prizeFund + reserve) {
    fromReserve = demand - prizeFund;
    left = 0;
  } else {
    fixedScaled = true;
    fromReserve = reserve;
    const available = prizeFund + reserve;
    perFixed = rules.fixedPrizes.map((amount) => mulDiv(amount, available, demand));
    left = 0;
  }
  const fixedTiers: TierSplit[] = FIXED_TIERS.map((tier, index) => {
    const count = winners[tier];
    const perWinner = count > 0 ? (perFixed[index] as number) : 0;
    const paid = perWinner * count;
    return { tier, winners: count, pool: paid, perWinner, paid, breakage: 0, unwon: 0 };
  });
  // What scaling left over (floors), kept for the rollover as breakage of the fixed tiers.
  const fixedPaid = fixedTiers.reduce((sum, tier) => sum + tier.paid, 0);
  const fixedBreakage = fixedScaled ? prizeFund + reserve - fixedPaid : 0;

  // The pooled tiers share what is left; the main draws' jackpot takes the rest of the reserve.
  const jackpotReserve = rules.takesRollover ? reserve - fromReserve : 0;
  const rolloverIn = fromReserve + jackpotReserve;
  const pools = rules.poolShares.map((share) => mulDiv(left, share, 100));
  const shareRounding = left - pools.reduce((sum, pool) => sum + pool, 0);
  pools[0] = (pools[0] as number) + jackpotReserve;
  let seedTopUp = 0;
  if (winners[1] > 0 && (pools[0] as number) < rules.jackpotSeed) {
    seedTopUp = rules.jackpotSeed - (pools[0] as number);
    pools[0] = rules.jackpotSeed;
  }
  const poolTiers: TierSplit[] = POOL_TIERS.map((tier, index) => {
    const pool = pools[index] as number;
    const count = winners[tier];
    if (count === 0) return { tier, winners: 0, pool, perWinner: 0, paid: 0, breakage: 0, unwon: pool };
    const perWinner = Math.floor(pool / count);
    const paid = perWinner * count;
    return { tier, winners: count, pool, perWinner, paid, breakage: pool - paid, unwon: 0 };
  });

  const tiers = [...poolTiers, ...fixedTiers];
  if (fixedScaled) {
    const last = fixedTiers[fixedTiers.length - 1] as TierSplit;
    last.breakage = fixedBreakage;
    last.pool += fixedBreakage;
  }
  const paid = tiers.reduce((sum, tier) => sum + tier.paid, 0);
  const breakage = tiers.reduce((sum, tier) => sum + tier.breakage, 0);
  const unwon = tiers.reduce((sum, tier) => sum + tier.unwon, 0);
  const rolloverOut = breakage + unwon + shareRounding;
  return {
    houseShare,
    prizeFund,
    rolloverIn,
    seedTopUp,
    fixedScaled,
    tiers,
    paid,
    breakage,
    unwon,
    shareRounding,
    rolloverOut,
  };
}

/**
 * The expected fixed-tier return of one ticket as a fraction of its price (tier probabilities from the
 * tier table × the fixed amounts ÷ price): the part of the stated return that is paid at fixed amounts
 * when the fund covers them. The rest of the prize fund goes to the pools (or the rollover), so the whole
 * return to players is exactly 100 − houseShare % of sales.
 */
export function expectedFixedReturn(rules: Pick<LotteryPrizeRules, 'fixedPrizes'>, price: number): number {
  const counts = tierCounts();
  const perTicket = FIXED_TIERS.reduce(
    (sum, tier, index) => sum + (counts[tier] * (rules.fixedPrizes[index] as number)) / COMBINATIONS,
    0,
  );
  return perTicket / price;
}
