import { z as zod } from 'zod';
import { wholeNumber } from './whole-number.ts';

/**
 * Breaks a player takes (issue 25 §3; docs/compliance.md "Breaks that hold"). A time-out of `hours`, within
 * the market's `compliance.breaks.timeOutHours`: every session ends, login is refused until it ends, and
 * no promotion or message reaches the player meanwhile.
 */
export const TakeBreakBodySchema = zod.object({ hours: wholeNumber(1, 24 * 7 * 52) });
export type TakeBreakBody = zod.infer<typeof TakeBreakBodySchema>;

export const BreakTakenSchema = zod.object({
  /** When the break ends and the player may log in again, epoch ms. */
  endsAt: zod.number().int(),
});
export type BreakTaken = zod.infer<typeof BreakTakenSchema>;

/** The lengths the break page offers, hours: those within the market's range. */
export const TIME_OUT_CHOICES = [24, 72, 7 * 24, 14 * 24, 30 * 24, 42 * 24] as const;

export function timeOutChoices(range: { min: number; max: number }): number[] {
  return TIME_OUT_CHOICES.filter((hours) => hours >= range.min && hours <= range.max);
}

/** The self-exclusion lengths the exclusion page offers, months: those within the market's range. */
export const SELF_EXCLUSION_CHOICES = [6, 12, 24, 36, 60] as const;

export function selfExclusionChoices(range: { min: number; max: number }): number[] {
  return SELF_EXCLUSION_CHOICES.filter((months) => months >= range.min && months <= range.max);
}
