import { describe, expect, it } from 'vitest';
import { addDays, weekOf, weekRange } from '@app/contracts/market-calendar';
import { cashBackOf, claimWindow, rateOf, stateOf, weeksToSettle } from './cash-back.rules.ts';

/** The weekly cash back's rules (issue 15 §3, spec §9): the week, the claim window, the amount. */
const NAIROBI = 'Africa/Nairobi';
const SAO_PAULO = 'America/Sao_Paulo';
const WINDOW = { claimOpensHour: 6, claimDays: 7 };
const RATES = [5, 6, 7, 8, 9, 10, 11, 12, 13, 15];

describe('the week', () => {
  it('runs from Monday 00:00 to Sunday 23:59 in the market time zone, named by its Monday', () => {
    // 2026-11-22 is a Sunday; 23:59 in Nairobi (UTC+3) is 20:59 UTC.
    expect(weekOf(new Date('2026-11-22T20:59:59.999Z'), NAIROBI)).toBe('2026-11-16');
    expect(weekOf(new Date('2026-11-22T21:00:00.000Z'), NAIROBI)).toBe('2026-11-23');
    // The same instant is still Sunday afternoon in São Paulo (UTC−3).
    expect(weekOf(new Date('2026-11-22T21:00:00.000Z'), SAO_PAULO)).toBe('2026-11-16');
    expect(weekOf(new Date('2026-11-25T12:00:00.000Z'), NAIROBI)).toBe('2026-11-23');
    expect(weekRange('2026-11-23', NAIROBI)).toEqual({
      from: new Date('2026-11-22T21:00:00.000Z'),
      to: new Date('2026-11-29T21:00:00.000Z'),
    });
  });

  it('crosses months and years', () => {
    expect(weekOf(new Date('2027-01-01T09:00:00.000Z'), NAIROBI)).toBe('2026-12-28');
    expect(addDays('2026-12-28', 7)).toBe('2027-01-04');
  });
});

describe('the claim window', () => {
  it('opens Monday 06:00 after the week and closes after Sunday 23:59 of that week (market time)', () => {
    expect(claimWindow('2026-11-16', NAIROBI, WINDOW)).toEqual({
      opensAt: new Date('2026-11-23T03:00:00.000Z'),
      closesAt: new Date('2026-11-29T21:00:00.000Z'),
    });
    expect(claimWindow('2026-11-16', NAIROBI, { claimOpensHour: 0, claimDays: 3 })).toEqual({
      opensAt: new Date('2026-11-22T21:00:00.000Z'),
      closesAt: new Date('2026-11-25T21:00:00.000Z'),
    });
  });
});

describe('the weeks the job settles', () => {
  const grace = 5 * 60_000;
  it('is last week once it is 5 minutes closed, and an earlier one while its window is open', () => {
    // Monday 2026-11-23 00:03 in Nairobi: last week closed 3 minutes ago, not yet.
    expect(weeksToSettle(new Date('2026-11-22T21:03:00Z'), NAIROBI, WINDOW, grace)).toEqual([]);
    expect(weeksToSettle(new Date('2026-11-22T21:06:00Z'), NAIROBI, WINDOW, grace)).toEqual(['2026-11-16']);
    expect(weeksToSettle(new Date('2026-11-29T20:59:00Z'), NAIROBI, WINDOW, grace)).toEqual(['2026-11-16']);
    // A two-week window: after an outage the week before is still owed.
    const long = { claimOpensHour: 6, claimDays: 14 };
    expect(weeksToSettle(new Date('2026-11-30T12:00:00Z'), NAIROBI, long, grace)).toEqual([
      '2026-11-23',
      '2026-11-16',
    ]);
  });
});

describe('the amount', () => {
  it('is min(cap, rate × loss) rounded down to a minor unit, by VIP level', () => {
    expect(cashBackOf(1_000_00, rateOf(1, RATES), 30_000)).toBe(50_00);
    expect(cashBackOf(1_000_00, rateOf(10, RATES), 30_000)).toBe(150_00);
    expect(cashBackOf(1_000_000_00, rateOf(10, RATES), 30_000)).toBe(30_000);
    expect(cashBackOf(999, 5, 30_000)).toBe(49);
    expect(cashBackOf(1_000, 7.25, 30_000)).toBe(72);
    expect(cashBackOf(0, 15, 30_000)).toBe(0);
    expect(cashBackOf(-500, 15, 30_000)).toBe(0);
  });

  it('reads a level outside 1 to 10 as the nearest', () => {
    expect(rateOf(0, RATES)).toBe(5);
    expect(rateOf(11, RATES)).toBe(15);
  });
});

describe('the state of a closed week', () => {
  const window = claimWindow('2026-11-16', NAIROBI, WINDOW);
  const at = (iso: string) => new Date(iso);
  it('follows the settlement, the window and the claim', () => {
    const unclaimed = { amount: 100, claimedAt: null };
    expect(stateOf(undefined, false, window, at('2026-11-23T00:00:00Z'))).toBe('pending');
    expect(stateOf(undefined, true, window, at('2026-11-23T04:00:00Z'))).toBe('none');
    expect(stateOf(unclaimed, true, window, at('2026-11-23T02:59:59Z'))).toBe('not-open');
    expect(stateOf(unclaimed, true, window, at('2026-11-23T03:00:00Z'))).toBe('claimable');
    expect(stateOf(unclaimed, true, window, at('2026-11-29T20:59:59Z'))).toBe('claimable');
    expect(stateOf(unclaimed, true, window, at('2026-11-29T21:00:00Z'))).toBe('expired');
    expect(
      stateOf(
        { amount: 100, claimedAt: at('2026-11-24T00:00:00Z') },
        true,
        window,
        at('2026-12-30T00:00:00Z'),
      ),
    ).toBe('claimed');
  });
});
