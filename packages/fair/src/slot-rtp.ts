/**
 * A slot config's exact return to player, from symbol counts (no simulation); slot.ts applies it to Savanna.
 *
 * - Lines: every stop is equally likely and the reels are independent, so the symbol a payline shows on
 *   reel r is distributed as reel r's strip (count / length), independently across reels, whatever row the
 *   line crosses. The expected pay of one line is then the sum, over every combination of one symbol per
 *   reel, of the product of their frequencies × what `evaluateLine` pays for it; every line has that same
 *   expectation, and n lines × pay × (stake / n) per line makes it the expected line win × the stake.
 * - Scatters: for each reel, how many of its stops show 0, 1, 2 … scatters in the window (read off the
 *   strip); the total count's distribution is the convolution over the reels.
 * - Free spins: a triggering spin awards `award` spins; each free spin is an independent spin that
 *   retriggers with the same probability q, up to `cap` spins. Whether the i-th free spin is played depends
 *   only on the spins before it, so (Wald) the free spins return E[spins played] × multiplier × E[spin win].
 *   E[spins played] is summed exactly over the states (spins awarded, spins played), cap included.
 *
 * RTP = E[spin] × (1 + q × multiplier × E[free spins | trigger]), in exact rationals.
 * `enumerateSlotBase` checks E[spin] and q by playing every combination of stops through the real code.
 */
import { add, equals, mul, ratio, sub, ONE, ZERO, type Ratio } from './exact.ts';
import { MULTIPLIER_SCALE } from './payout.ts';
import { compileSlot, evaluateGrid, evaluateLine, stopsToGrid, type SlotConfig } from './slot-engine.ts';

export type SlotRtpBreakdown = {
  /** Expected line win of one spin, × the stake (multiplier 1). */
  lines: Ratio;
  /** Expected scatter win of one spin, × the stake. */
  scatters: Ratio;
  /** lines + scatters. */
  spin: Ratio;
  /** P(count) of the visible scatters, count 0 … reels × rows. */
  scatterCount: Ratio[];
  /** P(a spin awards free spins). */
  trigger: Ratio;
  /** Expected free spins played after a trigger, retriggers and the cap included. */
  freeSpinsPerTrigger: Ratio;
  /** What the free spins add per bet: trigger × free spins × multiplier × spin. */
  freeSpins: Ratio;
  total: Ratio;
};

/** Σ over symbol combinations of (Π counts) × line pay (× line bet): the numerator of E[line pay]. */
function lineNumerator(config: SlotConfig): bigint {
  const slot = compileSlot(config);
  const counts = slot.strips.map((strip) => {
    const perSymbol = new Array<number>(config.symbols.length).fill(0);
    for (const symbol of strip) perSymbol[symbol] = (perSymbol[symbol] as number) + 1;
    return perSymbol;
  });
  const symbols = new Int8Array(slot.reels);
  let total = 0;
  const walk = (reel: number, weight: number) => {
    if (reel === slot.reels) {
      total += weight * evaluateLine(slot, symbols).pay;
      return;
    }
    (counts[reel] as number[]).forEach((count, symbol) => {
      if (count === 0) return;
      symbols[reel] = symbol;
      walk(reel + 1, weight * count);
    });
  };
  walk(0, 1);
  // Π counts ≤ Π lengths, so the total stays an exact integer far below 2^53 for any sensible strips.
  if (!Number.isSafeInteger(total)) throw new Error('line sum beyond 2^53');
  return BigInt(total);
}

/** P(count) of visible scatters, exactly. */
export function scatterCountDistribution(config: SlotConfig): Ratio[] {
  const slot = compileSlot(config);
  let distribution: Ratio[] = [ONE];
  for (const strip of slot.strips) {
    const perReel = new Array<number>(slot.rows + 1).fill(0);
    for (let stop = 0; stop < strip.length; stop += 1) {
      let count = 0;
      for (let row = 0; row < slot.rows; row += 1)
        if (strip[(stop + row) % strip.length] === slot.scatter) count += 1;
      perReel[count] = (perReel[count] as number) + 1;
    }
    const next = new Array<Ratio>(distribution.length + slot.rows).fill(ZERO);
    distribution.forEach((p, have) => {
      perReel.forEach((ways, more) => {
        if (ways === 0) return;
        next[have + more] = add(next[have + more] as Ratio, mul(p, ratio(ways, strip.length)));
      });
    });
    distribution = next;
  }
  return distribution;
}

/**
 * E[free spins played | trigger]: the sum over i of P(the i-th free spin is played). States are the spins
 * awarded so far, among bets still running after `played` spins; each spin adds `award` (up to `cap`) with
 * probability q.
 */
