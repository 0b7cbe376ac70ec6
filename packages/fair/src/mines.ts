/**
 * Mines (Stake rules). A 5×5 grid, tiles 0–24 row by row; the player chooses 1–24 mines, then reveals tiles
 * one at a time and may cash out after any safe reveal; a mine ends the round with nothing.
 *
 * The mines come from the floats by Fisher–Yates selection (reference §5): start with the list 0…24; the
 * i-th float takes the tile at index floor(f × remaining) out of the list; the first N tiles taken are the
 * mines. Stake draws 24 floats (a full shuffle) but only the first N picks decide the mines, so a round
 * reads N floats and the layout is the same as Stake's.
 *
 * The layout is fixed by the seeds before the first reveal: which tiles the player opens cannot change it.
 */
import { binomial, ratio, toNumber, type Ratio } from './exact.ts';
import { MULTIPLIER_SCALE } from './payout.ts';

export const MINES_TILES = 25;
export const MINES_MIN = 1;
export const MINES_MAX = 24;
/** What Stake draws per round; a round here reads only `minesFloats(mines)` of them (same result). */
export const MINES_STAKE_FLOATS = 24;
/** 99% RTP: the multiplier after k safe reveals is 0.99 / P(k safe). */
export const MINES_RTP_PERCENT = 99;
/**
 * 10,000× (in ten-thousandths). Without a cap 12 mines and 13 reveals would pay 5,148,297×; a cap bounds
 * the house's exposure per bet. Reveals stop where the next multiplier would pass the cap (the round then
 * cashes out), so the cap never lowers a multiplier and every cash-out keeps its 99%.
 */
export const MINES_MAX_MULTIPLIER = 100_000_000;

export type MinesOptions = { mines: number };
export type MinesOutcome = {
  /** All mine tiles, ascending (shown when the round ends). */
  mines: number[];
  /** Safe tiles revealed before the round ended. */
  revealed: number;
  hitMine: boolean;
  /** Ten-thousandths; 0 when a mine was hit. */
  multiplier: number;
};

export function assertMines(mines: number): void {
  if (!Number.isInteger(mines) || mines < MINES_MIN || mines > MINES_MAX) {
    throw new RangeError(`mines must be an integer from ${MINES_MIN} to ${MINES_MAX}`);
  }
}

/** Floats one round reads: one per mine. */
export function minesFloats(mines: number): number {
  assertMines(mines);
  return mines;
}

/** The mine tiles in the order they were drawn. */
export function minesLayout(floats: readonly number[], mines: number): number[] {
  assertMines(mines);
  if (floats.length < mines) throw new RangeError(`mines needs ${mines} floats`);
  const remaining = Array.from({ length: MINES_TILES }, (_, tile) => tile);
  return floats.slice(0, mines).map((float) => {
    const [tile] = remaining.splice(Math.floor(float * remaining.length), 1);
    return tile as number;
  });
}

/** P(the first k reveals are all safe) = C(25 − m, k) / C(25, k): k tiles chosen among the 25 − m safe ones. */
export function minesSafeChance(mines: number, revealed: number): Ratio {
  return ratio(binomial(MINES_TILES - mines, revealed), binomial(MINES_TILES, revealed));
}

function uncappedMultiplier(mines: number, revealed: number): bigint {
  // floor(0.99 / P × 10000) = floor(9900 × C(25, k) / C(25 − m, k)), in integers.
  const scaled = BigInt(MINES_RTP_PERCENT * (MULTIPLIER_SCALE / 100));
  return (scaled * binomial(MINES_TILES, revealed)) / binomial(MINES_TILES - mines, revealed);
}

/**
 * MULTIPLIERS[m][k − 1]: the cash-out multiplier after k safe reveals with m mines, for every k the cap
 * allows. Computed once, on first use (the BigInt binomials would otherwise run on every round).
 */
let multipliers: number[][] | undefined;

function multiplierTable(mines: number): number[] {
  multipliers ??= Array.from({ length: MINES_MAX + 1 }, (_, m) => {
    const row: number[] = [];
    for (let k = 1; m > 0 && k <= MINES_TILES - m; k += 1) {
      const multiplier = uncappedMultiplier(m, k);
      if (multiplier > BigInt(MINES_MAX_MULTIPLIER)) break;
      row.push(Number(multiplier));
    }
    return row;
  });
  assertMines(mines);
  return multipliers[mines] as number[];
}

