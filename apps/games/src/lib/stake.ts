import type { Money } from './money.ts';

/**
 * The stake a player types, in the currency's major units, and the game's limits in minor units. Pure
 * rules: the input and its buttons only ever hold a stake the server would accept, or say why not.
 */
export type StakeLimits = { min: number; max: number };

export type StakeProblem = 'invalid' | 'below-min' | 'above-max' | 'balance';

export function clampStake(stake: number, limits: StakeLimits): number {
  if (!Number.isFinite(stake)) return limits.min;
  return Math.min(limits.max, Math.max(limits.min, Math.floor(stake)));
}

/** ½: half the stake in whole minor units, never below the minimum. */
export function halfStake(stake: number, limits: StakeLimits): number {
  return clampStake(Math.floor(stake / 2), limits);
}

/**
 * 2×: double, never above the maximum nor above the balance (when the balance allows the minimum at all),
 * so the button never proposes a stake the bet would refuse for lack of cash.
 */
export function doubleStake(stake: number, limits: StakeLimits, balance: number): number {
  const doubled = clampStake(stake * 2, limits);
  if (balance >= limits.min && doubled > balance) return Math.max(stake, clampStake(balance, limits));
  return doubled;
}

/**
 * "1,000.50" or "1000,5" typed in major units → minor units; undefined when it is not an amount of this
 * currency (letters, more decimals than it has, negative).
 */
export function parseStake(text: string, money: Pick<Money, 'scale' | 'decimals'>): number | undefined {
  const cleaned = text.trim().replace(/[\s\u00a0\u202f]/g, '');
  if (!cleaned) return undefined;
  // One decimal mark: the last "." or "," followed by up to `decimals` digits; any other mark is grouping.
  const match = /^(\d{1,3}(?:[.,]\d{3})*|\d+)(?:[.,](\d*))?$/.exec(cleaned);
  if (!match) return undefined;
  const whole = (match[1] ?? '').replace(/[.,]/g, '');
  // A mark followed by exactly three digits and nothing else ("1,000", "1.000") is read as grouping.
  const fraction = match[2] ?? '';
  if (fraction.length > money.decimals) return undefined;
  const minor = Number(whole) * money.scale + Number(fraction.padEnd(money.decimals, '0') || '0');
  return Number.isSafeInteger(minor) ? minor : undefined;
}

/** Minor units → the text the input shows: "10", "12.50" (no grouping, so it reads back the same). */
export function stakeText(minorUnits: number, money: Pick<Money, 'scale' | 'decimals'>): string {
  const major = minorUnits / money.scale;
  return Number.isInteger(major) ? String(major) : major.toFixed(money.decimals);
}

export function stakeProblem(
  stake: number | undefined,
  limits: StakeLimits,
  balance: number,
): StakeProblem | undefined {
  if (stake === undefined || !Number.isSafeInteger(stake) || stake <= 0) return 'invalid';
  if (stake < limits.min) return 'below-min';
  if (stake > limits.max) return 'above-max';
  if (stake > balance) return 'balance';
  return undefined;
}
