import { describe, expect, it } from 'vitest';
import {
  BLUE_MAX,
  canonicalEntry,
  COMBINATIONS,
  expectedFixedReturn,
  FIXED_TIERS,
  isValidPick,
  LEAST_RED_MATCHES_WITHOUT_BLUE,
  parseEntry,
  pickProblem,
  quickPick,
  RED_MAX,
  splitPrizes,
  tierCounts,
  tierOf,
  tierOfMatches,
  tierTable,
  TIERS,
  type LotteryPrizeRules,
  type LotteryTier,
} from './lottery.ts';
import { emptySample, estimate, record, Z_99 } from './stats.ts';

/** A seeded generator for simulations (mulberry32), uniform below a bound by rejection. */
function seeded(seed: number): (bound: number) => number {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (t ^ (t >>> 14)) >>> 0;
  };
  return (bound) => {
    const limit = 2 ** 32 - (2 ** 32 % bound);
    for (;;) {
      const value = next();
      if (value < limit) return value % bound;
    }
  };
}

const RULES: LotteryPrizeRules = {
  houseShare: 50,
  poolShares: [70, 30],
  fixedPrizes: [3_000_000, 200_000, 10_000, 5_000],
  jackpotSeed: 100_000_000,
  takesRollover: true,
};
const PRICE = 2_000;
const noWinners = (): Record<LotteryTier, number> => ({ 1: 0, 2: 0, 3: 0, 4: 0, 5: 0, 6: 0 });

describe('a lottery pick', () => {
  it('is 6 distinct red numbers of 1 to 33 and a blue of 1 to 16', () => {
    expect(isValidPick({ red: [1, 2, 3, 4, 5, 33], blue: 16 })).toBe(true);
    expect(pickProblem({ red: [1, 2, 3, 4, 5], blue: 1 })).toMatch(/exactly 6/);
    expect(pickProblem({ red: [1, 2, 3, 4, 5, 6, 7], blue: 1 })).toMatch(/exactly 6/);
    expect(pickProblem({ red: [0, 2, 3, 4, 5, 6], blue: 1 })).toMatch(/1 to 33/);
    expect(pickProblem({ red: [34, 2, 3, 4, 5, 6], blue: 1 })).toMatch(/1 to 33/);
    expect(pickProblem({ red: [1.5, 2, 3, 4, 5, 6], blue: 1 })).toMatch(/1 to 33/);
    expect(pickProblem({ red: [1, 1, 3, 4, 5, 6], blue: 1 })).toMatch(/different/);
    expect(pickProblem({ red: [1, 2, 3, 4, 5, 6], blue: 17 })).toMatch(/blue/);
    expect(pickProblem({ red: [1, 2, 3, 4, 5, 6], blue: 0 })).toMatch(/blue/);
    expect(pickProblem({ red: '1,2,3,4,5,6', blue: 1 })).toMatch(/exactly 6/);
  });

  it('has one canonical entry text whatever the order picked, and parses back only from it', () => {
    expect(canonicalEntry({ red: [31, 3, 25, 7, 19, 12], blue: 9 })).toBe('03 07 12 19 25 31+09');
    expect(parseEntry('03 07 12 19 25 31+09')).toEqual({ red: [3, 7, 12, 19, 25, 31], blue: 9 });
    expect(() => parseEntry('07 03 12 19 25 31+09')).toThrow(/canonical/);
    expect(() => parseEntry('03 07 12 19 25 31+17')).toThrow();
    expect(() => parseEntry('3 7 12 19 25 31+9')).toThrow();
    expect(() => canonicalEntry({ red: [1, 1, 2, 3, 4, 5], blue: 1 })).toThrow();
  });

  it('quick-picks valid tickets from the CSPRNG, every number reachable', () => {
    const seenRed = new Set<number>();
    const seenBlue = new Set<number>();
    for (let index = 0; index < 2_000; index += 1) {
      const pick = quickPick();
      expect(isValidPick(pick)).toBe(true);
      expect([...pick.red]).toEqual([...pick.red].sort((a, b) => a - b));
      pick.red.forEach((number) => seenRed.add(number));
      seenBlue.add(pick.blue);
    }
    expect(seenRed.size).toBe(RED_MAX);
    expect(seenBlue.size).toBe(BLUE_MAX);
  });
});

