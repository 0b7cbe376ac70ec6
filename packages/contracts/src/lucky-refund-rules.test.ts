import { describe, expect, it } from 'vitest';
import { LuckyRefundSettingsSchema, ROUND_STATUS } from './lucky-refund.ts';
import {
  LUCKY_REFUND_TIMING,
  codeRows,
  codesOfAdvert,
  isOnSale,
  roundStatusAfter,
  roundStatusOf,
  showsCountdownPopup,
  showsPreviousResults,
} from './lucky-refund-rules.ts';

const SECOND = 1000;

describe('round status (spec §4)', () => {
  it('is 0 before sales open, 9 once paid, 5 while drawing whatever the time', () => {
    expect(roundStatusOf('scheduled', 10 * 60 * SECOND)).toBe(ROUND_STATUS.initial);
    expect(roundStatusOf('finished', 0)).toBe(ROUND_STATUS.finished);
    expect(roundStatusOf('drawing', 0)).toBe(ROUND_STATUS.drawing);
    expect(roundStatusOf('drawing', 90 * SECOND)).toBe(ROUND_STATUS.drawing);
  });

  it('on sale: 1 with more than 60 s left, 2 in the last 60 s, 5 at the end', () => {
    expect(roundStatusOf('selling', 60 * SECOND + 1)).toBe(ROUND_STATUS.open);
    expect(roundStatusOf('selling', 60 * SECOND)).toBe(ROUND_STATUS.countdown);
    expect(roundStatusOf('selling', 1)).toBe(ROUND_STATUS.countdown);
    expect(roundStatusOf('selling', 0)).toBe(ROUND_STATUS.drawing);
  });

  it('moves a round with over 60 s left 1 → 2 at 60 s before its end → 5 at its end', () => {
    const shown = { status: ROUND_STATUS.open, remainingMillis: 150 * SECOND };
    expect(roundStatusAfter(shown, 89 * SECOND)).toEqual({ status: 1, remainingMillis: 61 * SECOND });
    expect(roundStatusAfter(shown, 90 * SECOND)).toEqual({ status: 2, remainingMillis: 60 * SECOND });
    expect(roundStatusAfter(shown, 149 * SECOND).status).toBe(2);
    expect(roundStatusAfter(shown, 150 * SECOND)).toEqual({ status: 5, remainingMillis: 0 });
    expect(roundStatusAfter(shown, 400 * SECOND)).toEqual({ status: 5, remainingMillis: 0 });
  });

  it('moves a round with 60 s or less left 2 → 5, and leaves any round not on sale as it is', () => {
    const shown = { status: ROUND_STATUS.countdown, remainingMillis: 30 * SECOND };
    expect(roundStatusAfter(shown, 10 * SECOND).status).toBe(2);
    expect(roundStatusAfter(shown, 30 * SECOND).status).toBe(5);
    for (const status of [
      ROUND_STATUS.initial,
      ROUND_STATUS.drawing,
      ROUND_STATUS.finished,
      ROUND_STATUS.none,
    ]) {
      expect(roundStatusAfter({ status, remainingMillis: 0 }, 10_000).status).toBe(status);
      expect(isOnSale(status)).toBe(false);
    }
    expect(isOnSale(ROUND_STATUS.open) && isOnSale(ROUND_STATUS.countdown)).toBe(true);
  });
});

describe('popups (spec §4, §9)', () => {
  it('shows previous results once per round, while more than 180 s remain, never in the countdown', () => {
    const round = { id: 7, status: ROUND_STATUS.open, remainingMillis: 181 * SECOND };
    expect(showsPreviousResults(round, [])).toBe(true);
    expect(showsPreviousResults(round, [7])).toBe(false);
    expect(showsPreviousResults(round, [6, 8])).toBe(true);
    expect(showsPreviousResults({ ...round, remainingMillis: 180 * SECOND }, [])).toBe(false);
    expect(showsPreviousResults({ ...round, status: ROUND_STATUS.countdown }, [])).toBe(false);
    expect(showsPreviousResults({ ...round, status: ROUND_STATUS.drawing }, [])).toBe(false);
  });

  it('shows the countdown popup while a countdown runs and its cookie is not set', () => {
    expect(showsCountdownPopup(ROUND_STATUS.countdown, false)).toBe(true);
    expect(showsCountdownPopup(ROUND_STATUS.countdown, true)).toBe(false);
    expect(showsCountdownPopup(ROUND_STATUS.open, false)).toBe(false);
    expect(showsCountdownPopup(ROUND_STATUS.drawing, false)).toBe(false);
  });

  it('lays the unread codes of the advert out in rows of 4', () => {
    const codes = codesOfAdvert('AAAA2222, BBBB3333,CCCC4444,,DDDD5555,EEEE6666 ');
    expect(codes).toEqual(['AAAA2222', 'BBBB3333', 'CCCC4444', 'DDDD5555', 'EEEE6666']);
    expect(codeRows(codes)).toEqual([['AAAA2222', 'BBBB3333', 'CCCC4444', 'DDDD5555'], ['EEEE6666']]);
    expect(LUCKY_REFUND_TIMING.codeColumns).toBe(4);
  });
});

describe('settings', () => {
  const valid = {
    price: 20_00,
    coinsPrice: 50_00,
    diamondsPrice: 20,
    roundMinutes: 60,
    drawDelaySeconds: 10,
    refundPercent: 50,
    housePercent: 10,
    jackpotPercent: 5,
    jackpotHour: 21,
    maxPerPurchase: 50,
    maxPerMember: 500,
    rules: '',
  };

  it('takes a whole number of rounds a day ending on the raffle hour, and shares of at most 100 %', () => {
    expect(LuckyRefundSettingsSchema.safeParse(valid).success).toBe(true);
    expect(LuckyRefundSettingsSchema.safeParse({ ...valid, roundMinutes: 7 }).success).toBe(false);
    expect(
      LuckyRefundSettingsSchema.safeParse({ ...valid, roundMinutes: 480, jackpotHour: 21 }).success,
    ).toBe(false);
    expect(LuckyRefundSettingsSchema.safeParse({ ...valid, refundPercent: 90 }).success).toBe(false);
    expect(LuckyRefundSettingsSchema.safeParse({ ...valid, drawDelaySeconds: 2 }).success).toBe(false);
  });
});
