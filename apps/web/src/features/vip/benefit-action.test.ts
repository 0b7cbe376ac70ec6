import { describe, expect, it } from 'vitest';
import { benefitActionOf } from './benefit-action.ts';

const here = '/subscriber/memberCenter';

describe('a benefit’s tap (spec §4)', () => {
  it('claims types 0, 7, 8 and 9 in place when state is 0, else alerts', () => {
    for (const type of [0, 7, 8, 9]) {
      expect(benefitActionOf({ type, state: 0 }, undefined, here)).toEqual({ kind: 'claim' });
      expect(benefitActionOf({ type, state: 1 }, undefined, here)).toEqual({ kind: 'alert' });
      expect(benefitActionOf({ type, state: -1 }, undefined, here)).toEqual({ kind: 'alert' });
    }
  });

  it('leads the other types to their pages', () => {
    const to = (type: number, state = -1, link?: string, from = here) => {
      const action = benefitActionOf({ type, state }, link, from);
      return action.kind === 'navigate' ? action.to : action.kind;
    };
    expect(to(1)).toBe('/subscriber/cashBack');
    expect(to(2, 1)).toBe('/home');
    expect(to(2, 0)).toBe('claim');
    expect(to(3)).toBe('/home');
    expect(to(4)).toBe('/supports');
    expect(to(5, -1, '/subscriber/memberCenter', '/me')).toBe('/subscriber/memberCenter');
    expect(to(5, -1, '/subscriber/memberCenter')).toBe('/supports');
    expect(to(5)).toBe('/supports');
    expect(to(6)).toBe('/diamond/exchange');
    expect(to(10)).toBe('/mall/3');
    expect(to(11)).toBe('/mall/4');
  });
});
