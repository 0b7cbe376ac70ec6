import { describe, expect, it } from 'vitest';
import { rotationFor } from './wheel-game.tsx';

/** The segment under the pointer (at the top) after turning the wheel clockwise by `rotation` degrees. */
function segmentAtPointer(rotation: number, segments: number): number {
  const angle = (((360 - rotation) % 360) + 360) % 360;
  return Math.floor(angle / (360 / segments));
}

describe('the wheel’s spin', () => {
  it('always ends with the answer’s segment under the pointer, after whole turns forward', () => {
    let previous = 0;
    for (const segments of [10, 20, 30, 40, 50]) {
      for (let segment = 0; segment < segments; segment += 1) {
        for (const nudge of [-0.5, 0, 0.49]) {
          const next = rotationFor(previous, segment, segments, nudge);
          expect(segmentAtPointer(next, segments)).toBe(segment);
          expect(next - previous).toBeGreaterThanOrEqual(5 * 360);
          expect(next - previous).toBeLessThan(6 * 360);
          previous = next;
        }
      }
    }
  });
});
