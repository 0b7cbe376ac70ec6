import { describe, expect, it } from 'vitest';
import { BonusOfferDecisionSchema, stakeLimitFor } from './bonus.ts';

describe('the stake limit in force (issue 22 §2)', () => {
  it('is the game’s own maximum without a bonus, or with one whose cap does not bind', () => {
    expect(stakeLimitFor(10_000_00, undefined)).toEqual({
      maxStake: 10_000_00,
      gameMaxStake: 10_000_00,
      bonus: null,
    });
    expect(stakeLimitFor(40_00, { id: 1, source: 'welcome-bonus', maxStake: 50_00 })).toEqual({
      maxStake: 40_00,
      gameMaxStake: 40_00,
      bonus: null,
    });
  });

  it('is the bonus’s cap when it is lower, and names the bonus (the way out is forfeiting it)', () => {
    const bonus = { id: 7, source: 'welcome-bonus', maxStake: 50_00 };
    expect(stakeLimitFor(10_000_00, bonus)).toEqual({ maxStake: 50_00, gameMaxStake: 10_000_00, bonus });
  });
});

describe('an offer’s id', () => {
  it('is a decimal integer, as a number or a form’s digits; nothing else', () => {
    expect(BonusOfferDecisionSchema.parse({ id: '12' })).toEqual({ id: 12 });
    expect(BonusOfferDecisionSchema.parse({ id: 12 })).toEqual({ id: 12 });
    for (const id of ['0x2', '2.5', '-1', '0', '', ' 3', '1e3', [2], true, null, 2.5, 0, -4]) {
      expect(BonusOfferDecisionSchema.safeParse({ id }).success, JSON.stringify(id)).toBe(false);
    }
  });
});
