import { z } from 'zod';
import { defineProgramme } from '../kit/programmes.ts';

/**
 * Coin spin's settings (docs/promotions.md "Coin spin"): the prize pool each site day starts with (prizes in
 * wheel order, each paying coins and/or cash (a withdrawable prize), with its daily count) and whether today's sign-in is the
 * condition for the day's free spin. A day's pool is copied from these when the day is first shown (its
 * publication); a change applies from the next day on.
 */
const prizeSchema = z
  .object({
    coins: z.number().int().min(0).max(100_000_000),
    cash: z.number().int().min(0).max(100_000_000),
    count: z.number().int().min(0).max(10_000_000),
  })
  .refine((prize) => prize.coins + prize.cash > 0, { message: 'a prize pays coins or cash' });

export const coinSpinSettingsSchema = z.object({
  requireSignIn: z.boolean(),
  prizes: z.array(prizeSchema).min(2).max(12),
});
export type CoinSpinSettings = z.infer<typeof coinSpinSettingsSchema>;

export const coinSpinProgramme = defineProgramme<CoinSpinSettings>({
  code: 'coin-spin',
  settings: coinSpinSettingsSchema,
  defaults: {
    enabled: true,
    settings: {
      requireSignIn: true,
      prizes: [
        { coins: 50, cash: 0, count: 5_000 },
        { coins: 1_00, cash: 0, count: 2_000 },
        { coins: 2_00, cash: 0, count: 1_000 },
        { coins: 0, cash: 1_00, count: 50 },
        { coins: 5_00, cash: 0, count: 300 },
        { coins: 10_00, cash: 0, count: 100 },
        { coins: 0, cash: 10_00, count: 2 },
        { coins: 50_00, cash: 0, count: 10 },
      ],
    },
  },
});
