import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  drawLotteryNumbers,
  drawStream,
  drawWinningTickets,
  pickDistinct,
  uniformBelow,
  type Uint32Stream,
} from './draw.ts';

/** Quicknet round 1000's randomness (beacon.test.ts) and a 64-hex root. */
const RANDOMNESS = 'fe290beca10872ef2fb164d2aa4442de4566183ec51c56ff3cd603d930e54fdd';
const ROOT = '66bc0a3ce972b357c613474e769e2f201565d8c8c75b2577f069e12d87c0454c';

/**
 * The derivation exactly as docs/draws.md words it, written without the package: node's HMAC, a plain
 * array shuffled in place.
 */
function referenceStream(randomness: string, drawId: string | number, root: string) {
  let counter = 0;
  let block = Buffer.alloc(0);
  let offset = 32;
  return {
    next(): number {
      if (offset === 32) {
        block = createHmac('sha256', randomness).update(`${drawId}:${root}:${counter}`).digest();
        counter += 1;
        offset = 0;
      }
      offset += 4;
      return block.readUInt32BE(offset - 4);
    },
  };
}

function referencePick(stream: { next(): number }, n: number, k: number): number[] {
  const below = (bound: number) => {
    for (;;) {
      const value = stream.next();
      if (value < Math.floor(2 ** 32 / bound) * bound) return value % bound;
    }
  };
  const items = Array.from({ length: n }, (_, index) => index);
  for (let position = 0; position < k; position += 1) {
    const chosen = position + below(n - position);
    [items[position], items[chosen]] = [items[chosen] as number, items[position] as number];
  }
  return items.slice(0, k);
}

function referenceLottery(randomness: string, drawId: string | number, root: string) {
  const stream = referenceStream(randomness, drawId, root);
  const red = referencePick(stream, 33, 6)
    .map((index) => index + 1)
    .sort((a, b) => a - b);
  const [blue] = referencePick(stream, 16, 1);
  return { red, blue: (blue as number) + 1 };
}

/** A stream that answers the given integers, for the edges of rejection sampling. */
function fixedStream(values: number[]): Uint32Stream {
  let read = 0;
  return {
    nextUint32() {
      const value = values[read];
      if (value === undefined) throw new Error('the test stream ran out');
      read += 1;
      return value;
    },
    get cursor() {
      return read * 4;
    },
  };
}

/**
 * The chi-square statistic of `counts` against equal expectations, and whether it lies between the
 * 10⁻⁶ and 1 − 10⁻⁶ quantiles of its distribution (Wilson–Hilferty). The inputs are fixed, so the
 * statistic is one fixed number: the test cannot flicker, and a biased derivation lands far outside.
 */
function chiSquareIsPlausible(counts: number[], expected: number): { statistic: number; plausible: boolean } {
  const statistic = counts.reduce((sum, count) => sum + (count - expected) ** 2 / expected, 0);
  const df = counts.length - 1;
  const quantile = (z: number) => df * (1 - 2 / (9 * df) + z * Math.sqrt(2 / (9 * df))) ** 3;
  return { statistic, plausible: statistic > quantile(-4.753) && statistic < quantile(4.753) };
}

describe('draw stream', () => {
  it('reads HMAC-SHA256(randomness hex, "drawId:root:counter") as big-endian 32-bit integers', () => {
    const stream = drawStream(RANDOMNESS, 1, ROOT);
    const reference = referenceStream(RANDOMNESS, 1, ROOT);
    // Known answer, from `crypto.createHmac('sha256', RANDOMNESS).update(`1:${ROOT}:0`)`.
    expect([stream.nextUint32(), stream.nextUint32(), stream.nextUint32()]).toEqual([
      1118313065, 791395583, 81166081,
    ]);
    expect([reference.next(), reference.next(), reference.next()]).toEqual([1118313065, 791395583, 81166081]);
    // Across blocks (8 integers per HMAC) it stays the reference's.
    for (let read = 3; read < 40; read += 1) expect(stream.nextUint32()).toBe(reference.next());
    expect(stream.cursor).toBe(160);
  });

  it('depends on each input', () => {
    const first = (randomness: string, drawId: string | number, root: string) =>
      drawStream(randomness, drawId, root).nextUint32();
    const base = first(RANDOMNESS, 1, ROOT);
    expect(first(RANDOMNESS, 2, ROOT)).not.toBe(base);
    expect(first(RANDOMNESS, 1, ROOT.replace(/^6/, '7'))).not.toBe(base);
    expect(first(RANDOMNESS.replace(/^f/, 'e'), 1, ROOT)).not.toBe(base);
    // A numeric id and its decimal text are the same draw.
    expect(first(RANDOMNESS, '1', ROOT)).toBe(base);
  });

  it('refuses inputs that would silently make another draw', () => {
    expect(() => drawStream(RANDOMNESS.toUpperCase(), 1, ROOT)).toThrow(TypeError);
    expect(() => drawStream(RANDOMNESS.slice(2), 1, ROOT)).toThrow(TypeError);
    expect(() => drawStream(RANDOMNESS, 1, ROOT.toUpperCase())).toThrow(TypeError);
    for (const drawId of ['', 'a:b', 'a b', -1, 1.5, 'x'.repeat(65)])
      expect(() => drawStream(RANDOMNESS, drawId, ROOT)).toThrow(TypeError);
  });
});

