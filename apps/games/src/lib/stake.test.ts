import { describe, expect, it } from 'vitest';
import { clampStake, doubleStake, halfStake, parseStake, stakeProblem, stakeText } from './stake.ts';

const limits = { min: 1_000, max: 1_000_000 };
const kes = { scale: 100, decimals: 2 };
const ugx = { scale: 1, decimals: 0 };

describe('stake rules', () => {
  it('keeps a stake within the game’s limits, in whole minor units', () => {
    expect(clampStake(500, limits)).toBe(1_000);
    expect(clampStake(2_000_000, limits)).toBe(1_000_000);
    expect(clampStake(1_234.9, limits)).toBe(1_234);
    expect(clampStake(Number.NaN, limits)).toBe(1_000);
  });

  it('halves, never below the minimum', () => {
    expect(halfStake(5_000, limits)).toBe(2_500);
    expect(halfStake(1_501, limits)).toBe(1_000);
    expect(halfStake(1_000, limits)).toBe(1_000);
  });

  it('doubles, never above the maximum nor above the balance', () => {
    expect(doubleStake(2_500, limits, 100_000)).toBe(5_000);
    expect(doubleStake(800_000, limits, 10_000_000)).toBe(1_000_000);
    // 2 × 3,000 would pass the 4,500 balance: the button offers the whole balance instead.
    expect(doubleStake(3_000, limits, 4_500)).toBe(4_500);
    // A balance below the minimum does not shrink the stake (the bet will ask for a deposit).
    expect(doubleStake(1_000, limits, 500)).toBe(2_000);
  });

  it('reads amounts typed in major units, with either decimal mark and thousands grouping', () => {
    expect(parseStake('10', kes)).toBe(1_000);
    expect(parseStake(' 12.5 ', kes)).toBe(1_250);
    expect(parseStake('12,50', kes)).toBe(1_250);
    expect(parseStake('1,000', kes)).toBe(100_000);
    expect(parseStake('1,000.50', kes)).toBe(100_050);
    expect(parseStake('1 000', kes)).toBe(100_000);
    // A mark followed by exactly three digits is grouping, as players write thousands.
    expect(parseStake('1.234', kes)).toBe(123_400);
    expect(parseStake('2000', ugx)).toBe(2_000);
  });

  it('refuses what is not an amount of the currency', () => {
    for (const text of ['', 'abc', '-5', '1.2345', '10.5.5', '1e3'])
      expect(parseStake(text, kes)).toBeUndefined();
    expect(parseStake('1.5', ugx)).toBeUndefined();
  });

  it('writes a stake back as the input shows it', () => {
    expect(stakeText(1_000, kes)).toBe('10');
    expect(stakeText(1_250, kes)).toBe('12.50');
    expect(parseStake(stakeText(123_456, kes), kes)).toBe(123_456);
  });

  it('names what is wrong with a stake', () => {
    expect(stakeProblem(undefined, limits, 5_000)).toBe('invalid');
    expect(stakeProblem(0, limits, 5_000)).toBe('invalid');
    expect(stakeProblem(999, limits, 5_000)).toBe('below-min');
    expect(stakeProblem(1_000_001, limits, 5_000_000)).toBe('above-max');
    expect(stakeProblem(6_000, limits, 5_000)).toBe('balance');
    expect(stakeProblem(5_000, limits, 5_000)).toBeUndefined();
  });
});
