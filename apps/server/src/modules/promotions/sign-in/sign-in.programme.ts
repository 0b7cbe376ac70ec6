import { z } from 'zod';
import { SIGN_IN_ASSETS, SIGN_IN_DAYS } from '@app/contracts/sign-in';
import { defineProgramme } from '../kit/programmes.ts';

/**
 * Daily sign-in's settings (docs/promotions.md "Daily sign-in"): the 7 days' amounts (minor units) and what
 * they pay. Coins by default: a sign-in costs the player nothing, so it pays bonus coins, not cash.
 */
export const signInSettingsSchema = z.object({
  amounts: z.array(z.number().int().min(0).max(100_000_000)).length(SIGN_IN_DAYS),
  asset: z.enum(SIGN_IN_ASSETS),
});
export type SignInSettings = z.infer<typeof signInSettingsSchema>;

export const signInProgramme = defineProgramme<SignInSettings>({
  code: 'sign-in',
  settings: signInSettingsSchema,
  defaults: {
    enabled: true,
    settings: { amounts: [1_00, 2_00, 3_00, 5_00, 8_00, 10_00, 20_00], asset: 'coins' },
  },
});