describe('the tiers', () => {
  const drawn = { red: [3, 7, 12, 19, 25, 31], blue: 9 };

  it('follow the Double Colour Ball table', () => {
    const ticket = (red: number[], blue: number) => tierOf({ red, blue }, drawn);
    expect(ticket([3, 7, 12, 19, 25, 31], 9)).toBe(1);
    expect(ticket([3, 7, 12, 19, 25, 31], 1)).toBe(2);
    expect(ticket([3, 7, 12, 19, 25, 1], 9)).toBe(3);
    expect(ticket([3, 7, 12, 19, 25, 1], 1)).toBe(4);
    expect(ticket([3, 7, 12, 19, 2, 1], 9)).toBe(4);
    expect(ticket([3, 7, 12, 19, 2, 1], 1)).toBe(5);
    expect(ticket([3, 7, 12, 4, 2, 1], 9)).toBe(5);
    expect(ticket([3, 7, 12, 4, 2, 1], 1)).toBeNull();
    expect(ticket([3, 7, 5, 4, 2, 1], 9)).toBe(6);
    expect(ticket([3, 6, 5, 4, 2, 1], 9)).toBe(6);
    expect(ticket([8, 6, 5, 4, 2, 1], 9)).toBe(6);
    expect(ticket([8, 6, 5, 4, 2, 1], 1)).toBeNull();
  });

  it('count, by enumerating all C(33,6)×16 tickets against a fixed draw, what the combinatorial table says', () => {
    const enumerated = noWinners();
    let tickets = 0;
    const otherBlue = drawn.blue === 1 ? 2 : 1;
    const red = [0, 0, 0, 0, 0, 0];
    // Every red set once; its 16 blues are 1 that matches and 15 that do not (each of those 15 classifies
    // alike, so one stands for them, weighted 15).
    for (let a = 1; a <= 28; a += 1) {
      red[0] = a;
      for (let b = a + 1; b <= 29; b += 1) {
        red[1] = b;
        for (let c = b + 1; c <= 30; c += 1) {
          red[2] = c;
          for (let d = c + 1; d <= 31; d += 1) {
            red[3] = d;
            for (let e = d + 1; e <= 32; e += 1) {
              red[4] = e;
              for (let f = e + 1; f <= 33; f += 1) {
                red[5] = f;
                const hit = tierOf({ red, blue: drawn.blue }, drawn);
                const miss = tierOf({ red, blue: otherBlue }, drawn);
                if (hit !== null) enumerated[hit] += 1;
                if (miss !== null) enumerated[miss] += BLUE_MAX - 1;
                tickets += BLUE_MAX;
              }
            }
          }
        }
      }
    }
    expect(tickets).toBe(COMBINATIONS);
    expect(enumerated).toEqual(tierCounts());
    // The published table of the game (1 in 17,721,088 … 1 in 16.98).
    expect(tierCounts()).toEqual({ 1: 1, 2: 15, 3: 162, 4: 7_695, 5: 137_475, 6: 1_043_640 });
    expect(tierTable().map((row) => Math.round(row.oneIn * 100) / 100)).toEqual([
      17_721_088, 1_181_405.87, 109_389.43, 2_302.94, 128.9, 16.98,
    ]);
  });

  it('win without the blue only from LEAST_RED_MATCHES_WITHOUT_BLUE red matches, and always with it', () => {
    for (let matches = 0; matches <= 6; matches += 1) {
      expect(tierOfMatches(matches, true)).not.toBeNull();
      expect(tierOfMatches(matches, false) === null).toBe(matches < LEAST_RED_MATCHES_WITHOUT_BLUE);
    }
  });

  it('classify the other blues alike (the weight 15 above is honest)', () => {
    const red = [1, 3, 7, 8, 12, 20];
    const tiers = new Set<LotteryTier | null>();
    for (let blue = 1; blue <= BLUE_MAX; blue += 1)
      if (blue !== drawn.blue) tiers.add(tierOf({ red, blue }, drawn));
    expect(tiers.size).toBe(1);
  });
});