/** The most safe tiles a player may reveal with m mines: all of them, or fewer where the cap would bite. */
export function minesMaxReveals(mines: number): number {
  return multiplierTable(mines).length;
}

/** The cash-out multiplier after k safe reveals, ten-thousandths; k from 1 (a cash-out before any reveal would be a refund). */
export function minesMultiplier(mines: number, revealed: number): number {
  const table = multiplierTable(mines);
  const multiplier = table[revealed - 1];
  if (!Number.isInteger(revealed) || multiplier === undefined) {
    throw new RangeError(`with ${mines} mines a cash-out follows 1 to ${table.length} safe reveals`);
  }
  return multiplier;
}

/**
 * A round: the tiles the player revealed, in order, then a cash-out (or a mine). The picks after a mine are
 * ignored, as the round has ended.
 */
export function playMines(
  floats: readonly number[],
  options: MinesOptions & { picks: readonly number[] },
): MinesOutcome {
  const { mines, picks } = options;
  const max = minesMaxReveals(mines);
  if (picks.length < 1 || picks.length > max)
    throw new RangeError(`with ${mines} mines pick 1 to ${max} tiles`);
  if (picks.some((tile) => !Number.isInteger(tile) || tile < 0 || tile >= MINES_TILES)) {
    throw new RangeError('a pick is a tile from 0 to 24');
  }
  if (new Set(picks).size !== picks.length) throw new RangeError('a tile can be revealed once');
  const layout = minesLayout(floats, mines);
  const mineSet = new Set(layout);
  const sorted = [...layout].sort((a, b) => a - b);
  const hit = picks.findIndex((tile) => mineSet.has(tile));
  if (hit >= 0) return { mines: sorted, revealed: hit, hitMine: true, multiplier: 0 };
  return {
    mines: sorted,
    revealed: picks.length,
    hitMine: false,
    multiplier: minesMultiplier(mines, picks.length),
  };
}

/**
 * Exact RTP of cashing out after k safe reveals: P(k safe) × multiplier / 10000 (≤ 99% because of the
 * floor). Computed for perfectly uniform floats; the real floats are n / 2^32, which moves each step's
 * probability by at most 25/2^32 relative, so any RTP here by less than 24 × 25 / 2^32 ≈ 1.4 × 10⁻⁷ relative.
 */
export function minesRtpExact(mines: number, revealed: number): Ratio {
  const multiplier = minesMultiplier(mines, revealed);
  const chance = minesSafeChance(mines, revealed);
  return ratio(chance.num * BigInt(multiplier), chance.den * BigInt(MULTIPLIER_SCALE));
}

export function minesRtp(mines: number, revealed: number): number {
  return toNumber(minesRtpExact(mines, revealed));
}

export type MinesRules = {
  game: 'mines';
  mines: number;
  floatsPerRound: number;
  maxMultiplier: number;
  /** Per number of safe reveals k = 1 … max: multiplier (ten-thousandths), P(k safe), exact RTP. */
  steps: { revealed: number; multiplier: number; chance: number; rtp: number }[];
  text: string[];
};

export function minesRules({ mines }: MinesOptions): MinesRules {
  const steps = Array.from({ length: minesMaxReveals(mines) }, (_, index) => {
    const revealed = index + 1;
    return {
      revealed,
      multiplier: minesMultiplier(mines, revealed),
      chance: toNumber(minesSafeChance(mines, revealed)),
      rtp: minesRtp(mines, revealed),
    };
  });
  return {
    game: 'mines',
    mines,
    floatsPerRound: minesFloats(mines),
    maxMultiplier: MINES_MAX_MULTIPLIER,
    steps,
    text: [
      'Choose 1 to 24 mines; they are hidden among the 25 tiles before you start.',
      'Reveal tiles one at a time. A mine ends the round and the stake is lost.',
      'Cash out after any safe tile: the payout is 0.99 ÷ (chance of revealing that many safe tiles), rounded down to 0.0001×.',
      'Payouts stop at 10,000×: the round cashes out when the next tile would pay more.',
      'The return to player is 99% at every cash-out, less the rounding.',
    ],
  };
}
