import { describe, expect, it } from 'vitest';
import { COUNTRY_PROFILES } from './country.ts';
import {
  addDays,
  calendarDayOf,
  dayRange,
  isoWeekOf,
  mondayOf,
  monthRange,
  siteDayOf,
  siteDayRange,
  startOfDay,
  weekdayOf,
  weekOf,
  weekRange,
} from './market-calendar.ts';

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
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2027-01-01', -1)).toBe('2026-12-31');
  });

  it('is Brazil’s day in São Paulo', () => {
    expect(siteDayOf(new Date('2026-11-26T02:30:00Z'), COUNTRY_PROFILES.BR)).toBe('2026-11-25');
  });
});

describe('the market calendar', () => {
  it('counts days across months, leap years and years', () => {
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2027-02-28', 1)).toBe('2027-03-01');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-01-05', -7)).toBe('2025-12-29');
  });

  it('names weeks by their Monday in the market’s time zone, and by ISO 8601', () => {
    expect(weekdayOf('2026-11-29')).toBe(0);
    expect(mondayOf('2026-11-29')).toBe('2026-11-23');
    expect(mondayOf('2026-11-23')).toBe('2026-11-23');
    // Sunday 21:30 UTC is Monday 00:30 in Nairobi: the next week.
    expect(weekOf(new Date('2026-11-29T21:30:00Z'), kenya.timeZone)).toBe('2026-11-30');
    expect(isoWeekOf('2026-12-31')).toBe('2026-W53');
    expect(isoWeekOf('2027-01-04')).toBe('2027-W01');
  });

  it('spans days, weeks and months from the market’s midnights', () => {
    expect(dayRange('2026-12-01', kenya.timeZone)).toEqual({
      from: new Date('2026-11-30T21:00:00Z'),
      to: new Date('2026-12-01T21:00:00Z'),
    });
    expect(weekRange('2026-11-30', kenya.timeZone).to).toEqual(new Date('2026-12-06T21:00:00Z'));
    expect(monthRange('2026-12', kenya.timeZone)).toEqual({
      from: new Date('2026-11-30T21:00:00Z'),
      to: new Date('2026-12-31T21:00:00Z'),
    });
    expect(monthRange('2026-12', 'America/Sao_Paulo').to).toEqual(new Date('2027-01-01T03:00:00Z'));
    expect(startOfDay(new Date('2026-12-01T20:59:59Z'), kenya.timeZone)).toEqual(
      new Date('2026-11-30T21:00:00Z'),
    );
    expect(calendarDayOf(new Date('2026-12-01T21:00:00Z'), kenya.timeZone)).toBe('2026-12-02');
  });
});