describe('uniformBelow', () => {
  it('rejects exactly the values at or above floor(2^32 / n) × n', () => {
    // n = 3: the limit is 2^32 − 1, so only 0xffffffff is read past.
    expect(uniformBelow(fixedStream([0xfffffffe]), 3)).toBe(0xfffffffe % 3);
    const stream = fixedStream([0xffffffff, 0xffffffff, 7]);
    expect(uniformBelow(stream, 3)).toBe(1);
    expect(stream.cursor).toBe(12);
    // n = 2^31 + 1: one multiple fits, so every value from n up is rejected.
    const n = 2 ** 31 + 1;
    expect(uniformBelow(fixedStream([n - 1]), n)).toBe(n - 1);
    expect(uniformBelow(fixedStream([n, 2 ** 32 - 1, 5]), n)).toBe(5);
    // Powers of two (and n = 1, 2^32) never reject.
    expect(uniformBelow(fixedStream([0xffffffff]), 16)).toBe(15);
    expect(uniformBelow(fixedStream([0xffffffff]), 1)).toBe(0);
    expect(uniformBelow(fixedStream([0xffffffff]), 2 ** 32)).toBe(0xffffffff);
  });

  it('refuses bounds it cannot draw below', () => {
    for (const n of [0, -3, 1.5, 2 ** 32 + 1])
      expect(() => uniformBelow(fixedStream([1]), n)).toThrow(RangeError);
  });

  it('has no modulo bias where plain modulo would have a large one', () => {
    // n = 3 × 2^30: modulo alone would give the lowest third of [0, n) twice the others' chance.
    const n = 3 * 2 ** 30;
    const stream = drawStream(RANDOMNESS, 'bias-check', ROOT);
    const thirds = [0, 0, 0];
    const samples = 30_000;
    for (let index = 0; index < samples; index += 1) {
      const third = Math.floor(uniformBelow(stream, n) / 2 ** 30);
      thirds[third] = (thirds[third] as number) + 1;
    }
    expect(chiSquareIsPlausible(thirds, samples / 3).plausible).toBe(true);
  });
});

describe('pickDistinct', () => {
  it('is a partial Fisher–Yates shuffle: k distinct values, in the order drawn', () => {
    const stream = drawStream(RANDOMNESS, 'pick', ROOT);
    const reference = referenceStream(RANDOMNESS, 'pick', ROOT);
    expect(pickDistinct(stream, 1000, 50)).toEqual(referencePick(reference, 1000, 50));
    // The whole of n is a permutation.
    const all = pickDistinct(drawStream(RANDOMNESS, 'all', ROOT), 40, 40);
    expect([...all].sort((a, b) => a - b)).toEqual(Array.from({ length: 40 }, (_, index) => index));
  });

  it('takes position i with i + uniformBelow(n − i)', () => {
    // n = 4: picks index 2 (of 4), then 0 + 1 → position 1 holds 1, then 2 + 0 → position 2 now holds 0.
    expect(pickDistinct(fixedStream([2, 0, 0]), 4, 3)).toEqual([2, 1, 0]);
  });

  it('draws nothing from nothing, and refuses more than n', () => {
    expect(pickDistinct(fixedStream([]), 0, 0)).toEqual([]);
    expect(pickDistinct(fixedStream([]), 5, 0)).toEqual([]);
    expect(() => pickDistinct(fixedStream([1, 2, 3]), 2, 3)).toThrow(RangeError);
  });
});

