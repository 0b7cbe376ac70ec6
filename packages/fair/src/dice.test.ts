import { describe, expect, it } from 'vitest';
import {
  diceMultiplier,
  diceRoll,
  diceRtp,
  diceRtpExact,
  diceRules,
  diceTargetRange,
  diceWinChance,
  playDice,
  type DiceOptions,
} from './dice.ts';
import { floatsLanding, FLOAT_VALUES, ratio, toNumber } from './exact.ts';
import { emptySample, estimate, mixture, record, Z_99, type Stratum } from './stats.ts';
import { generateFloats } from './stream.ts';

const F = (n: number) => n / 2 ** 32;

describe('dice rules', () => {
  it('rolls floor(f × 10001) hundredths', () => {
    expect(diceRoll(0)).toBe(0);
    expect(diceRoll(0.5)).toBe(5000); // 5000.5
    expect(diceRoll(1 - 2 ** -32)).toBe(10_000);
    // 0x4a8a4b1e / 2^32 = 0.29117…, × 10001 = 2912.0… → 29.12
    expect(diceRoll(0x4a8a4b1e / 2 ** 32)).toBe(2912);
  });

  it('wins under on roll < target and over on roll > target', () => {
    const under = { target: 5000, direction: 'under' } as const;
    expect(playDice([F(0)], under)).toEqual({ roll: 0, win: true, multiplier: 19_800 });
    // The largest float rolling 49.99 wins, the smallest rolling 50.00 loses.
    const edge = Number(floatsLanding(10_001, 0, 5000));
    expect(playDice([F(edge - 1)], under)).toEqual({ roll: 4999, win: true, multiplier: 19_800 });
    expect(playDice([F(edge)], under)).toEqual({ roll: 5000, win: false, multiplier: 0 });
    const over = { target: 5000, direction: 'over' } as const;
    expect(playDice([0.5], over).win).toBe(false); // roll 50.00 is not over 50.00
    expect(playDice([1 - 2 ** -32], over)).toEqual({ roll: 10_000, win: true, multiplier: 19_800 });
  });

  it('pays 99 / chance, rounded down to 0.0001×', () => {
    expect(diceMultiplier({ target: 5000, direction: 'under' })).toBe(19_800);
    expect(diceMultiplier({ target: 1, direction: 'under' })).toBe(99_000_000);
    expect(diceMultiplier({ target: 9800, direction: 'under' })).toBe(10_102); // 1.010204… → 1.0102
    expect(diceMultiplier({ target: 6667, direction: 'over' })).toBe(29_702); // chance 33.33% → 2.970297…
    expect(diceWinChance({ target: 2500, direction: 'over' })).toBe(7500);
  });

  it('allows chances from 0.01% to 98% only', () => {
    expect(diceTargetRange('under')).toEqual({ min: 1, max: 9800 });
    expect(diceTargetRange('over')).toEqual({ min: 200, max: 9999 });
    for (const options of [
      { target: 0, direction: 'under' },
      { target: 9801, direction: 'under' },
      { target: 199, direction: 'over' },
      { target: 10_000, direction: 'over' },
      { target: 50.5, direction: 'under' },
      { target: 5000, direction: 'sideways' },
    ] as DiceOptions[]) {
      expect(() => diceMultiplier(options)).toThrow(RangeError);
    }
  });

  it('counts the floats of each roll exactly', () => {
    // Every roll takes floor or ceil of 2^32 / 10001 float values, and the boundary floats land where counted.
    expect(floatsLanding(10_001, 0, 10_001)).toBe(FLOAT_VALUES);
    for (const roll of [0, 1, 2, 1234, 5000, 9999, 10_000]) {
      const count = floatsLanding(10_001, roll, roll + 1);
      expect([429_453n, 429_454n]).toContain(count);
      const first = Number(floatsLanding(10_001, 0, roll));
      expect(diceRoll(F(first))).toBe(roll);
      if (first > 0) expect(diceRoll(F(first - 1))).toBe(roll - 1);
    }
  });

  it('has an exact RTP of about 98.99%: 99% × 10000/10001 less the floors', { timeout: 60_000 }, () => {
    const half = diceRtpExact({ target: 5000, direction: 'under' });
    // ceil(5000 × 2^32 / 10001) floats win, each paying 1.98.
    const winning = (5000n * FLOAT_VALUES + 10_000n) / 10_001n;
    expect(half).toEqual(ratio(winning * 19_800n, FLOAT_VALUES * 10_000n));
    expect(toNumber(half)).toBeCloseTo((0.99 * 10_000) / 10_001, 9);
    for (const direction of ['under', 'over'] as const) {
      const { min, max } = diceTargetRange(direction);
      for (let target = min; target <= max; target += 1) {
        const rtp = diceRtp({ target, direction });
        expect(rtp).toBeLessThan(0.99);
        expect(rtp).toBeGreaterThan(0.9898);
      }
    }
    expect(diceRules({ target: 5000, direction: 'under' }).rtp).toBe(toNumber(half));
  });
});

describe('dice RTP through the byte stream', () => {
  it('measures the exact RTP within 2.576 σ/√N over 10^6 rounds', { timeout: 300_000 }, () => {
    const ROUNDS = 1_000_000;
    // Chances 1% to 98%, both directions, in turn.
    const options: DiceOptions[] = [100, 1000, 2500, 5000, 7500, 9800].flatMap((chance) => [
      { target: chance, direction: 'under' as const },
      { target: 10_000 - chance, direction: 'over' as const },
    ]);
    const strata: Stratum[] = options.map((option) => {
      const rtp = diceRtp(option);
      const multiplier = diceMultiplier(option) / 10_000;
      const p = rtp / multiplier;
      return { rounds: 0, rtp, variance: p * (1 - p) * multiplier * multiplier };
    });
    const sample = emptySample();
    const serverSeed = '3f1b6c2a9d8e7f60514233a4b5c6d7e8f9a0b1c2d3e4f5061728394a5b6c7d8e';
    for (let nonce = 0; nonce < ROUNDS; nonce += 1) {
      const index = nonce % options.length;
      const outcome = playDice(
        generateFloats({ serverSeed, clientSeed: 'dice-rtp', nonce }, 1),
        options[index]!,
      );
      record(sample, outcome.multiplier);
      strata[index]!.rounds += 1;
    }
    const expected = mixture(strata);
    const measured = estimate(sample);
    console.info(
      `dice: measured ${measured.rtp}, exact ${expected.rtp}, bound ${Z_99 * expected.standardError}`,
    );
    expect(Math.abs(measured.rtp - expected.rtp)).toBeLessThan(Z_99 * expected.standardError);
  });
});
