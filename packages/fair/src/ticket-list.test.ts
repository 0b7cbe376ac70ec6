import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  createMerkleBuilder,
  merkleLeaf,
  merklePath,
  merkleProof,
  merkleProofSides,
  merkleRoot,
  nobleSha256,
  ticketLine,
  verifyMerkleProof,
  type Sha256,
} from './ticket-list.ts';

/** What the server injects. */
const nodeSha256: Sha256 = (bytes) => createHash('sha256').update(bytes).digest();

/**
 * The tree as docs/draws.md describes it, written independently of the package: level by level, pairs
 * hashed with 0x01, the odd node at the end carried up unchanged.
 */
function referenceRoot(lines: string[]): string {
  const sha = (...parts: Buffer[]) => createHash('sha256').update(Buffer.concat(parts)).digest();
  if (lines.length === 0) return sha().toString('hex');
  let level: Buffer[] = lines.map((line) => sha(Buffer.of(0), Buffer.from(line, 'utf8')));
  while (level.length > 1) {
    const next: Buffer[] = [];
    for (let index = 0; index < level.length; index += 2) {
      const left = level[index] as Buffer;
      const right = level[index + 1];
      next.push(right === undefined ? left : sha(Buffer.of(1), left, right));
    }
    level = next;
  }
  return (level[0] as Buffer).toString('hex');
}

function lotteryLines(count: number): string[] {
  return Array.from({ length: count }, (_, index) => {
    const red = [1, 2, 3, 4, 5, 6].map((offset) =>
      String(((index * 7 + offset * 5) % 33) + 1).padStart(2, '0'),
    );
    return ticketLine(index + 1, `${red.join(' ')}+${String((index % 16) + 1).padStart(2, '0')}`);
  });
}

describe('ticketLine', () => {
  it('is `${ticketNo}|${entry}`', () => {
    expect(ticketLine(1, '03 07 12 19 25 31+09')).toBe('1|03 07 12 19 25 31+09');
    expect(ticketLine(42, 'K7Q2M9XA:')).toBe('42|K7Q2M9XA:');
    expect(ticketLine(7, 'K7Q2M9XA:my seed ✓')).toBe('7|K7Q2M9XA:my seed ✓');
  });

  it('refuses a ticket number that is none, and an entry that would break the line', () => {
    for (const ticketNo of [0, -1, 1.5, Number.NaN, 2 ** 53])
      expect(() => ticketLine(ticketNo, 'A')).toThrow(TypeError);
    for (const entry of ['A\nB', 'A\rB', 'A\u0000', 'tab\there', 'del\u007f', 'c1\u0085', 'half \ud83c'])
      expect(() => ticketLine(1, entry)).toThrow(TypeError);
  });
});

describe('merkle root', () => {
  it('of an empty list is SHA-256 of nothing', () => {
    expect(merkleRoot([])).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
  });

  it('of one line is its leaf, SHA-256(0x00 ‖ line)', () => {
    const leaf = createHash('sha256').update(Buffer.from('\u00001|AB12CD34', 'utf8')).digest('hex');
    expect(merkleLeaf('1|AB12CD34')).toBe(leaf);
    expect(merkleRoot(['1|AB12CD34'])).toBe(leaf);
  });

  it('hashes the UTF-8 bytes of a line', () => {
    const line = '3|K7Q2M9XA:café 日本 🎲';
    const leaf = createHash('sha256')
      .update(Buffer.concat([Buffer.of(0), Buffer.from(line, 'utf8')]))
      .digest('hex');
    expect(merkleLeaf(line)).toBe(leaf);
    expect(merkleLeaf(line, nodeSha256)).toBe(leaf);
  });

  it('matches the level-by-level tree for every list of 0 to 40 lines, with either hasher', () => {
    for (let count = 0; count <= 40; count += 1) {
      const lines = lotteryLines(count);
      const expected = referenceRoot(lines);
      expect(merkleRoot(lines)).toBe(expected);
      expect(merkleRoot(lines, nodeSha256)).toBe(expected);
    }
  });

  it('changes with any line, and with the order of the lines', () => {
    const lines = lotteryLines(9);
    const root = merkleRoot(lines);
    expect(merkleRoot([...lines.slice(0, 8), '9|01 02 03 04 05 06+01'])).not.toBe(root);
    expect(merkleRoot([lines[1] as string, lines[0] as string, ...lines.slice(2)])).not.toBe(root);
    // A leaf cannot pass for the node above it: the two-line root is not the leaf of their concatenation.
    expect(merkleRoot(lines.slice(0, 2))).not.toBe(merkleLeaf(`${lines[0]}${lines[1]}`));
  });

  it('is built line by line: the root so far is the root of the prefix', () => {
    const lines = lotteryLines(23);
    const builder = createMerkleBuilder();
    lines.forEach((line, index) => {
      builder.add(line);
      expect(builder.count).toBe(index + 1);
      expect(builder.root()).toBe(referenceRoot(lines.slice(0, index + 1)));
    });
  });

  // A few seconds of hashing on a loaded two-core host: more time than vitest's default 5 s.
  it(
    'is the same over 100,000 lines with node:crypto injected as with @noble/hashes',
    { timeout: 60_000 },
    () => {
      const lines = lotteryLines(100_000);
      expect(merkleRoot(lines, nodeSha256)).toBe(merkleRoot(lines, nobleSha256));
    },
  );
});

