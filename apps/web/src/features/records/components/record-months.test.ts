import { describe, expect, it } from 'vitest';
import { displayLocale } from '../../../lib/use-date-format.ts';
import { monthLabel } from './record-months.ts';

describe('the records’ month filter', () => {
  it('names each month in the player’s language, not the market’s', () => {
    expect(monthLabel('2026-11', displayLocale('fr', 'en-KE'))).toBe('novembre 2026');
    expect(monthLabel('2026-11', displayLocale('pt', 'en-KE'))).toBe('novembro de 2026');
    expect(monthLabel('2026-11', displayLocale('en', 'en-KE'))).toBe('November 2026');
  });
});
