import { describe, expect, it } from 'vitest';
import { betterMeasure } from './clock.ts';

describe('the fleet clock’s offset to the database', () => {
  const kept = { offsetMs: 12, roundTripMs: 2, at: 0 };

  it('keeps its best measure when a busy moment stretches the round trip', () => {
    expect(betterMeasure(kept, { offsetMs: 240, roundTripMs: 480 }, 60_000)).toBe(kept);
  });

  it('takes a measure as good as the best, and any measure once the best is ten minutes old', () => {
    expect(betterMeasure(kept, { offsetMs: 13, roundTripMs: 3 }, 60_000)).toEqual({
      offsetMs: 13,
      roundTripMs: 3,
      at: 60_000,
    });
    expect(betterMeasure(kept, { offsetMs: 40, roundTripMs: 80 }, 11 * 60_000)).toEqual({
      offsetMs: 40,
      roundTripMs: 80,
      at: 11 * 60_000,
    });
  });
});
