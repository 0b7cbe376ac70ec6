/**
 * The slot engine: a reel-slot described by a SlotConfig (symbols, strips, paylines, scatter pays, free
 * spins), played from floats. slot.ts is the game we offer (its config); slot-rtp.ts the exact maths.
 *
 * - One float per reel gives the reel's stop: stop = floor(f × strip length); the reel shows strip
 *   positions stop, stop + 1, … (wrapping) in rows 0 (top), 1, ….
 * - A line pays the left-to-right run of 3+ of a symbol from reel 1, × the line bet (stake / lines). The
 *   wild stands for every symbol but the scatter and also pays on its own; a line pays its best win.
 * - Scatters pay anywhere, × the total stake, by how many are visible; enough of them award free spins.
 * - Free spins use the same reels, with every win multiplied; scatters in a free spin award more, up to a
 *   cap per bet. The free spins read the floats after the base spin's, so one nonce is one whole bet.
 */
import { MULTIPLIER_SCALE } from './payout.ts';

export type SlotSymbolKind = 'low' | 'high' | 'wild' | 'scatter';

export type SlotSymbol = {
  id: string;
  /** One character: the symbol in the strips. */
  code: string;
  kind: SlotSymbolKind;
  /** Line pays for 3, 4 and 5 of a kind, × the line bet (0 for the scatter). */
  pays: readonly [number, number, number];
};

export type SlotConfig = {
  symbols: readonly SlotSymbol[];
  /** One string per reel, a symbol code per position, read top to bottom. */
  strips: readonly string[];
  rows: number;
  /** Per line, the row (0 top … rows − 1) it crosses on each reel. */
  paylines: readonly (readonly number[])[];
  /** × the total stake, by the number of scatters visible (index 0 … 5+). */
  scatterPays: readonly number[];
  freeSpins: {
    /** Scatters needed to award free spins. */
    minScatters: number;
    /** Free spins per award (the trigger, and every retrigger). */
    award: number;
    /** All free-spin wins are multiplied by this. */
    multiplier: number;
    /** At most this many free spins per bet, so a bet is bounded in floats, time and payout. */
    cap: number;
  };
};

/** The most floats a bet can read: the base spin and `cap` free spins, one float per reel each. */
export function slotMaxFloats(config: SlotConfig): number {
  return config.strips.length * (1 + config.freeSpins.cap);
}

/** The config in flat arrays of symbol indexes, checked once: the RTP proof plays 32^5 spins through it. */
export type CompiledSlot = {
  config: SlotConfig;
  reels: number;
  rows: number;
  /** strips[reel][position] = symbol index. */
  strips: Int8Array[];
  wild: number;
  scatter: number;
  /** Per payline, per reel, the grid cell it reads (reel × rows + row). */
  lineCells: Int8Array;
  /** [symbol × PAY_STRIDE + count] → pay × the line bet. */
  payTable: Int32Array;
  /** [symbol × PAY_STRIDE + count] → line win in ten-thousandths of the total stake. */
  linePay: Int32Array;
  /** [count] → scatter win in ten-thousandths of the total stake. */
  scatterPay: Int32Array;
};

/** Room for a count of up to 7 in the pay tables (the slot has 5 reels). */
const PAY_STRIDE = 8;

const compiled = new WeakMap<SlotConfig, CompiledSlot>();

