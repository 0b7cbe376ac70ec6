import { describe, expect, it } from 'vitest';
import { COUNTRY_PROFILES } from '@app/contracts/country';
import type { VipBenefitSetting } from '@app/contracts/vip';
import type { Fact } from '../../platform/wallet/money-facts.ts';
import { isoWeekOf } from '@app/contracts/market-calendar';
import {
  benefitStateOf,
  inAnniversaryWindow,
  inWindow,
  levelOf,
  periodOf,
  pointsOf,
  progressOf,
  sortByStatu,
  vipYearOf,
} from './vip.rules.ts';
import { VIP, weightedStakesOf } from './vip.service.ts';

const KE = COUNTRY_PROFILES.KE;
const BR = COUNTRY_PROFILES.BR;
const THRESHOLDS = VIP.defaults.settings.thresholds;

const fact = (over: Partial<Fact>): Fact => ({
  transactionId: 1,
  kind: 'bet',
  memberId: 7,
  amount: 100_00,
  ownMoney: 0,
  gameId: null,
  ref: 'x',
  createdAt: new Date('2026-06-10T10:00:00Z'),
  ...over,
});

describe('VIP points and levels', () => {
  it('takes the year from the market calendar, not UTC', () => {
    // 22:00 UTC on 31 December is already 1 January in Nairobi (UTC+3), still 31 December in São Paulo.
    const instant = new Date('2026-12-31T22:00:00Z');
    expect(vipYearOf(instant, KE.timeZone)).toBe(2027);
    expect(vipYearOf(instant, BR.timeZone)).toBe(2026);
  });

  it('counts the real part of bets, takes rollbacks back, multiplies holidays, ignores wins', () => {
    const settings = { holidays: ['12-25', '2026-06-10'], holidayMultiplier: 10 };
    const facts = [
      fact({ transactionId: 1, amount: 100_00, ownMoney: 60_00 }),
      fact({ transactionId: 2, amount: 50_00, ownMoney: 50_00, createdAt: new Date('2026-06-11T10:00:00Z') }),
      fact({ transactionId: 3, kind: 'win', amount: 900_00, ownMoney: 900_00 }),
      fact({
        transactionId: 4,
        kind: 'rollback',
        amount: 50_00,
        ownMoney: 50_00,
        createdAt: new Date('2026-06-11T10:05:00Z'),
      }),
      // All bonus cash: no real part.
      fact({ transactionId: 5, amount: 70_00, createdAt: new Date('2026-06-11T11:00:00Z') }),
      fact({
        transactionId: 6,
        memberId: 8,
        amount: 10_00,
        ownMoney: 10_00,
        createdAt: new Date('2026-12-31T22:00:00Z'),
      }),
    ];
    expect(weightedStakesOf(facts, KE, settings)).toEqual([
      // 60 real on a holiday (×10); the 50 staked and rolled back the next day cancel out.
      { memberId: 7, year: 2026, weightedStake: 600_00 },
      { memberId: 8, year: 2027, weightedStake: 10_00 },
    ]);
  });

  it('gives levels from points at the thresholds, and the way to the next', () => {
    expect(pointsOf(1_234_56, 100)).toBe(1_234);
    expect(pointsOf(-5, 100)).toBe(0);
    expect(levelOf(0, THRESHOLDS)).toBe(1);
    expect(levelOf(999, THRESHOLDS)).toBe(1);
    expect(levelOf(1_000, THRESHOLDS)).toBe(2);
    expect(levelOf(5_000_000, THRESHOLDS)).toBe(10);
    expect(progressOf(3_000, THRESHOLDS)).toEqual({ level: 2, next: 3, pointsToNext: 2_000, progress: 50 });
    expect(progressOf(2_500_000, THRESHOLDS)).toEqual({
      level: 10,
      next: null,
      pointsToNext: 0,
      progress: 100,
    });
  });
});

