import { describe, expect, it } from 'vitest';
import { drawFromPool, poolSize, spinPool } from './pool.ts';
import { generateFloats, hashServerSeed } from './stream.ts';
import { verifyRound } from './verify.ts';

const seeds = { serverSeed: 'a'.repeat(64), clientSeed: 'player-seed', nonce: 1 };

describe('a draw over a finite pool', () => {
  it('maps the float onto the remaining entries in published order', () => {
    expect(drawFromPool(0, [2, 3])).toBe(0);
    expect(drawFromPool(0.39, [2, 3])).toBe(0);
    expect(drawFromPool(0.4, [2, 3])).toBe(1);
    expect(drawFromPool(0.999, [2, 3])).toBe(1);
  });

  it('gives an exhausted prize no segment, and the others keep their shares', () => {
    expect(drawFromPool(0, [0, 1, 1])).toBe(1);
    expect(drawFromPool(0.5, [0, 1, 1])).toBe(2);
    expect(drawFromPool(0.5, [0, 0, 0])).toBeUndefined();
    expect(poolSize([0, 1, 1])).toBe(2);
  });

  it('refuses a bad float or count', () => {
    expect(() => drawFromPool(1, [1])).toThrow(RangeError);
    expect(() => drawFromPool(0.5, [-1, 2])).toThrow(RangeError);
    expect(() => drawFromPool(0.5, [])).toThrow(RangeError);
  });

  it('is the fair stream’s first float over the pool, the same every time', () => {
    const [float] = generateFloats(seeds, 1) as [number];
    const remaining = [5, 3, 2];
    const spin = spinPool(seeds, remaining);
    expect(spin.float).toBe(float);
    expect(spin.prize).toBe(drawFromPool(float, remaining));
    expect(spinPool(seeds, remaining)).toEqual(spin);
  });

  it('draws each remaining entry about equally often', () => {
    const counts = [0, 0, 0];
    for (let nonce = 0; nonce < 3000; nonce += 1) {
      const { prize } = spinPool({ ...seeds, nonce }, [1, 1, 1]);
      counts[prize as number]! += 1;
    }
    for (const count of counts) expect(count).toBeGreaterThan(850);
  });
});

describe('the verifier', () => {
  it('recomputes a coin spin from its seeds and the pool it was drawn on', () => {
    const remaining = [4, 0, 2];
    const result = verifyRound({ game: 'coin-spin', ...seeds, options: { remaining } });
    expect(result).toEqual({
      game: 'coin-spin',
      serverSeedHash: hashServerSeed(seeds.serverSeed),
      floats: generateFloats(seeds, 1),
      outcome: { prize: spinPool(seeds, remaining).prize },
    });
    expect(verifyRound({ game: 'coin-spin', ...seeds, options: { remaining: [0, 0] } })).toMatchObject({
      outcome: { prize: null },
    });
  });
});