export function compileSlot(config: SlotConfig): CompiledSlot {
  const cached = compiled.get(config);
  if (cached) return cached;
  const { symbols, strips, rows, paylines } = config;
  const reels = strips.length;
  const indexOf = new Map(symbols.map((symbol, index) => [symbol.code, index]));
  const wild = symbols.findIndex((symbol) => symbol.kind === 'wild');
  const scatter = symbols.findIndex((symbol) => symbol.kind === 'scatter');
  if (wild < 0 || scatter < 0) throw new Error('slot needs a wild and a scatter');
  if (reels < 3 || reels >= PAY_STRIDE) throw new Error(`slot needs 3 to ${PAY_STRIDE - 1} reels`);
  if (paylines.some((line) => line.length !== reels || line.some((row) => row < 0 || row >= rows))) {
    throw new Error('each payline crosses every reel within the rows');
  }
  const stripIndexes = strips.map((strip, reel) => {
    if (strip.length < rows) throw new Error(`strip ${reel + 1} is shorter than the window`);
    return Int8Array.from(strip, (code) => {
      const index = indexOf.get(code);
      if (index === undefined) throw new Error(`strip ${reel + 1}: unknown symbol ${code}`);
      return index;
    });
  });
  const payTable = new Int32Array(symbols.length * PAY_STRIDE);
  const linePay = new Int32Array(symbols.length * PAY_STRIDE);
  symbols.forEach((symbol, index) => {
    symbol.pays.forEach((pay, offset) => {
      // Line win = stake × pay / lines; in ten-thousandths it must be a whole number, or money would need a float.
      const scaled = (pay * MULTIPLIER_SCALE) / paylines.length;
      if (!Number.isInteger(scaled))
        throw new Error(`line pay ${pay} is not a whole number of ten-thousandths`);
      payTable[index * PAY_STRIDE + 3 + offset] = pay;
      linePay[index * PAY_STRIDE + 3 + offset] = scaled;
    });
  });
  const scatterPay = Int32Array.from({ length: reels * rows + 1 }, (_, count) => {
    const pay = config.scatterPays[Math.min(count, config.scatterPays.length - 1)] ?? 0;
    return pay * MULTIPLIER_SCALE;
  });
  const lineCells = Int8Array.from(paylines.flatMap((line) => line.map((row, reel) => reel * rows + row)));
  const result: CompiledSlot = {
    config,
    reels,
    rows,
    strips: stripIndexes,
    wild,
    scatter,
    lineCells,
    payTable,
    linePay,
    scatterPay,
  };
  compiled.set(config, result);
  return result;
}

/**
 * The best win of one line, as symbol × PAY_STRIDE + count (a pay-table index; its pay is 0 for no win).
 * `cells[offsets[base + reel]]` is the line's symbol on each reel. Two candidates: the run of leading wilds
 * paid as wilds, and the run of the first non-wild symbol with the wilds standing in for it; the larger
 * pays (the substituted symbol on a tie). A scatter ends a run and is never stood in for.
 */
function bestWin(
  slot: CompiledSlot,
  cells: ArrayLike<number>,
  offsets: ArrayLike<number>,
  base: number,
): number {
  const { wild, scatter, payTable, reels } = slot;
  let wilds = 0;
  while (wilds < reels && cells[offsets[base + wilds] as number] === wild) wilds += 1;
  const wildKey = wild * PAY_STRIDE + wilds;
  if (wilds === reels) return wildKey;
  const symbol = cells[offsets[base + wilds] as number] as number;
  if (symbol === scatter) return wildKey;
  let count = wilds + 1;
  while (count < reels) {
    const next = cells[offsets[base + count] as number];
    if (next !== symbol && next !== wild) break;
    count += 1;
  }
  const key = symbol * PAY_STRIDE + count;
  return (payTable[wildKey] as number) > (payTable[key] as number) ? wildKey : key;
}

/** A line's best win: the symbol index paid, how many in the run, and the pay × the line bet (0 if none). */
export type LineEvaluation = { symbol: number; count: number; pay: number };

const IDENTITY = Int8Array.from({ length: PAY_STRIDE }, (_, index) => index);

/** The best win of a line showing these symbol indexes, reel 1 first (see bestWin for the rule). */
export function evaluateLine(slot: CompiledSlot, symbols: ArrayLike<number>): LineEvaluation {
  const key = bestWin(slot, symbols, IDENTITY, 0);
  return { symbol: Math.floor(key / PAY_STRIDE), count: key % PAY_STRIDE, pay: slot.payTable[key] as number };
}

export type SlotLineWin = {
  /** 0-based index into the paylines. */
  line: number;
  symbol: string;
  count: number;
  /** Ten-thousandths of the total stake, after the free-spin multiplier. */
  win: number;
};

export type SlotSpin = {
  kind: 'base' | 'free';
  stops: number[];
  /** grid[reel][row], symbol ids. */
  grid: string[][];
  lines: SlotLineWin[];
  scatters: number;
  /** Ten-thousandths of the total stake, after the multiplier. */
  scatterWin: number;
  /** Free spins this spin awarded (after the cap). */
  freeSpinsAwarded: number;
  /** 1 in the base spin, the free-spin multiplier in free spins. */
  multiplier: number;
  /** This spin's total win, ten-thousandths of the total stake. */
  win: number;
};

export type SlotOutcome = {
  spins: SlotSpin[];
  /** Free spins played (awarded, after the cap). */
  freeSpins: number;
  /** The whole bet's payout multiplier, ten-thousandths: the sum of every spin's win. */
  multiplier: number;
};