export function expectedFreeSpins(trigger: Ratio, freeSpins: SlotConfig['freeSpins']): Ratio {
  const { award, cap } = freeSpins;
  let running = new Map<number, Ratio>([[Math.min(award, cap), ONE]]);
  let expected = ZERO;
  for (let played = 0; running.size > 0; played += 1) {
    const next = new Map<number, Ratio>();
    const carry = (awarded: number, p: Ratio) => {
      if (p.num === 0n) return;
      next.set(awarded, add(next.get(awarded) ?? ZERO, p));
    };
    for (const [awarded, p] of running) {
      // Every state still running plays spin number played + 1.
      expected = add(expected, p);
      const retriggered = Math.min(awarded + award, cap);
      for (const [after, chance] of [
        [retriggered, trigger],
        [awarded, sub(ONE, trigger)],
      ] as const) {
        if (after > played + 1) carry(after, mul(p, chance));
      }
    }
    running = next;
  }
  return expected;
}

export function slotRtpBreakdown(config: SlotConfig): SlotRtpBreakdown {
  const slot = compileSlot(config);
  const stops = slot.strips.reduce((product, strip) => product * BigInt(strip.length), 1n);
  const lines = ratio(lineNumerator(config), stops);
  const scatterCount = scatterCountDistribution(config);
  const scatters = scatterCount.reduce(
    (sum, p, count) =>
      add(sum, mul(p, ratio(config.scatterPays[Math.min(count, config.scatterPays.length - 1)] ?? 0))),
    ZERO,
  );
  const spin = add(lines, scatters);
  const trigger = scatterCount.slice(config.freeSpins.minScatters).reduce(add, ZERO);
  const freeSpinsPerTrigger = expectedFreeSpins(trigger, config.freeSpins);
  const freeSpins = mul(mul(trigger, freeSpinsPerTrigger), mul(ratio(config.freeSpins.multiplier), spin));
  return {
    lines,
    scatters,
    spin,
    scatterCount,
    trigger,
    freeSpinsPerTrigger,
    freeSpins,
    total: add(spin, freeSpins),
  };
}

export type SlotEnumeration = {
  /** Stop combinations played. */
  combinations: bigint;
  /** Σ spin win (multiplier 1), ten-thousandths of the stake. */
  win: bigint;
  /** Combinations that award free spins. */
  triggers: bigint;
};

/**
 * Plays every combination of stops of one spin through the real grid evaluation (optionally only the
 * first reel's stops in [from, to), to split the work). Over all of them, win / (combinations × 10000)
 * must equal `spin` and triggers / combinations `trigger`.
 */
export function enumerateSlotBase(
  config: SlotConfig,
  firstReel: { from: number; to: number } = { from: 0, to: config.strips[0]?.length ?? 0 },
): SlotEnumeration {
  const slot = compileSlot(config);
  const stops = new Array<number>(slot.reels).fill(0);
  const grid = new Int8Array(slot.reels * slot.rows);
  let combinations = 0;
  let win = 0;
  let triggers = 0;
  const walk = (reel: number) => {
    if (reel === slot.reels) {
      const result = evaluateGrid(slot, stopsToGrid(slot, stops, grid), 1);
      combinations += 1;
      win += result.win;
      if (result.triggers) triggers += 1;
      return;
    }
    const length = slot.strips[reel]?.length ?? 0;
    const [from, to] = reel === 0 ? [firstReel.from, firstReel.to] : [0, length];
    for (let stop = from; stop < to; stop += 1) {
      stops[reel] = stop;
      walk(reel + 1);
    }
  };
  walk(0);
  if (!Number.isSafeInteger(win)) throw new Error('enumerated win beyond 2^53');
  return { combinations: BigInt(combinations), win: BigInt(win), triggers: BigInt(triggers) };
}

/**
 * Checks an enumeration (possibly merged from parts) against the formula: it must cover every combination
 * of stops, and its mean spin win and trigger rate must equal the exact ones, as fractions.
 */
export function enumerationMatches(
  config: SlotConfig,
  total: SlotEnumeration,
): { spin: boolean; trigger: boolean; complete: boolean } {
  const exact = slotRtpBreakdown(config);
  const combinations = config.strips.reduce((product, strip) => product * BigInt(strip.length), 1n);
  return {
    spin: equals(ratio(total.win, total.combinations * BigInt(MULTIPLIER_SCALE)), exact.spin),
    trigger: equals(ratio(total.triggers, total.combinations), exact.trigger),
    complete: total.combinations === combinations,
  };
}
