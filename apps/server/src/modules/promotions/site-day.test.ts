import { describe, expect, it } from 'vitest';
import { COUNTRY_PROFILES } from '@app/contracts/country';
import { previousSiteDay, siteDayOf, siteDayRange } from './site-day.ts';

const kenya = COUNTRY_PROFILES.KE;
const kenyaAt6 = { ...kenya, promotions: { ...kenya.promotions, resetHour: 6 } };

describe('the site day', () => {
  it('is the market’s calendar day when the reset is at midnight', () => {
    // 21:30 UTC is 00:30 the next day in Nairobi (UTC+3).
    expect(siteDayOf(new Date('2026-11-25T21:30:00Z'), kenya)).toBe('2026-11-26');
    expect(siteDayOf(new Date('2026-11-25T20:59:59Z'), kenya)).toBe('2026-11-25');
  });

  it('starts at the reset hour, in the market’s time zone', () => {
    // 05:59 Nairobi is still the day before; 06:00 is the new day.
    expect(siteDayOf(new Date('2026-11-26T02:59:59Z'), kenyaAt6)).toBe('2026-11-25');
    expect(siteDayOf(new Date('2026-11-26T03:00:00Z'), kenyaAt6)).toBe('2026-11-26');
  });

  it('spans from one reset to the next, and every instant inside belongs to it', () => {
    const { from, to } = siteDayRange('2026-11-26', kenyaAt6);
    expect(from.toISOString()).toBe('2026-11-26T03:00:00.000Z');
    expect(to.toISOString()).toBe('2026-11-27T03:00:00.000Z');
    expect(siteDayOf(from, kenyaAt6)).toBe('2026-11-26');
    expect(siteDayOf(new Date(to.getTime() - 1), kenyaAt6)).toBe('2026-11-26');
    expect(siteDayOf(to, kenyaAt6)).toBe('2026-11-27');
  });

  it('knows yesterday across months and years', () => {
    expect(previousSiteDay('2026-03-01')).toBe('2026-02-28');
    expect(previousSiteDay('2027-01-01')).toBe('2026-12-31');
  });

  it('is Brazil’s day in São Paulo', () => {
    expect(siteDayOf(new Date('2026-11-26T02:30:00Z'), COUNTRY_PROFILES.BR)).toBe('2026-11-25');
  });
});