describe('the prize split', () => {
  const winners = (counts: Partial<Record<LotteryTier, number>>) => ({ ...noWinners(), ...counts });

  it('pays the fixed tiers, shares the rest 70/30 and rolls the unwon pools and rounding over', () => {
    const split = splitPrizes({
      sales: 1_000_000 * PRICE,
      reserve: 50_000_000,
      rules: RULES,
      winners: winners({ 2: 3, 3: 10, 4: 400, 5: 7_800, 6: 59_000 }),
    });
    expect(split.houseShare).toBe(1_000_000_000);
    expect(split.prizeFund).toBe(1_000_000_000);
    const fixed = 10 * 3_000_000 + 400 * 200_000 + 7_800 * 10_000 + 59_000 * 5_000;
    const left = 1_000_000_000 - fixed;
    const tier = (n: number) => split.tiers.find((row) => row.tier === n)!;
    expect(tier(1)).toMatchObject({ winners: 0, pool: Math.floor(left * 0.7) + 50_000_000, paid: 0 });
    expect(tier(1).unwon).toBe(tier(1).pool);
    expect(tier(2).perWinner).toBe(Math.floor(Math.floor((left * 30) / 100) / 3));
    expect(tier(3).perWinner).toBe(3_000_000);
    expect(split.rolloverIn).toBe(50_000_000);
    expect(split.seedTopUp).toBe(0);
    expect(split.houseShare + split.paid + split.rolloverOut).toBe(1_000_000 * PRICE + 50_000_000);
  });

  it('covers a fixed-prize shortfall from the reserve, then scales the fixed prizes down pro rata', () => {
    // 10 tickets sold (fund 10,000), one third-tier winner (3,000,000).
    const covered = splitPrizes({
      sales: 20_000,
      reserve: 5_000_000,
      rules: RULES,
      winners: winners({ 3: 1 }),
    });
    expect(covered.fixedScaled).toBe(false);
    expect(covered.tiers.find((row) => row.tier === 3)?.perWinner).toBe(3_000_000);
    expect(covered.rolloverIn).toBe(5_000_000); // the rest of the reserve goes to the jackpot
    const daily = splitPrizes({
      sales: 20_000,
      reserve: 5_000_000,
      rules: { ...RULES, takesRollover: false },
      winners: winners({ 3: 1 }),
    });
    expect(daily.rolloverIn).toBe(3_000_000 - 10_000);
    expect(daily.tiers.find((row) => row.tier === 1)?.pool).toBe(0);

    const scaled = splitPrizes({
      sales: 20_000,
      reserve: 1_000,
      rules: RULES,
      winners: winners({ 3: 1, 6: 3 }),
    });
    expect(scaled.fixedScaled).toBe(true);
    const available = 10_000 + 1_000;
    const demand = 3_000_000 + 3 * 5_000;
    expect(scaled.tiers.find((row) => row.tier === 3)?.perWinner).toBe(
      Math.floor((3_000_000 * available) / demand),
    );
    expect(scaled.tiers.find((row) => row.tier === 6)?.perWinner).toBe(
      Math.floor((5_000 * available) / demand),
    );
    expect(scaled.rolloverIn).toBe(1_000);
    expect(scaled.houseShare + scaled.paid + scaled.rolloverOut).toBe(20_000 + 1_000);
  });

  it('tops the jackpot up to its seed from the house only when it is won', () => {
    const won = splitPrizes({ sales: 2_000_000, reserve: 0, rules: RULES, winners: winners({ 1: 2 }) });
    expect(won.seedTopUp).toBe(RULES.jackpotSeed - Math.floor((1_000_000 * 70) / 100));
    expect(won.tiers[0]).toMatchObject({ pool: RULES.jackpotSeed, perWinner: RULES.jackpotSeed / 2 });
    const unwon = splitPrizes({ sales: 2_000_000, reserve: 0, rules: RULES, winners: noWinners() });
    expect(unwon.seedTopUp).toBe(0);
  });

  it(
    'accounts for every minor unit whatever the sales, reserve, rules and winners (property)',
    { timeout: 60_000 },
    () => {
      const random = seeded(20261128);
      const problems: string[] = [];
      const seen = { scaled: 0, covered: 0, seeded: 0 };
      for (let run = 0; run < 20_000; run += 1) {
        const first = random(101);
        const rules: LotteryPrizeRules = {
          houseShare: random(101),
          poolShares: [first, 100 - first],
          fixedPrizes: [random(5_000_000), random(300_000), random(20_000), random(10_000)],
          jackpotSeed: random(2) ? random(1_000_000_000) : 0,
          takesRollover: random(2) === 1,
        };
        const counts = noWinners();
        for (const tier of TIERS) counts[tier] = random(4) === 0 ? 0 : random(tier < 4 ? 5 : 100_000);
        const input = {
          sales: random(2) ? random(2 ** 31) * (1 + random(1_000)) : random(100_000),
          reserve: random(3) ? random(2 ** 31) : 0,
          rules,
          winners: counts,
        };
        const split = splitPrizes(input);
        if (split.fixedScaled) seen.scaled += 1;
        else if (split.rolloverIn > 0 && !rules.takesRollover) seen.covered += 1;
        if (split.seedTopUp > 0) seen.seeded += 1;
        const broken = (why: string) => problems.push(`${why}: ${JSON.stringify(input)}`);
        if (
          split.houseShare + split.paid + split.rolloverOut !==
          input.sales + split.rolloverIn + split.seedTopUp
        )
          broken('not conserved');
        if (split.rolloverIn > input.reserve) broken('took more than the reserve');
        for (const row of split.tiers) {
          if ([row.perWinner, row.paid, row.breakage, row.unwon, row.pool].some((value) => value < 0))
            broken('negative');
          if (row.paid !== row.perWinner * row.winners) broken('unequal shares');
          if (row.tier <= 2 && row.winners > 0 && row.breakage >= row.winners)
            broken('breakage beyond rounding');
        }
        FIXED_TIERS.forEach((tier, index) => {
          const row = split.tiers.find((each) => each.tier === tier)!;
          const amount = rules.fixedPrizes[index]!;
          if (row.winners > 0 && row.perWinner > amount) broken('fixed prize above its amount');
          if (!split.fixedScaled && row.winners > 0 && row.perWinner !== amount)
            broken('fixed prize not paid');
        });
      }
      expect(problems).toEqual([]);
      // Every rule was exercised, not only the plain case.
      expect(Math.min(seen.scaled, seen.covered, seen.seeded)).toBeGreaterThan(100);
    },
  );
});