/** A source of the bet's floats, read in order (a FloatStream, or `floatsFrom` of an array). */
export type FloatSource = { next(): number };

/** Reads an array as a float source; throws when a bet needs more floats than given. */
export function floatsFrom(floats: readonly number[]): FloatSource {
  let index = 0;
  return {
    next() {
      const float = floats[index];
      if (float === undefined) throw new RangeError(`slot needed more than ${floats.length} floats`);
      index += 1;
      return float;
    },
  };
}

/** One spin's stops: one float per reel, stop = floor(f × strip length). */
export function spinStops(slot: CompiledSlot, source: FloatSource): number[] {
  const stops: number[] = [];
  for (const strip of slot.strips) stops.push(Math.floor(source.next() * strip.length));
  return stops;
}

/** The visible symbol indexes as one flat array, cell reel × rows + row. */
export function stopsToGrid(slot: CompiledSlot, stops: ArrayLike<number>, into?: Int8Array): Int8Array {
  const grid = into ?? new Int8Array(slot.reels * slot.rows);
  for (let reel = 0; reel < slot.reels; reel += 1) {
    const strip = slot.strips[reel] as Int8Array;
    const stop = stops[reel] as number;
    for (let row = 0; row < slot.rows; row += 1) {
      grid[reel * slot.rows + row] = strip[(stop + row) % strip.length] as number;
    }
  }
  return grid;
}

export type GridResult = { win: number; scatters: number; scatterWin: number; triggers: boolean };

/**
 * The wins of one grid at a multiplier (1 in the base game): the line wins are pushed to `lines` when
 * given, and the scatters counted. Free spins are awarded by the caller, which knows the cap.
 */
export function evaluateGrid(
  slot: CompiledSlot,
  grid: Int8Array,
  multiplier: number,
  lines?: SlotLineWin[],
): GridResult {
  const { config, lineCells, linePay, reels, scatter } = slot;
  let win = 0;
  const count = config.paylines.length;
  for (let line = 0; line < count; line += 1) {
    const key = bestWin(slot, grid, lineCells, line * reels);
    const pay = linePay[key] as number;
    if (pay === 0) continue;
    win += pay * multiplier;
    lines?.push({
      line,
      symbol: config.symbols[Math.floor(key / PAY_STRIDE)]?.id ?? '',
      count: key % PAY_STRIDE,
      win: pay * multiplier,
    });
  }
  let scatters = 0;
  for (let cell = 0; cell < grid.length; cell += 1) if (grid[cell] === scatter) scatters += 1;
  const scatterWin = (slot.scatterPay[scatters] as number) * multiplier;
  return { win: win + scatterWin, scatters, scatterWin, triggers: scatters >= config.freeSpins.minScatters };
}

/**
 * A whole bet: the base spin, then free spins while any are left, all from one float source. Depends on
 * the floats and the config only (never on balances or history).
 */
export function playSlot(source: FloatSource, config: SlotConfig): SlotOutcome {
  const slot = compileSlot(config);
  const { award, cap, multiplier: freeMultiplier } = config.freeSpins;
  const ids = config.symbols.map((symbol) => symbol.id);
  const spins: SlotSpin[] = [];
  let awarded = 0;
  let total = 0;
  // Plain loops rather than Array.from with a callback: the bench plays 10^8 bets through this.
  for (let played = -1; played < awarded; played += 1) {
    const multiplier = played < 0 ? 1 : freeMultiplier;
    const stops = spinStops(slot, source);
    const grid = stopsToGrid(slot, stops);
    const lines: SlotLineWin[] = [];
    const result = evaluateGrid(slot, grid, multiplier, lines);
    const freeSpinsAwarded = result.triggers ? Math.min(award, cap - awarded) : 0;
    awarded += freeSpinsAwarded;
    total += result.win;
    const columns: string[][] = [];
    for (let reel = 0; reel < slot.reels; reel += 1) {
      const column: string[] = [];
      for (let row = 0; row < slot.rows; row += 1)
        column.push(ids[grid[reel * slot.rows + row] as number] as string);
      columns.push(column);
    }
    spins.push({
      kind: played < 0 ? 'base' : 'free',
      stops,
      grid: columns,
      lines,
      scatters: result.scatters,
      scatterWin: result.scatterWin,
      freeSpinsAwarded,
      multiplier,
      win: result.win,
    });
  }
  return { spins, freeSpins: awarded, multiplier: total };
}
