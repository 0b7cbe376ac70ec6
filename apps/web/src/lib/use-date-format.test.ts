import { describe, expect, it } from 'vitest';
import { displayLocale } from './use-date-format.ts';

describe('displayLocale: the player’s language in the market’s region', () => {
  it('writes months and dates in the player’s language, not the market’s', () => {
    expect(displayLocale('fr', 'en-KE')).toBe('fr-KE');
    expect(displayLocale('pt', 'pt-BR')).toBe('pt-BR');
    // A month label written in it (the records' month filter: features/records/components/record-months.test.ts).
    const month = new Intl.DateTimeFormat(displayLocale('fr', 'en-KE'), { month: 'long', year: 'numeric' });
    expect(month.format(new Date(2026, 10, 1))).toBe('novembre 2026');
  });
});
