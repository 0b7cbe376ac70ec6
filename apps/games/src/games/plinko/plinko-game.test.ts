import { describe, expect, it } from 'vitest';
import { ballWaypoints, plinkoGeometry } from './plinko-game.tsx';

describe('the plinko board', () => {
  it('has rows + 2 pegs in the first row … rows + 2 in the last, and rows + 1 buckets', () => {
    const { pegs, buckets } = plinkoGeometry(8);
    expect(pegs).toHaveLength(3 + 4 + 5 + 6 + 7 + 8 + 9 + 10);
    expect(buckets).toHaveLength(9);
  });

  it('drops the ball into the bucket its path counts, touching a peg in every row', () => {
    const path = [1, 0, 1, 1, 0, 0, 1, 1, 1, 0, 1, 1];
    const { buckets, pegs } = plinkoGeometry(path.length);
    const points = ballWaypoints(path);
    const bucket = path.reduce((sum, step) => sum + step, 0);
    expect(points.at(-1)?.x).toBeCloseTo(buckets[bucket]?.x ?? Number.NaN);
    // Each row's contact point sits right above one of that row's pegs.
    path.forEach((_, row) => {
      const contact = points[1 + row * 2];
      const rowPegs = pegs.filter((peg) => peg.y === row + 1);
      expect(rowPegs.some((peg) => Math.abs(peg.x - (contact?.x ?? Number.NaN)) < 1e-9)).toBe(true);
    });
  });

  it('sends an all-left path to bucket 0 and an all-right one to the last bucket', () => {
    const { buckets } = plinkoGeometry(16);
    expect(ballWaypoints(Array(16).fill(0)).at(-1)?.x).toBeCloseTo(buckets[0]?.x ?? Number.NaN);
    expect(ballWaypoints(Array(16).fill(1)).at(-1)?.x).toBeCloseTo(buckets[16]?.x ?? Number.NaN);
  });
});
