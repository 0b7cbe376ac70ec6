/**
 * Dice (Stake rules). One float gives a roll from 0.00 to 100.00: roll = floor(f × 10001) hundredths, so the
 * 10001 rolls are (almost) equally likely. The player picks a target and "under" or "over"; the win chance
 * and the multiplier follow from the target alone. Rolls, targets and chances are integers in hundredths.
 */
import { FLOAT_VALUES, floatsLanding, ratio, toNumber, type Ratio } from './exact.ts';
import { MULTIPLIER_SCALE } from './payout.ts';

export const DICE_FLOATS = 1;
/** 0.00, 0.01, …, 100.00. */
export const DICE_ROLLS = 10_001;
/** 99% RTP: the multiplier is 99 / chance%. */
export const DICE_RTP_PERCENT = 99;
/** Chance bounds in hundredths of a percent: 0.01% (pays 9900×) to 98% (pays 1.0102×). */
export const DICE_MIN_CHANCE = 1;
export const DICE_MAX_CHANCE = 9_800;

export type DiceDirection = 'under' | 'over';
/** `target` in hundredths: 5000 is 50.00. "under" wins on roll < target, "over" on roll > target. */
export type DiceOptions = { target: number; direction: DiceDirection };
export type DiceOutcome = { roll: number; win: boolean; multiplier: number };

/** floor(f × 10001): 0 … 10000 hundredths. Exact in doubles (f = n/2^32 and n·10001 < 2^53). */
export function diceRoll(float: number): number {
  return Math.floor(float * DICE_ROLLS);
}

/**
 * The chance the player is shown, in hundredths of a percent, which is also the number of winning rolls:
 * under T wins on rolls 0 … T−1 (T of them), over T on T+1 … 10000 (10000 − T). Out of 10001 rolls, so the
 * true chance is c/10001, a hair below c/10000: that is Stake's convention and costs the player 0.01% of RTP.
 */
export function diceWinChance({ target, direction }: DiceOptions): number {
  return direction === 'under' ? target : 10_000 - target;
}

/** The targets allowed for a direction: those giving a chance of 0.01% to 98%. */
export function diceTargetRange(direction: DiceDirection): { min: number; max: number } {
  return direction === 'under'
    ? { min: DICE_MIN_CHANCE, max: DICE_MAX_CHANCE }
    : { min: 10_000 - DICE_MAX_CHANCE, max: 10_000 - DICE_MIN_CHANCE };
}

export function assertDiceOptions(options: DiceOptions): void {
  const { target, direction } = options;
  if (direction !== 'under' && direction !== 'over')
    throw new RangeError('dice direction must be under or over');
  const { min, max } = diceTargetRange(direction);
  if (!Number.isInteger(target) || target < min || target > max) {
    throw new RangeError(
      `dice target must be an integer from ${min} to ${max} (hundredths) for ${direction}`,
    );
  }
}

/**
 * 99 / chance% in ten-thousandths, rounded down (against the player): 99 × 100 × 10000 / c. 50% pays
 * 19800 (1.98×), 0.01% pays 99000000 (9900×), 98% pays 10102 (1.0102×).
 */
export function diceMultiplier(options: DiceOptions): number {
  assertDiceOptions(options);
  return Math.floor((DICE_RTP_PERCENT * 100 * MULTIPLIER_SCALE) / diceWinChance(options));
}

export function playDice(floats: readonly number[], options: DiceOptions): DiceOutcome {
  const multiplier = diceMultiplier(options);
  const float = floats[0];
  if (float === undefined) throw new RangeError('dice needs one float');
  const roll = diceRoll(float);
  const win = options.direction === 'under' ? roll < options.target : roll > options.target;
  return { roll, win, multiplier: win ? multiplier : 0 };
}

/**
 * Exact RTP over the 2^32 equally likely floats: (floats that win / 2^32) × multiplier / 10000. It includes
 * the 10001-roll convention, the floor of the multiplier and the one-float-value unevenness of the rolls.
 */
export function diceRtpExact(options: DiceOptions): Ratio {
  const multiplier = diceMultiplier(options);
  const winning =
    options.direction === 'under'
      ? floatsLanding(DICE_ROLLS, 0, options.target)
      : floatsLanding(DICE_ROLLS, options.target + 1, DICE_ROLLS);
  return ratio(winning * BigInt(multiplier), FLOAT_VALUES * BigInt(MULTIPLIER_SCALE));
}

export function diceRtp(options: DiceOptions): number {
  return toNumber(diceRtpExact(options));
}

export type DiceRules = {
  game: 'dice';
  floatsPerRound: number;
  rolls: { min: number; max: number };
  chance: { min: number; max: number };
  targets: Record<DiceDirection, { min: number; max: number }>;
  /** Multiplier (ten-thousandths) = floor(multiplierNumerator / chance in hundredths of a percent). */
  multiplierNumerator: number;
  rtpPercent: number;
  /** RTP of the chosen options, exactly (e.g. 0.98990099… at 50%). */
  rtp?: number;
  text: string[];
};

export function diceRules(options?: DiceOptions): DiceRules {
  return {
    game: 'dice',
    floatsPerRound: DICE_FLOATS,
    rolls: { min: 0, max: 10_000 },
    chance: { min: DICE_MIN_CHANCE, max: DICE_MAX_CHANCE },
    targets: { under: diceTargetRange('under'), over: diceTargetRange('over') },
    multiplierNumerator: DICE_RTP_PERCENT * 100 * MULTIPLIER_SCALE,
    rtpPercent: DICE_RTP_PERCENT,
    ...(options ? { rtp: diceRtp(options) } : {}),
    text: [
      'A roll from 0.00 to 100.00 is drawn; each of the 10,001 rolls is equally likely.',
      'Roll under: you win if the roll is below your target. Roll over: you win if it is above.',
      'Win chance shown: the target (under) or 100 minus the target (over), from 0.01% to 98%.',
      'Payout = 99 ÷ win chance, rounded down to 0.0001×: 1.98× at 50%.',
      'Because there are 10,001 rolls, the true chance is the shown chance × 10000/10001, so the return to player is about 98.99%.',
    ],
  };
}
