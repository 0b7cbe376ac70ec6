import { describe, expect, it } from 'vitest';
import { LOTTERY } from './lottery.programme.ts';
import { drawTimesBetween, jackpotEstimate, kindOfRef, lotteryTermsOf } from './lottery.rules.ts';

const MINUTE = 60_000;
const main = { prefix: 'main', days: [3, 6], time: '21:00', openHoursBefore: 96, closeMinutesBefore: 5 };

describe('the lottery schedule', () => {
  it('makes Wednesday and Saturday 21:00 market time, named by the market date', () => {
    // Monday 2026-11-23 00:00 in Nairobi (UTC+3) for a week.
    const from = new Date('2026-11-22T21:00:00Z');
    const draws = drawTimesBetween(main, {
      from,
      to: new Date(from.getTime() + 7 * 86_400_000),
      timeZone: 'Africa/Nairobi',
    });
    expect(draws.map((draw) => draw.ref)).toEqual(['main:2026-11-25', 'main:2026-11-28']);
    expect(draws[1]).toEqual({
      ref: 'main:2026-11-28',
      drawAt: new Date('2026-11-28T18:00:00Z'),
      salesCloseAt: new Date('2026-11-28T17:55:00Z'),
      salesOpenAt: new Date('2026-11-24T18:00:00Z'),
    });
  });

  it('follows the market’s time zone (São Paulo, UTC−3) and leaves out a draw whose sales have closed', () => {
    const daily = {
      prefix: 'daily',
      days: [0, 1, 2, 3, 4, 5, 6],
      time: '07:30',
      openHoursBefore: 24,
      closeMinutesBefore: 5,
    };
    const from = new Date('2026-11-28T10:28:00Z'); // 07:28 in São Paulo: that day's sales closed at 07:25
    const draws = drawTimesBetween(daily, {
      from,
      to: new Date(from.getTime() + 2 * 86_400_000),
      timeZone: 'America/Sao_Paulo',
    });
    // The window is half-open: the 30th's draw (10:30 UTC) is two minutes after its end.
    expect(draws.map((draw) => draw.ref)).toEqual(['daily:2026-11-29']);
    expect(draws[0]!.drawAt).toEqual(new Date('2026-11-29T10:30:00Z'));
    const justBefore = drawTimesBetween(daily, {
      from: new Date('2026-11-28T10:24:00Z'),
      to: new Date('2026-11-28T12:00:00Z'),
      timeZone: 'America/Sao_Paulo',
    });
    expect(justBefore.map((draw) => draw.ref)).toEqual(['daily:2026-11-28']);
    expect(justBefore[0]!.drawAt.getTime() - justBefore[0]!.salesCloseAt.getTime()).toBe(5 * MINUTE);
  });

  it('reads the kind from the ref', () => {
    expect(kindOfRef('main:2026-11-28')).toBe('main');
    expect(kindOfRef('daily:2026-11-29')).toBe('daily');
  });
});

describe('the jackpot estimate', () => {
  const rules = lotteryTermsOf(LOTTERY.defaults.settings, 'main').rules;

  it('is the first tier’s share of what the fund leaves after the expected fixed prizes, plus the rollover', () => {
    const sales = 1_000_000 * 2_000;
    const fixed = Math.round(sales * 0.24315);
    const estimate = jackpotEstimate({ sales, price: 2_000, reserve: 7_000_000_000, rules });
    expect(Math.abs(estimate - (Math.floor(((sales / 2 - fixed) * 70) / 100) + 7_000_000_000))).toBeLessThan(
      50_000,
    );
  });

  it('is never below the seed, and a draw that takes no rollover shows none', () => {
    expect(jackpotEstimate({ sales: 0, price: 2_000, reserve: 0, rules })).toBe(rules.jackpotSeed);
    const daily = lotteryTermsOf(LOTTERY.defaults.settings, 'daily').rules;
    expect(jackpotEstimate({ sales: 0, price: 2_000, reserve: 10 ** 12, rules: daily })).toBe(
      daily.jackpotSeed,
    );
  });
});
