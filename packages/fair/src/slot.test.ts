import { describe, expect, it } from 'vitest';
import { add, equals, mul, ratio, sub, toNumber, toPercentText, ONE, ZERO, type Ratio } from './exact.ts';
import { estimate, emptySample, record, Z_99 } from './stats.ts';
import { compileSlot, evaluateLine } from './slot-engine.ts';
import {
  enumerateSlotBase,
  enumerationMatches,
  expectedFreeSpins,
  scatterCountDistribution,
} from './slot-rtp.ts';
import {
  floatsFrom,
  playSlot,
  slotMaxFloats,
  slotRtp,
  slotRtpBreakdownOfGame,
  slotRtpExact,
  slotRules,
  SLOT,
  type SlotConfig,
  type SlotOutcome,
} from './slot.ts';
import { createFloatStream, generateFloats } from './stream.ts';

const slot = compileSlot(SLOT);
const index = (code: string) => SLOT.symbols.findIndex((symbol) => symbol.code === code);
const line = (codes: string) => evaluateLine(slot, [...codes].map(index));
/** The floats that stop each reel at these positions: (stop + 0.5) / 32. */
const floatsFor = (...spins: number[][]) => spins.flat().map((stop) => (stop + 0.5) / 32);

/** Reel stops giving known windows (rows top to bottom), read off the strips in slot.ts. */
const WILD_GRID = [12, 9, 3, 0, 0]; // JWL KWT QWB QKE TBK
const LION_GRID = [13, 19, 13, 8, 19]; // WLA ZLA LTQ WZL AKL
const SCATTER_GRID = [18, 28, 7, 0, 0]; // SLQ SKA SAT QKE TBK
const BLANK_GRID = [0, 0, 0, 0, 0]; // TQK BTA JLZ QKE TBK

describe('slot line evaluation', () => {
  it('pays the left-to-right run with wilds standing in, or the wilds themselves when better', () => {
    expect(line('AAAKQ')).toEqual({ symbol: index('A'), count: 3, pay: 10 });
    expect(line('WAAKQ')).toEqual({ symbol: index('A'), count: 3, pay: 10 });
    expect(line('AWAWK')).toEqual({ symbol: index('A'), count: 4, pay: 30 });
    expect(line('LLWLL')).toEqual({ symbol: index('L'), count: 5, pay: 750 });
    // Three wilds pay 50; as kings they would make 4 of a kind, 25: the wilds pay.
    expect(line('WWWKQ')).toEqual({ symbol: index('W'), count: 3, pay: 50 });
    // As aces they make 5 of a kind, 120, more than the wilds' 50.
    expect(line('WWWAA')).toEqual({ symbol: index('A'), count: 5, pay: 120 });
    expect(line('WWWWW')).toEqual({ symbol: index('W'), count: 5, pay: 1500 });
    expect(line('WWWWS')).toEqual({ symbol: index('W'), count: 4, pay: 250 });
  });

  it('never substitutes the scatter and needs three in a run from reel 1', () => {
    expect(line('WWSAA').pay).toBe(0);
    expect(line('SAAAA').pay).toBe(0);
    expect(line('KKAKK').pay).toBe(0);
    expect(line('TTTTT')).toEqual({ symbol: index('T'), count: 5, pay: 60 });
    expect(line('AASAA').pay).toBe(0);
  });
});

