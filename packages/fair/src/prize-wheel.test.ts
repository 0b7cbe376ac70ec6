import { describe, expect, it } from 'vitest';
import { prizeSegment, spinPrizeWheel } from './prize-wheel.ts';
import { generateFloats } from './stream.ts';

describe('prize wheel', () => {
  it('lands on segments in proportion to their weights, by the cumulative weight', () => {
    const weights = [1, 0, 3];
    expect(prizeSegment(0, weights)).toBe(0);
    expect(prizeSegment(0.2499, weights)).toBe(0);
    expect(prizeSegment(0.25, weights)).toBe(2);
    expect(prizeSegment(0.999999, weights)).toBe(2);
  });

  it('never lands on a zero-weight segment', () => {
    const seeds = { serverSeed: 'a'.repeat(64), clientSeed: 'client', nonce: 3 };
    const segments = spinPrizeWheel(generateFloats(seeds, 100), [5, 0, 5]);
    expect(segments).toHaveLength(100);
    expect(segments).not.toContain(1);
  });

  it('is a function of the seeds: the same seeds give the same spins', () => {
    const seeds = { serverSeed: 'b'.repeat(64), clientSeed: 'mine', nonce: 0 };
    const weights = [10, 20, 30, 40];
    expect(spinPrizeWheel(generateFloats(seeds, 10), weights)).toEqual(
      spinPrizeWheel(generateFloats(seeds, 10), weights),
    );
  });

  it('refuses weights that do not make a wheel', () => {
    expect(() => spinPrizeWheel([0.5], [])).toThrow(RangeError);
    expect(() => spinPrizeWheel([0.5], [0, 0])).toThrow(RangeError);
    expect(() => spinPrizeWheel([0.5], [1.5])).toThrow(RangeError);
  });
});
