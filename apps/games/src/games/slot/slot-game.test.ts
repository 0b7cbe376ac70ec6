import { SLOT, type SlotSpin } from '@app/fair/slot';
import { describe, expect, it } from 'vitest';
import { stripRun, winningCells } from './slot-game.tsx';

const spin = (overrides: Partial<SlotSpin>): SlotSpin => ({
  kind: 'base',
  stops: [0, 0, 0, 0, 0],
  grid: [
    ['A', 'K', 'Q'],
    ['A', 'J', 'scatter'],
    ['wild', '10', 'K'],
    ['Q', 'scatter', 'J'],
    ['scatter', 'lion', 'zebra'],
  ],
  lines: [],
  scatters: 3,
  scatterWin: 0,
  freeSpinsAwarded: 0,
  multiplier: 1,
  win: 0,
  ...overrides,
});

describe('the slot’s wins on the reels', () => {
  it('lights the run of each paying line, from the left', () => {
    // Line 2 (index 1) is the top row: A A wild → 3 of a kind.
    const cells = winningCells(spin({ lines: [{ line: 1, symbol: 'A', count: 3, win: 5_000 }] }));
    expect([...cells].sort()).toEqual(['0:0', '1:0', '2:0']);
  });

  it('lights the scatters when they paid or awarded free spins', () => {
    expect(winningCells(spin({})).size).toBe(0);
    const cells = winningCells(spin({ scatterWin: 20_000, freeSpinsAwarded: 10 }));
    expect([...cells].sort()).toEqual(['1:2', '3:1', '4:0']);
  });
});

describe('the symbols passing while a reel turns', () => {
  it('are the reel’s own strip, in order, wrapping around', () => {
    const strip = SLOT.strips[0] ?? '';
    const byCode = new Map(SLOT.symbols.map((symbol) => [symbol.code, symbol.id]));
    const run = stripRun(0, strip.length - 2, 4);
    expect(run).toEqual([-2, -1, 0, 1].map((offset) => byCode.get(strip.at(offset) ?? '')));
  });
});
