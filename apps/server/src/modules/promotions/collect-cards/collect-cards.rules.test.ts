import { describe, expect, it } from 'vitest';
import { generateFloats } from '@app/fair/stream';
import {
  activityStatus,
  addCard,
  cardChances,
  cardSetText,
  drawCard,
  expectedChancesForSet,
  isSetComplete,
} from './collect-cards.rules.ts';

describe('collect-cards rules', () => {
  it('is active inside its window, upcoming before, finished from its end on', () => {
    const window = { startAt: '2026-12-01T00:00:00Z', endAt: '2026-12-31T21:00:00Z' };
    expect(activityStatus(window, new Date('2026-11-30T23:59:59Z'))).toBe(0);
    expect(activityStatus(window, new Date('2026-12-01T00:00:00Z'))).toBe(1);
    expect(activityStatus(window, new Date('2026-12-31T20:59:59Z'))).toBe(1);
    expect(activityStatus(window, new Date('2026-12-31T21:00:00Z'))).toBe(-1);
    expect(activityStatus({ startAt: null, endAt: null }, new Date(0))).toBe(1);
  });

  it('states each card’s chance in percent from the weights', () => {
    expect(cardChances([30, 25, 20, 15, 10])).toEqual([30, 25, 20, 15, 10]);
    expect(cardChances([1, 2])).toEqual([33.33, 66.67]);
  });

  it('computes the chances a set takes on average (coupon collector, unequal odds)', () => {
    // Equal odds: n × H(n).
    expect(expectedChancesForSet([1])).toBeCloseTo(1, 12);
    expect(expectedChancesForSet([1, 1])).toBeCloseTo(3, 12);
    expect(expectedChancesForSet([5, 5, 5, 5, 5])).toBeCloseTo(5 * (1 + 1 / 2 + 1 / 3 + 1 / 4 + 1 / 5), 12);
    // Two cards at 3:1: 1/p1 + 1/p2 − 1 = 4/3 + 4 − 1.
    expect(expectedChancesForSet([3, 1])).toBeCloseTo(13 / 3, 12);
    // The defaults: the figure the rules state.
    expect(expectedChancesForSet([30, 25, 20, 15, 10])).toBeCloseTo(14.42, 2);
  });

  it('agrees with a simulation of the draws themselves', () => {
    const weights = [30, 25, 20, 15, 10];
    const floats = generateFloats(
      { serverSeed: 'a'.repeat(64), clientSeed: 'simulation', nonce: 0 },
      200_000,
    );
    let draws = 0;
    let sets = 0;
    let held: number[] = [];
    for (const float of floats) {
      draws += 1;
      held = addCard(held, drawCard(float, weights)).cards;
      if (isSetComplete(held, weights.length)) {
        sets += 1;
        held = [];
      }
    }
    // Mean of ~13,900 sets of standard deviation about 8: within 0.3 of 14.42 with a wide margin.
    expect(Math.abs((draws - held.length) / sets - expectedChancesForSet(weights))).toBeLessThan(0.3);
  });

  it('draws the card whose share of the weights the float falls in', () => {
    const weights = [30, 25, 20, 15, 10];
    expect(drawCard(0, weights)).toBe(1);
    expect(drawCard(0.2999, weights)).toBe(1);
    expect(drawCard(0.3, weights)).toBe(2);
    expect(drawCard(0.55, weights)).toBe(3);
    expect(drawCard(0.9, weights)).toBe(5);
    expect(drawCard(0.999999, weights)).toBe(5);
  });

  it('adds a new card in order, a card held is a duplicate', () => {
    expect(addCard([1, 4], 2)).toEqual({ cards: [1, 2, 4], duplicate: false });
    expect(addCard([1, 4], 4)).toEqual({ cards: [1, 4], duplicate: true });
  });

  it('completes the set when every card of the activity is held', () => {
    expect(isSetComplete([1, 2, 3, 4], 5)).toBe(false);
    expect(isSetComplete([1, 2, 3, 4, 5], 5)).toBe(true);
    expect(isSetComplete([1], 1)).toBe(true);
  });

  it('writes cardSet as a comma list, leaving out cards the activity no longer has', () => {
    expect(cardSetText([], 5)).toBe('');
    expect(cardSetText([3, 1, 5], 5)).toBe('1,3,5');
    expect(cardSetText([1, 3, 5], 3)).toBe('1,3');
  });
});
