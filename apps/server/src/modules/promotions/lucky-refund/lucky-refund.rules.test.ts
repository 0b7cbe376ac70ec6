import { describe, expect, it } from 'vitest';
import type { LuckyRefundSettings, PayKind, RoundTerms } from '@app/contracts/lucky-refund';
import { LUCKY_REFUND_CODE } from '@app/contracts/lucky-refund';
import { newCode, newCodes, payoutOf, planDraws, raffleOf } from './lucky-refund.rules.ts';
import { LUCKY_REFUND } from './lucky-refund.service.ts';

const NAIROBI = 'Africa/Nairobi';
const MINUTE = 60_000;

/** The programme's defaults: KSh 20 a code, hourly rounds, the raffle on Saturday at 9 pm. */
const SETTINGS: LuckyRefundSettings = LUCKY_REFUND.defaults.settings;

const TERMS: RoundTerms = {
  kind: 'round',
  price: 20_00,
  coinsPrice: 50_00,
  diamondsPrice: 20,
  winners: 3,
  refundPercent: 50,
  housePercent: 10,
  jackpotPercent: 5,
  maxPerPurchase: 50,
  maxPerMember: 500,
  raffle: 'raffle:2026-11-28',
};

/** Thursday 26 November 2026, 14:20 in Nairobi (UTC+3). */
const THURSDAY_1420 = new Date('2026-11-26T11:20:00Z');

describe('the plan', () => {
  it('plans the round in progress and the next ones back to back from midnight, with their raffle', () => {
    const to = new Date(THURSDAY_1420.getTime() + 3 * 60 * MINUTE);
    const draws = planDraws({ from: THURSDAY_1420, to, timeZone: NAIROBI }, SETTINGS, null);
    const rounds = draws.filter((draw) => draw.settings.kind === 'round');
    expect(rounds.map((draw) => draw.ref)).toEqual([
      'round:2026-11-26T14:00',
      'round:2026-11-26T15:00',
      'round:2026-11-26T16:00',
      'round:2026-11-26T17:00',
    ]);
    for (const [index, round] of rounds.entries()) {
      expect(round.salesCloseAt.getTime() - round.salesOpenAt.getTime()).toBe(60 * MINUTE);
      expect(round.drawAt.getTime() - round.salesCloseAt.getTime()).toBe(10_000);
      if (index > 0) expect(round.salesOpenAt).toEqual(rounds[index - 1]!.salesCloseAt);
    }
    // One raffle: this week's, closing Saturday 21:00 Nairobi, open since the Saturday before.
    const raffles = draws.filter((draw) => draw.settings.kind === 'raffle');
    expect(raffles).toHaveLength(1);
    expect(raffles[0]).toMatchObject({
      ref: 'raffle:2026-11-28',
      salesOpenAt: new Date('2026-11-21T18:00:00Z'),
      salesCloseAt: new Date('2026-11-28T18:00:00Z'),
      drawAt: new Date('2026-11-28T18:00:13Z'),
    });
    expect(rounds.every((round) => (round.settings as RoundTerms).raffle === 'raffle:2026-11-28')).toBe(true);
  });

  it('starts after the last planned round: a new length never overlaps the rounds already planned', () => {
    const after = new Date('2026-11-26T13:00:00Z'); // 16:00 in Nairobi
    const draws = planDraws(
      { from: THURSDAY_1420, to: new Date('2026-11-26T14:00:00Z'), timeZone: NAIROBI },
      { ...SETTINGS, roundMinutes: 20 },
      after,
    );
    expect(draws.filter((draw) => draw.settings.kind === 'round').map((draw) => draw.ref)).toEqual([
      'round:2026-11-26T16:00',
      'round:2026-11-26T16:20',
      'round:2026-11-26T16:40',
    ]);
  });

  it('puts the round ending at the raffle hour in that raffle, and the next in the next week’s', () => {
    const saturday2100 = new Date('2026-11-28T18:00:00Z');
    expect(raffleOf(saturday2100, NAIROBI, 21).ref).toBe('raffle:2026-11-28');
    expect(raffleOf(new Date(saturday2100.getTime() + 60 * MINUTE), NAIROBI, 21)).toMatchObject({
      ref: 'raffle:2026-12-05',
      opensAt: saturday2100,
    });
    const draws = planDraws(
      { from: new Date('2026-11-28T17:30:00Z'), to: new Date('2026-11-28T19:00:00Z'), timeZone: NAIROBI },
      SETTINGS,
      null,
    );
    expect(
      draws.map((draw) => [draw.ref, draw.settings.kind === 'round' ? draw.settings.raffle : '-']),
    ).toEqual([
      ['raffle:2026-11-28', '-'],
      ['raffle:2026-12-05', '-'],
      ['round:2026-11-28T20:00', 'raffle:2026-11-28'],
      ['round:2026-11-28T21:00', 'raffle:2026-12-05'],
    ]);
  });
});