describe('slot spins', () => {
  it('reads one float per reel and evaluates every line of the grid', () => {
    const outcome = playSlot(floatsFrom(floatsFor(LION_GRID)));
    const [spin] = outcome.spins;
    expect(spin!.stops).toEqual(LION_GRID);
    expect(spin!.grid).toEqual([
      ['wild', 'lion', 'A'],
      ['zebra', 'lion', 'A'],
      ['lion', '10', 'Q'],
      ['wild', 'zebra', 'lion'],
      ['A', 'K', 'lion'],
    ]);
    // Line 14 (W L L Z A, rows 0 1 0 1 0) and line 16 (L L L Z K, rows 1 1 0 1 1): 3 lions, 40 × stake / 20.
    expect(spin!.lines).toEqual([
      { line: 13, symbol: 'lion', count: 3, win: 20_000 },
      { line: 15, symbol: 'lion', count: 3, win: 20_000 },
    ]);
    expect(outcome).toMatchObject({ freeSpins: 0, multiplier: 40_000 });
  });

  it('pays wilds alone and as stand-ins on the lines they cross', () => {
    const [spin] = playSlot(floatsFrom(floatsFor(WILD_GRID))).spins;
    // Rows: J K Q Q T / W W W K B / L T B E K.
    expect(spin!.lines).toEqual([
      { line: 0, symbol: 'wild', count: 3, win: 25_000 }, // W W W K B: wilds 50 beat kings ×4 25
      { line: 9, symbol: 'J', count: 3, win: 2_500 }, // J W W K T
      { line: 10, symbol: 'lion', count: 3, win: 20_000 }, // L W W K K
      { line: 11, symbol: 'K', count: 3, win: 5_000 }, // W K W Q B
      { line: 12, symbol: '10', count: 3, win: 2_500 }, // W T W E B
      { line: 15, symbol: 'Q', count: 3, win: 2_500 }, // W W Q K B
      { line: 16, symbol: 'buffalo', count: 3, win: 10_000 }, // W W B K B
    ]);
    expect(spin!.win).toBe(67_500);
  });

  it('awards 10 free spins for 3 scatters, read from the following floats, with wins tripled', () => {
    const floats = floatsFor(SCATTER_GRID, WILD_GRID, ...Array.from({ length: 9 }, () => BLANK_GRID));
    const outcome = playSlot(floatsFrom(floats));
    const [base, first] = outcome.spins;
    expect(base).toMatchObject({
      kind: 'base',
      scatters: 3,
      scatterWin: 20_000,
      freeSpinsAwarded: 10,
      win: 20_000,
    });
    expect(base!.lines).toEqual([]);
    expect(first).toMatchObject({ kind: 'free', stops: WILD_GRID, multiplier: 3, win: 202_500 });
    expect(first!.lines[0]).toEqual({ line: 0, symbol: 'wild', count: 3, win: 75_000 });
    expect(outcome.spins).toHaveLength(11);
    expect(outcome.spins.slice(2).every((spin) => spin.win === 0 && spin.kind === 'free')).toBe(true);
    expect(outcome).toMatchObject({ freeSpins: 10, multiplier: 222_500 });
  });

  it('retriggers 10 more free spins on 3 scatters during free spins', () => {
    const floats = floatsFor(SCATTER_GRID, SCATTER_GRID, ...Array.from({ length: 19 }, () => BLANK_GRID));
    const outcome = playSlot(floatsFrom(floats));
    expect(outcome.spins[1]).toMatchObject({ kind: 'free', scatterWin: 60_000, freeSpinsAwarded: 10 });
    expect(outcome.spins).toHaveLength(21);
    expect(outcome).toMatchObject({ freeSpins: 20, multiplier: 80_000 });
  });

  it('caps free spins at 50 per bet, so a bet reads at most 255 floats', () => {
    expect(slotMaxFloats()).toBe(255);
    // Scatters on every spin: awards of 10 until 50 are reached, then none; exactly 255 floats are read.
    const floats = floatsFor(...Array.from({ length: 51 }, () => SCATTER_GRID));
    const outcome = playSlot(floatsFrom(floats));
    expect(outcome.spins.map((spin) => spin.freeSpinsAwarded)).toEqual([
      10,
      10,
      10,
      10,
      10,
      ...new Array(46).fill(0),
    ]);
    expect(outcome.freeSpins).toBe(50);
    expect(outcome.multiplier).toBe(20_000 + 50 * 60_000);
    expect(() => playSlot(floatsFrom(floats.slice(0, 254)))).toThrow(RangeError);
  });

  it('resolves a whole bet, free spins included, from one nonce', () => {
    const seeds = { serverSeed: 'c'.repeat(64), clientSeed: 'slot', nonce: 0 };
    let outcome: SlotOutcome | undefined;
    for (; seeds.nonce < 5000 && !outcome?.freeSpins; seeds.nonce += 1)
      outcome = playSlot(createFloatStream(seeds));
    seeds.nonce -= 1;
    expect(outcome!.freeSpins).toBeGreaterThanOrEqual(10);
    const floats = generateFloats(seeds, slotMaxFloats());
    expect(playSlot(floatsFrom(floats))).toEqual(outcome);
    outcome!.spins.forEach((spin, number) => {
      expect(spin.stops).toEqual(
        floats.slice(number * 5, number * 5 + 5).map((float) => Math.floor(float * 32)),
      );
    });
  });
});