describe('lottery numbers', () => {
  it('are fixed by (randomness, draw id, root)', () => {
    // Computed once with this code and checked against the reference below: a change that moves them
    // changes every published draw's outcome.
    expect(drawLotteryNumbers(RANDOMNESS, 1, ROOT)).toEqual({ red: [1, 4, 14, 24, 27, 33], blue: 5 });
    expect(drawLotteryNumbers(RANDOMNESS, '7f3c2a10-5b8e-4d21-9c4f-0a1b2c3d4e5f', ROOT)).toEqual({
      red: [6, 7, 20, 22, 25, 29],
      blue: 1,
    });
    for (let drawId = 1; drawId <= 300; drawId += 1) {
      expect(drawLotteryNumbers(RANDOMNESS, drawId, ROOT)).toEqual(
        referenceLottery(RANDOMNESS, drawId, ROOT),
      );
    }
  });

  it('are six distinct reds from 1 to 33, ascending, and a blue from 1 to 16', () => {
    for (let drawId = 1; drawId <= 500; drawId += 1) {
      const { red, blue } = drawLotteryNumbers(RANDOMNESS, drawId, ROOT);
      expect(red).toHaveLength(6);
      expect(new Set(red).size).toBe(6);
      expect(
        red.every(
          (ball, index) => ball >= 1 && ball <= 33 && (index === 0 || ball > (red[index - 1] as number)),
        ),
      ).toBe(true);
      expect(blue >= 1 && blue <= 16 && Number.isInteger(blue)).toBe(true);
    }
  });

  it('give every red and every blue ball its share over 20,000 draws', () => {
    const draws = 20_000;
    const redCounts = Array<number>(33).fill(0);
    const blueCounts = Array<number>(16).fill(0);
    for (let drawId = 0; drawId < draws; drawId += 1) {
      const { red, blue } = drawLotteryNumbers(RANDOMNESS, drawId, ROOT);
      for (const ball of red) redCounts[ball - 1] = (redCounts[ball - 1] as number) + 1;
      blueCounts[blue - 1] = (blueCounts[blue - 1] as number) + 1;
    }
    expect(chiSquareIsPlausible(redCounts, (draws * 6) / 33).plausible).toBe(true);
    expect(chiSquareIsPlausible(blueCounts, draws / 16).plausible).toBe(true);
  });
});

describe('winning tickets', () => {
  it('are ticket numbers from 1, distinct, in the order drawn', () => {
    expect(drawWinningTickets(RANDOMNESS, 2, ROOT, 1_000_000, 10)).toEqual([
      407373, 515360, 824566, 930370, 648329, 556494, 76481, 509677, 677743, 96023,
    ]);
    expect(drawWinningTickets(RANDOMNESS, 2, ROOT, 1_000_000, 3)).toEqual([407373, 515360, 824566]);
    const reference = referencePick(referenceStream(RANDOMNESS, 9, ROOT), 5000, 20).map((index) => index + 1);
    expect(drawWinningTickets(RANDOMNESS, 9, ROOT, 5000, 20)).toEqual(reference);
  });

  it('draw every ticket once when more prizes than tickets', () => {
    expect(drawWinningTickets(RANDOMNESS, 3, ROOT, 5, 10)).toEqual([2, 3, 5, 1, 4]);
    expect(drawWinningTickets(RANDOMNESS, 3, ROOT, 0, 10)).toEqual([]);
    expect(drawWinningTickets(RANDOMNESS, 3, ROOT, 5, 0)).toEqual([]);
    expect(() => drawWinningTickets(RANDOMNESS, 3, ROOT, -1, 1)).toThrow(RangeError);
    expect(() => drawWinningTickets(RANDOMNESS, 3, ROOT, 5, -1)).toThrow(RangeError);
  });

  it('give every ticket the same chance of the first prize and of any prize', () => {
    const draws = 20_000;
    const first = Array<number>(10).fill(0);
    const any = Array<number>(10).fill(0);
    for (let drawId = 0; drawId < draws; drawId += 1) {
      const winners = drawWinningTickets(RANDOMNESS, drawId, ROOT, 10, 3);
      first[(winners[0] as number) - 1] = (first[(winners[0] as number) - 1] as number) + 1;
      for (const ticket of winners) any[ticket - 1] = (any[ticket - 1] as number) + 1;
    }
    expect(chiSquareIsPlausible(first, draws / 10).plausible).toBe(true);
    expect(chiSquareIsPlausible(any, (draws * 3) / 10).plausible).toBe(true);
  });
});
