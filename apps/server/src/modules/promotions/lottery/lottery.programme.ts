import {
  CashDrawSettingsSchema,
  LotterySettingsSchema,
  type CashDrawSettings,
  type LotterySettings,
} from '@app/contracts/lottery';
import { defineProgramme } from '../kit/programmes.ts';

/**
 * The 6+1 lottery as an operator configures it (`PUT /api/admin/promotions/lottery`, audited): price,
 * schedule of the two draw kinds, the prize rules. A draw copies the terms when it is scheduled (days
 * ahead), so a change applies to draws scheduled after it. Off in Brazil by the country profile.
 */
export const LOTTERY = defineProgramme<LotterySettings>({
  code: 'lottery',
  settings: LotterySettingsSchema,
  defaults: {
    enabled: true,
    settings: {
      // KES 20: the Gambling Control Act 2025's minimum online stake (reference §6).
      price: 2_000,
      closeMinutesBefore: 5,
      maxTicketsPerDraw: 500,
      // Wednesday and Saturday 21:00, sales open from the previous main draw (96 h covers Saturday → Wednesday).
      main: {
        enabled: true,
        days: [3, 6],
        time: '21:00',
        openHoursBefore: 96,
        takesRollover: true,
        jackpotSeed: 100_000_000,
      },
      // Every day at 07:30 (spec §1; one text says 7:30pm, we read the morning).
      daily: {
        enabled: true,
        days: [0, 1, 2, 3, 4, 5, 6],
        time: '07:30',
        openHoursBefore: 24,
        takesRollover: false,
        jackpotSeed: 10_000_000,
      },
      // Half of every shilling sold goes to prizes: the stated return to players.
      houseShare: 50,
      poolShares: [70, 30],
      // The Double Colour Ball's fixed prizes in proportion to its price (1,500×, 100×, 5×, 2.5×).
      fixedPrizes: [3_000_000, 200_000, 10_000, 5_000],
    },
  },
});

/** The daily cash draw with player seeds (`PUT /api/admin/promotions/cash-draw`). Off in Brazil. */
export const CASH_DRAW = defineProgramme<CashDrawSettings>({
  code: 'cash-draw',
  settings: CashDrawSettingsSchema,
  defaults: {
    enabled: true,
    settings: {
      price: 2_000,
      days: [0, 1, 2, 3, 4, 5, 6],
      time: '20:00',
      openHoursBefore: 24,
      closeMinutesBefore: 5,
      maxEntriesPerDraw: 20,
      // 80 % of sales to the five winners.
      houseShare: 20,
      shares: [50, 20, 10, 10, 10],
    },
  },
});
