import { describe, expect, it } from 'vitest';
import { monthLabel } from '../features/records/components/record-months.ts';
import { displayLocale } from './use-date-format.ts';

describe('displayLocale: the player’s language in the market’s region', () => {
  it('writes months and dates in the player’s language, not the market’s', () => {
    expect(displayLocale('fr', 'en-KE')).toBe('fr-KE');
    expect(displayLocale('pt', 'pt-BR')).toBe('pt-BR');
    expect(monthLabel('2026-11', displayLocale('fr', 'en-KE'))).toBe('novembre 2026');
    expect(monthLabel('2026-11', displayLocale('pt', 'en-KE'))).toBe('novembro de 2026');
    expect(monthLabel('2026-11', displayLocale('en', 'en-KE'))).toBe('November 2026');
  });
});