describe('inclusion proof', () => {
  it('verifies for every line of every list of 1 to 17 lines', () => {
    for (let count = 1; count <= 17; count += 1) {
      const lines = lotteryLines(count);
      const root = referenceRoot(lines);
      lines.forEach((line, index) => {
        const proof = merkleProof(lines, index);
        // At most one sibling per level, and none where the node is carried up.
        expect(proof.length).toBeLessThanOrEqual(Math.ceil(Math.log2(count)));
        expect(verifyMerkleProof(root, line, index, count, proof)).toBe(true);
        expect(verifyMerkleProof(root, line, index, count, proof, nodeSha256)).toBe(true);
        expect(merkleProof(lines, index, nodeSha256)).toEqual(proof);
      });
    }
  });

  it('gives the same proofs with a memo of wide subtrees kept between them (the server’s cache)', () => {
    const lines = lotteryLines(5_000);
    const root = merkleRoot(lines, nodeSha256);
    const memo = new Map<string, string>();
    for (const index of [0, 1, 1023, 1024, 2047, 4095, 4096, 4999]) {
      const remembered = merkleProof(lines, index, nodeSha256, memo);
      expect(remembered).toEqual(merkleProof(lines, index, nodeSha256));
      expect(verifyMerkleProof(root, lines[index] as string, index, lines.length, remembered)).toBe(true);
    }
    // Only subtrees of at least 1,024 lines are kept.
    expect(memo.size).toBeGreaterThan(0);
    for (const key of memo.keys()) {
      const [start, end] = key.split(':').map(Number);
      expect((end as number) - (start as number)).toBeGreaterThanOrEqual(1024);
    }
  });

  it('fails for a wrong line, index, count, root or path', () => {
    for (let count = 2; count <= 17; count += 1) {
      const lines = lotteryLines(count);
      const root = merkleRoot(lines);
      lines.forEach((line, index) => {
        const proof = merkleProof(lines, index);
        const otherIndex = (index + 1) % count;
        expect(verifyMerkleProof(root, `${line} `, index, count, proof)).toBe(false);
        expect(verifyMerkleProof(root, lines[otherIndex] as string, index, count, proof)).toBe(false);
        expect(verifyMerkleProof(root, line, otherIndex, count, proof)).toBe(false);
        expect(verifyMerkleProof(merkleRoot(lines.slice(1)), line, index, count, proof)).toBe(false);
        expect(verifyMerkleProof(root, line, index, count, proof.slice(1))).toBe(false);
        expect(verifyMerkleProof(root, line, index, count, [...proof, root])).toBe(false);
        const tampered = [...proof];
        tampered[0] = (tampered[0] as string).replace(/^./, (digit) => (digit === '0' ? '1' : '0'));
        expect(verifyMerkleProof(root, line, index, count, tampered)).toBe(false);
      });
      // A count that changes the path's shape fails too (the last line's proof in a list one longer).
      const last = count - 1;
      expect(verifyMerkleProof(root, lines[last] as string, last, count + 1, merkleProof(lines, last))).toBe(
        false,
      );
    }
  });

  it('answers false for malformed input instead of throwing', () => {
    const lines = lotteryLines(5);
    const root = merkleRoot(lines);
    const proof = merkleProof(lines, 2);
    const line = lines[2] as string;
    expect(verifyMerkleProof(root, line, 2, 5, proof)).toBe(true);
    expect(verifyMerkleProof(root.toUpperCase(), line, 2, 5, proof)).toBe(true);
    expect(verifyMerkleProof('not hex', line, 2, 5, proof)).toBe(false);
    expect(verifyMerkleProof(root, line, -1, 5, proof)).toBe(false);
    expect(verifyMerkleProof(root, line, 5, 5, proof)).toBe(false);
    expect(verifyMerkleProof(root, line, 2.5, 5, proof)).toBe(false);
    expect(verifyMerkleProof(root, line, 2, Number.NaN, proof)).toBe(false);
    expect(verifyMerkleProof(root, line, 2, 5, ['zz'])).toBe(false);
    expect(verifyMerkleProof(root, line, 2, 5, 'abc' as unknown as string[])).toBe(false);
    expect(verifyMerkleProof(root, 5 as unknown as string, 2, 5, proof)).toBe(false);
    expect(verifyMerkleProof(root, line, 2, 5, [null, 3] as unknown as string[])).toBe(false);
    expect(verifyMerkleProof(root, line, 2, 5, [{ side: 'left' }] as unknown as string[])).toBe(false);
  });

  it('carries the sides for the public record, and checks them when given', () => {
    // 5 lines: leaves 0–4; the 5th is carried up twice, so its path has one sibling, on the left.
    expect(merkleProofSides(4, 5)).toEqual(['left']);
    expect(merkleProofSides(0, 5)).toEqual(['right', 'right', 'right']);
    expect(merkleProofSides(3, 5)).toEqual(['left', 'left', 'right']);
    expect(merkleProofSides(0, 1)).toEqual([]);
    for (let count = 1; count <= 17; count += 1) {
      const lines = lotteryLines(count);
      const root = merkleRoot(lines);
      lines.forEach((line, index) => {
        const path = merklePath(lines, index);
        expect(path.map((step) => step.hash)).toEqual(merkleProof(lines, index));
        expect(path.map((step) => step.side)).toEqual(merkleProofSides(index, count));
        expect(verifyMerkleProof(root, line, index, count, path)).toBe(true);
        if (path.length > 0) {
          const flipped = path.map((step, position) =>
            position === 0
              ? { ...step, side: step.side === 'left' ? ('right' as const) : ('left' as const) }
              : step,
          );
          expect(verifyMerkleProof(root, line, index, count, flipped)).toBe(false);
        }
      });
    }
    expect(() => merkleProofSides(5, 5)).toThrow(RangeError);
  });

  it('refuses to prove a position outside the list', () => {
    expect(() => merkleProof(lotteryLines(3), 3)).toThrow(RangeError);
    expect(() => merkleProof([], 0)).toThrow(RangeError);
  });
});