describe('slot exact RTP', () => {
  it('is 96.00% (within ±0.05 pp)', () => {
    const rtp = slotRtpBreakdownOfGame();
    expect(slotRtpExact()).toEqual(rtp.total);
    expect(toPercentText(rtp.total, 6)).toBe('96.001156%');
    expect(Math.abs(slotRtp() - 0.96)).toBeLessThan(0.0005);
    // The parts, exactly (denominators are powers of 2: 32^5 stops).
    expect(rtp.lines).toEqual(ratio(12_795_275, 2 ** 24));
    expect(rtp.scatters).toEqual(ratio(297_945, 2 ** 24));
    expect(rtp.trigger).toEqual(ratio(119_529, 2 ** 24));
    expect(equals(rtp.total, add(rtp.spin, rtp.freeSpins))).toBe(true);
    expect(slotRules()).toMatchObject({ rtp: slotRtp(), maxFloats: 255, scatterPays: [0, 0, 0, 2, 10, 100] });
  });

  it('uses strips of 32 (exactly uniform stops) with at most one scatter in view', () => {
    for (const strip of SLOT.strips) {
      expect(strip).toHaveLength(32);
      const scatters = [...strip].flatMap((code, position) => (code === 'S' ? [position] : []));
      for (const a of scatters) {
        for (const b of scatters) {
          if (a !== b) expect(Math.min(Math.abs(a - b), 32 - Math.abs(a - b))).toBeGreaterThanOrEqual(3);
        }
      }
    }
    // So each reel shows a scatter on 3 of its 32 stops: P(count) is binomial(5, 3/32).
    const p = ratio(3, 32);
    const distribution = scatterCountDistribution(SLOT);
    [0, 1, 2, 3, 4, 5].forEach((count) => {
      const binomial = [1, 5, 10, 10, 5, 1][count]!;
      let expected = ratio(binomial);
      for (let reel = 0; reel < 5; reel += 1) expected = mul(expected, reel < count ? p : sub(ONE, p));
      expect(distribution[count]).toEqual(expected);
    });
  });

  it('agrees exactly with playing every combination of stops (reduced strips)', { timeout: 60_000 }, () => {
    // Short strips with every kind of symbol, two scatters close together on reel 2 (so a window can show
    // two) and wilds on every reel: 8 × 9 × 8 × 7 × 8 = 32,256 combinations.
    const config: SlotConfig = {
      ...SLOT,
      strips: ['TWKSALEB', 'SSWQJZAKL', 'WLSKAEQZ', 'AWBSLKZ', 'LKWSTJAE'],
    };
    const total = enumerateSlotBase(config);
    expect(total.combinations).toBe(32_256n);
    expect(enumerationMatches(config, total)).toEqual({ spin: true, trigger: true, complete: true });
    // Split by the first reel's stops, as the full-size script does, and merged.
    const parts = [
      enumerateSlotBase(config, { from: 0, to: 3 }),
      enumerateSlotBase(config, { from: 3, to: 8 }),
    ];
    expect(parts[0]!.win + parts[1]!.win).toBe(total.win);
  });

  it('counts free spins exactly, retriggers and cap included (checked against every retrigger sequence)', () => {
    // Award 2, cap 6, q = 1/3: play out all 2^6 retrigger sequences.
    const q = ratio(1, 3);
    let expected: Ratio = ZERO;
    for (let bits = 0; bits < 64; bits += 1) {
      let p: Ratio = ONE;
      for (let spin = 0; spin < 6; spin += 1) p = mul(p, bits & (1 << spin) ? q : sub(ONE, q));
      let awarded = 2;
      let played = 0;
      while (played < awarded) {
        if (bits & (1 << played)) awarded = Math.min(awarded + 2, 6);
        played += 1;
      }
      expected = add(expected, mul(p, ratio(played)));
    }
    expect(expectedFreeSpins(q, { minScatters: 3, award: 2, multiplier: 3, cap: 6 })).toEqual(expected);
    // With this game's q the cap costs little: just under the uncapped 10 / (1 − 10q) = 10.7671. Reaching
    // the cap needs 4 retriggers, (10q)^4 ≈ 2.6 × 10⁻⁵, and then loses about 5 spins.
    const { trigger, freeSpinsPerTrigger } = slotRtpBreakdownOfGame();
    const uncapped = 10 / (1 - 10 * toNumber(trigger));
    expect(toNumber(freeSpinsPerTrigger)).toBeLessThan(uncapped);
    expect(toNumber(freeSpinsPerTrigger)).toBeGreaterThan(uncapped - 0.001);
  });
});

describe('slot RTP through the byte stream', () => {
  it('measures the exact RTP within 2.576 σ/√N over 10^6 bets', { timeout: 300_000 }, () => {
    const BETS = 1_000_000;
    const sample = emptySample();
    const serverSeed = '7d2c9b4e1f0a3d5c6b8e9f1a2c3d4e5f60718293a4b5c6d7e8f90a1b2c3d4e5f';
    for (let nonce = 0; nonce < BETS; nonce += 1) {
      record(sample, playSlot(createFloatStream({ serverSeed, clientSeed: 'slot-rtp', nonce })).multiplier);
    }
    // σ from the sample (no closed form with free spins); with σ ≈ 4 the bound is about ±1 pp.
    const measured = estimate(sample);
    const exact = slotRtp();
    console.info(
      `slot: measured ${measured.rtp}, exact ${exact}, σ ${measured.sigma}, bound ${measured.halfWidth99}`,
    );
    expect(Math.abs(measured.rtp - exact)).toBeLessThan(Z_99 * (measured.sigma / Math.sqrt(BETS)));
  });
});