describe('codes', () => {
  it('are 8 upper-case letters and digits, distinct from each other and from those taken', () => {
    for (let index = 0; index < 200; index += 1) expect(newCode()).toMatch(LUCKY_REFUND_CODE);
    // A random source that repeats itself: the taken code and the repeats are drawn again.
    let calls = 0;
    const sequence = (max: number) => (Math.floor(calls++ / 8) % 3) % max;
    const codes = newCodes(2, new Set(['AAAAAAAA']), sequence);
    expect(codes).toEqual(['BBBBBBBB', 'CCCCCCCC']);
  });
});

describe('payout', () => {
  const sold = (pays: PayKind[]) => pays.map((pay, index) => ({ ticketNo: index + 1, pay }));

  it('splits the sales exactly: house, jackpot, refunds, equal prizes, the rounding to the jackpot', () => {
    const codes = sold(Array.from({ length: 100 }, () => 'cash' as const));
    const payout = payoutOf(TERMS, codes, [5, 17, 99]);
    expect(payout.sales).toBe(2_000_00);
    expect(payout.house).toBe(200_00);
    expect(payout.refund).toBe(10_00);
    // 2000 − 200 house − 100 jackpot − 97 × 10 refunds = 730, over 3 winners: 243.33 each, 0.01 left.
    expect(payout.prize).toBe(243_33);
    expect(payout.jackpot).toBe(100_01);
    const cash = payout.codes.reduce((sum, code) => sum + code.cash, 0);
    expect(payout.house + payout.jackpot + payout.toBudget + cash).toBe(payout.sales);
    expect(payout.codes.filter((code) => code.kind === 'prize').map((code) => code.ticketNo)).toEqual([
      5, 17, 99,
    ]);
  });

  it('refunds coins and diamonds codes in kind, the budget taking their cash refund from the fund', () => {
    const codes = sold(['cash', 'coins', 'diamonds', 'coins']);
    const payout = payoutOf({ ...TERMS, winners: 1 }, codes, [1]);
    expect(payout.codes.slice(1)).toEqual([
      { ticketNo: 2, kind: 'refund', cash: 0, coins: 25_00, diamonds: 0 },
      { ticketNo: 3, kind: 'refund', cash: 0, coins: 0, diamonds: 10 },
      { ticketNo: 4, kind: 'refund', cash: 0, coins: 25_00, diamonds: 0 },
    ]);
    expect(payout.toBudget).toBe(3 * 10_00);
    const cash = payout.codes.reduce((sum, code) => sum + code.cash, 0);
    expect(payout.house + payout.jackpot + payout.toBudget + cash).toBe(payout.sales);
  });

  it('conserves the fund for every mix of sizes, currencies, winners and shares', () => {
    const pays: PayKind[] = ['cash', 'coins', 'diamonds'];
    for (let n = 0; n <= 40; n += 1) {
      for (const refundPercent of [0, 33, 50, 85]) {
        const terms = { ...TERMS, refundPercent, housePercent: 7, jackpotPercent: 8, price: 19_99 };
        const codes = sold(Array.from({ length: n }, (_, index) => pays[(index * 7) % 3]!));
        const winners = Array.from({ length: Math.min(3, n) }, (_, index) => ((index * 13) % n) + 1);
        const payout = payoutOf(terms, codes, [...new Set(winners)]);
        const cash = payout.codes.reduce((sum, code) => sum + code.cash, 0);
        expect(payout.house + payout.jackpot + payout.toBudget + cash).toBe(payout.sales);
        expect(payout.jackpot).toBeGreaterThanOrEqual(0);
        expect(payout.prize).toBeGreaterThanOrEqual(0);
      }
    }
  });

  it('lets every code win when fewer are sold than there are winners', () => {
    const payout = payoutOf(TERMS, sold(['cash', 'cash']), [2, 1]);
    expect(payout.codes.map((code) => code.kind)).toEqual(['prize', 'prize']);
    expect(payout.prize).toBe(Math.floor((40_00 - 4_00 - 2_00) / 2));
    expect(payoutOf(TERMS, [], [])).toMatchObject({ sales: 0, house: 0, jackpot: 0, codes: [] });
  });
});