describe('the return to players (simulation)', () => {
  it('pays exactly the stated 50 % of sales to players, and the fixed tiers their exact expectation within 99 %', () => {
    const random = seeded(16);
    const DRAWS = 400;
    const TICKETS = 2_500;
    const fixedSample = emptySample();
    const counts = noWinners();
    let reserve = 0;
    let sales = 0;
    let paid = 0;
    let house = 0;
    let seeds = 0;
    for (let draw = 0; draw < DRAWS; draw += 1) {
      const drawn = quickPick(random);
      const winners = noWinners();
      for (let ticket = 0; ticket < TICKETS; ticket += 1) {
        const tier = tierOf(quickPick(random), drawn);
        if (tier !== null) winners[tier] += 1;
        const fixedIndex = tier === null ? -1 : FIXED_TIERS.indexOf(tier as 3 | 4 | 5 | 6);
        // The ticket's return at the stated fixed amounts, in ten-thousandths of its price.
        record(fixedSample, fixedIndex < 0 ? 0 : (RULES.fixedPrizes[fixedIndex]! * 10_000) / PRICE);
      }
      for (const tier of TIERS) counts[tier] += winners[tier];
      const split = splitPrizes({ sales: TICKETS * PRICE, reserve, rules: RULES, winners });
      sales += TICKETS * PRICE;
      paid += split.paid;
      house += split.houseShare;
      seeds += split.seedTopUp;
      reserve += split.rolloverOut - split.rolloverIn;
    }
    // Every shilling of the prize fund is paid or carried to a later draw: the return is the stated one.
    expect(house).toBe(sales / 2);
    expect(paid + reserve - seeds).toBe(sales / 2);

    // What is paid at fixed amounts is random: its mean agrees with the tier table at 99 % confidence.
    const fixed = estimate(fixedSample);
    const exact = expectedFixedReturn(RULES, PRICE);
    expect(exact).toBeCloseTo(0.24315, 4);
    expect(Math.abs(fixed.rtp - exact)).toBeLessThan(fixed.halfWidth99);

    // Each common tier's frequency within its 99 % binomial interval.
    const total = DRAWS * TICKETS;
    const table = tierCounts();
    for (const tier of [4, 5, 6] as const) {
      const p = table[tier] / COMBINATIONS;
      const halfWidth = Z_99 * Math.sqrt((p * (1 - p)) / total);
      expect(Math.abs(counts[tier] / total - p)).toBeLessThan(halfWidth);
    }
  }, 60_000);
});