describe('VIP benefit periods', () => {
  const context = (now: string, level = 3, registeredAt = '2024-03-05T09:00:00Z') => ({
    now: new Date(now),
    market: KE,
    level,
    registeredAt: new Date(registeredAt),
    anniversaryDays: 7,
  });
  const benefit = (over: Partial<VipBenefitSetting>): VipBenefitSetting => ({
    id: 1,
    type: 0,
    name: 'x',
    translations: {},
    enable: true,
    amounts: [0, 1, 1, 1, 1, 1, 1, 1, 1, 1],
    ...over,
  });

  it('names each period: level and year, site day, ISO week, month, windows', () => {
    expect(periodOf(benefit({ type: 0 }), context('2026-06-10T10:00:00Z'))).toBe('2026-L3');
    expect(periodOf(benefit({ type: 2 }), context('2026-06-10T22:30:00Z'))).toBe('2026-06-11');
    expect(periodOf(benefit({ type: 9 }), context('2026-01-01T10:00:00Z'))).toBe('2026-W01');
    expect(periodOf(benefit({ type: 8 }), context('2026-06-10T10:00:00Z'))).toBe('2026-06');
    const christmas = benefit({ window: { from: '12-20', to: '12-31' } });
    expect(periodOf(christmas, context('2026-12-24T10:00:00Z'))).toBe('2026');
    expect(periodOf(christmas, context('2026-12-10T10:00:00Z'))).toBeUndefined();
    const easter = benefit({ window: { from: '2027-03-26', to: '2027-03-29' } });
    expect(periodOf(easter, context('2027-03-28T10:00:00Z'))).toBe('2027');
    expect(periodOf(easter, context('2028-03-28T10:00:00Z'))).toBeUndefined();
    expect(periodOf(benefit({ type: 7 }), context('2026-03-08T10:00:00Z'))).toBe('2026');
    expect(periodOf(benefit({ type: 7 }), context('2026-03-12T10:00:00Z'))).toBeUndefined();
    expect(periodOf(benefit({ type: 1 }), context('2026-03-08T10:00:00Z'))).toBeUndefined();
  });

  it('computes ISO weeks and windows across the year end', () => {
    expect(isoWeekOf('2026-12-31')).toBe('2026-W53');
    expect(isoWeekOf('2027-01-03')).toBe('2026-W53');
    expect(isoWeekOf('2027-01-04')).toBe('2027-W01');
    expect(inWindow('2027-01-02', { from: '12-28', to: '01-03' })).toBe(true);
    expect(inWindow('2027-01-05', { from: '12-28', to: '01-03' })).toBe(false);
    expect(inAnniversaryWindow('2026-03-05', '2026-03-05', 7)).toBe(false);
    expect(inAnniversaryWindow('2027-03-11', '2026-03-05', 7)).toBe(true);
    expect(inAnniversaryWindow('2027-03-12', '2026-03-05', 7)).toBe(false);
  });

  it('gives statu and state, and orders the list 0, 1, -1, 9', () => {
    const cash = benefit({});
    expect(benefitStateOf(cash, 1, '2026-L1', new Set())).toEqual({ statu: 9, state: -1 });
    expect(benefitStateOf(cash, 2, '2026-L2', new Set())).toEqual({ statu: 0, state: 0 });
    expect(benefitStateOf(cash, 2, '2026-L2', new Set(['2026-L2']))).toEqual({ statu: 1, state: 1 });
    expect(benefitStateOf(cash, 2, undefined, new Set())).toEqual({ statu: -1, state: -1 });
    expect(benefitStateOf({ ...cash, enable: false }, 2, '2026-L2', new Set())).toEqual({
      statu: 9,
      state: -1,
    });
    expect(benefitStateOf({ ...cash, type: 6 }, 2, undefined, new Set())).toEqual({ statu: 0, state: -1 });
    const sorted = sortByStatu([9, -1, 1, 0, 9, 0].map((statu, id) => ({ id, statu })));
    expect(sorted.map((row) => row.id)).toEqual([3, 5, 2, 1, 0, 4]);
  });
});
