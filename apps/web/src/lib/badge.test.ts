import { describe, expect, it } from 'vitest';
import { formatBadge } from './badge.ts';

describe('formatBadge', () => {
  it.each([
    [1, '1'],
    [42, '42'],
    [99, '99'],
    [100, '+99'],
    [12345, '+99'],
  ])('%i shows as %s', (count, expected) => {
    expect(formatBadge(count)).toBe(expected);
  });

  it.each([0, -3, Number.NaN, undefined])('shows nothing for %s', (count) => {
    expect(formatBadge(count)).toBeUndefined();
  });
});
