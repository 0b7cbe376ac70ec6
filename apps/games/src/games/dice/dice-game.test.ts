import { diceWinChance } from '@app/fair/dice';
import { describe, expect, it } from 'vitest';
import { parseChance, targetForChance } from './dice-game.tsx';

describe('the dice controls', () => {
  it('reads a chance typed in percent', () => {
    expect(parseChance('49.5')).toBe(4_950);
    expect(parseChance('49,5 %')).toBe(4_950);
    expect(parseChance('0.01')).toBe(1);
    expect(parseChance('abc')).toBeUndefined();
    expect(parseChance('100')).toBeUndefined();
  });

  it('finds the target that gives a chance, in either direction, within 0.01%–98%', () => {
    for (const chance of [1, 4_950, 9_800]) {
      for (const direction of ['under', 'over'] as const) {
        expect(diceWinChance({ target: targetForChance(chance, direction), direction })).toBe(chance);
      }
    }
    expect(diceWinChance({ target: targetForChance(9_999, 'over'), direction: 'over' })).toBe(9_800);
    expect(diceWinChance({ target: targetForChance(0, 'under'), direction: 'under' })).toBe(1);
  });
});
