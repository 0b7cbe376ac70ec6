/**
 * The committed ticket list of a draw (docs/draws.md, "Canonical ticket line and the Merkle tree").
 *
 * At close the server stores the Merkle root of the list's canonical lines, before the beacon round exists;
 * a player later checks that their ticket is in the list with its line and a short path of sibling hashes,
 * without downloading the list. RFC 6962 style: a leaf is SHA-256(0x00 ‖ line), an inner node
 * SHA-256(0x01 ‖ left ‖ right), so a leaf can never pass for a node; at the end of a level an odd node is
 * carried up unchanged; the root of an empty list is SHA-256 of nothing. (Pairing each level and carrying
 * the odd node gives the same tree as RFC 6962's split at the largest power of two below n, which is what
 * lets the root be built in one pass with one pending node per level.)
 *
 * Browser-safe like the rest of the package; the server injects node:crypto's SHA-256 (`Sha256`), which is
 * several times faster on a list of a million tickets.
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';

/** SHA-256 of the bytes, as a fresh 32-byte array. The seam through which the server passes node:crypto. */
export type Sha256 = (bytes: Uint8Array) => Uint8Array;

export const nobleSha256: Sha256 = (bytes) => sha256(bytes);

const LEAF_PREFIX = 0x00;
const NODE_PREFIX = 0x01;
const HASH_BYTES = 32;
const HASH_HEX = /^[0-9a-f]{64}$/;
// A line is one line of the downloadable list: no control characters, so no newline can forge a second one;
// and no lone surrogate, which UTF-8 encoders replace, so two different entries could hash the same.
const ENTRY = /^[^\p{Cc}\p{Cs}]*$/u;

/**
 * A ticket's canonical line, `${ticketNo}|${entry}` (UTF-8). The entry is the product's canonical text
 * (lottery `03 07 12 19 25 31+09`, lucky refund's code, cash draw `CODE:seed`); no member id is published.
 */
export function ticketLine(ticketNo: number, entry: string): string {
  if (!Number.isSafeInteger(ticketNo) || ticketNo < 1)
    throw new TypeError('ticketNo must be a positive integer');
  if (typeof entry !== 'string' || !ENTRY.test(entry))
    throw new TypeError('entry must be text without control characters');
  return `${ticketNo}|${entry}`;
}

const encoder = new TextEncoder();

/** Leaf and node hashing over reused buffers: a million-ticket list allocates no input arrays. */
class TreeHasher {
  #leafInput = new Uint8Array(256);
  readonly #nodeInput = new Uint8Array(1 + 2 * HASH_BYTES);
  readonly #hash: Sha256;

  constructor(hash: Sha256) {
    this.#hash = hash;
    this.#nodeInput[0] = NODE_PREFIX;
  }

  leaf(line: string): Uint8Array {
    // UTF-8 takes at most 3 bytes per UTF-16 unit.
    const needed = 1 + line.length * 3;
    if (this.#leafInput.length < needed)
      this.#leafInput = new Uint8Array(Math.max(needed, this.#leafInput.length * 2));
    this.#leafInput[0] = LEAF_PREFIX;
    const { written } = encoder.encodeInto(line, this.#leafInput.subarray(1));
    return this.#hash(this.#leafInput.subarray(0, 1 + written));
  }

  node(left: Uint8Array, right: Uint8Array): Uint8Array {
    this.#nodeInput.set(left, 1);
    this.#nodeInput.set(right, 1 + HASH_BYTES);
    return this.#hash(this.#nodeInput);
  }

  empty(): Uint8Array {
    return this.#hash(new Uint8Array(0));
  }
}

/** The leaf hash of a line, SHA-256(0x00 ‖ UTF-8 line), as hex. */
export function merkleLeaf(line: string, hash: Sha256 = nobleSha256): string {
  return bytesToHex(new TreeHasher(hash).leaf(line));
}

/** Builds a root line by line, holding one pending 32-byte node per level (about 20 for a million lines). */
export type MerkleBuilder = {
  add(line: string): void;
  /** Lines added so far. */
  readonly count: number;
  /** The root of the lines added so far, as hex; more lines may still be added after it. */
  root(): string;
};

class StreamingMerkleBuilder implements MerkleBuilder {
  readonly #hasher: TreeHasher;
  // pending[level] is the root of a complete subtree of 2^level leaves still waiting for its right sibling.
  readonly #pending: (Uint8Array | undefined)[] = [];
  #count = 0;

  constructor(hash: Sha256) {
    this.#hasher = new TreeHasher(hash);
  }

  get count(): number {
    return this.#count;
  }

  add(line: string): void {
    let carry = this.#hasher.leaf(line);
    let level = 0;
    for (let left = this.#pending[level]; left !== undefined; left = this.#pending[level]) {
      carry = this.#hasher.node(left, carry);
      this.#pending[level] = undefined;
      level += 1;
    }
    this.#pending[level] = carry;
    this.#count += 1;
  }

  root(): string {
    if (this.#count === 0) return bytesToHex(this.#hasher.empty());
    // The pending subtrees, lowest first, are the right edge of the tree: each joins the ones above it as
    // their right child, which is the odd node carried up until a level has a left sibling for it.
    let right: Uint8Array | undefined;
    for (const left of this.#pending) {
      if (left === undefined) continue;
      right = right === undefined ? left : this.#hasher.node(left, right);
    }
    return bytesToHex(right as Uint8Array);
  }
}

export function createMerkleBuilder(hash: Sha256 = nobleSha256): MerkleBuilder {
  return new StreamingMerkleBuilder(hash);
}

/** The root of the list's lines (in ticket order), as hex. */
export function merkleRoot(lines: Iterable<string>, hash: Sha256 = nobleSha256): string {
  const builder = createMerkleBuilder(hash);
  for (const line of lines) builder.add(line);
  return builder.root();
}

function subtreeRoot(lines: readonly string[], start: number, end: number, hash: Sha256): string {
  const builder = createMerkleBuilder(hash);
  for (let index = start; index < end; index += 1) builder.add(lines[index] as string);
  return builder.root();
}

/** The largest power of two strictly below n (n ≥ 2): where RFC 6962 splits a list of n leaves. */
function splitPoint(n: number): number {
  let k = 1;
  while (k * 2 < n) k *= 2;
  return k;
}

/** Subtrees at least this wide are remembered by a proof's `memo`: a million lines leave about 2,000. */
const MEMO_MIN_WIDTH = 1024;

/**
 * The inclusion proof of the line at `index` (0-based position in the list): the sibling hashes from the
 * leaf up to the root, as hex, leaving out the levels where the node has no sibling (carried up). It hashes
 * each line once, without keeping the levels. `memo`, kept by the caller between proofs of the same list,
 * remembers the roots of wide subtrees: the first proof of a million lines hashes them all, the next ones
 * only the narrow subtrees beside their own line.
 */
export function merkleProof(
  lines: readonly string[],
  index: number,
  hash: Sha256 = nobleSha256,
  memo?: Map<string, string>,
): string[] {
  if (!Number.isSafeInteger(index) || index < 0 || index >= lines.length)
    throw new RangeError('index must be the position of a line in the list');
  const proof: string[] = [];
  const rootOf = (start: number, end: number): string => {
    if (!memo || end - start < MEMO_MIN_WIDTH) return subtreeRoot(lines, start, end, hash);
    const key = `${start}:${end}`;
    let root = memo.get(key);
    if (root === undefined) {
      root = subtreeRoot(lines, start, end, hash);
      memo.set(key, root);
    }
    return root;
  };
  // RFC 6962 §2.1.1 PATH(m, D[n]) on [start, end): the sibling subtree's root goes after the path inside
  // the half holding the leaf, so the proof runs from the leaf upwards.
  const path = (start: number, end: number): void => {
    if (end - start <= 1) return;
    const middle = start + splitPoint(end - start);
    if (index < middle) {
      path(start, middle);
      proof.push(rootOf(middle, end));
    } else {
      path(middle, end);
      proof.push(rootOf(start, middle));
    }
  };
  path(0, lines.length);
  return proof;
}

/** One step of a path as the public record shows it: the sibling's hash and the side it sits on. */
export type MerkleStep = { hash: string; side: 'left' | 'right' };

/**
 * The sides of the siblings on the path of position `index` in a list of `count` lines, leaf to root: an
 * odd position's sibling is on the left, an even one's on the right, and the last node of a level with an
 * odd width has none (it is carried up). They follow from index and count alone.
 */
export function merkleProofSides(index: number, count: number): ('left' | 'right')[] {
  if (!Number.isSafeInteger(count) || !Number.isSafeInteger(index) || index < 0 || index >= count)
    throw new RangeError('index must be a position in a list of count lines');
  const sides: ('left' | 'right')[] = [];
  let position = index;
  for (let width = count; width > 1; width = Math.ceil(width / 2)) {
    if (position % 2 === 1) sides.push('left');
    else if (position + 1 < width) sides.push('right');
    position = Math.floor(position / 2);
  }
  return sides;
}

/** `merkleProof` with each sibling's side: the path the public record (`draws/{id}/proof`) shows. */
export function merklePath(
  lines: readonly string[],
  index: number,
  hash: Sha256 = nobleSha256,
): MerkleStep[] {
  const sides = merkleProofSides(index, lines.length);
  return merkleProof(lines, index, hash).map((sibling, step) => ({
    hash: sibling,
    side: sides[step] as MerkleStep['side'],
  }));
}

/**
 * Whether `line` is at `index` in a list of `count` lines whose root is `root`, by `proof` (sibling hashes,
 * or steps with their sides, which must then be the sides index and count give). Walks the levels from the
 * leaf: an odd position's sibling is on the left, an even one's on the right unless it is the last node of
 * its level (carried up, no proof element). Every element must be used; anything malformed answers false.
 */
export function verifyMerkleProof(
  root: string,
  line: string,
  index: number,
  count: number,
  proof: readonly (string | MerkleStep)[],
  hash: Sha256 = nobleSha256,
): boolean {
  try {
    if (typeof root !== 'string' || !HASH_HEX.test(root.toLowerCase()) || typeof line !== 'string')
      return false;
    if (!Number.isSafeInteger(count) || !Number.isSafeInteger(index) || index < 0 || index >= count)
      return false;
    if (!Array.isArray(proof)) return false;
    const steps = proof.map((element) => (typeof element === 'string' ? { hash: element } : element));
    if (!steps.every((step) => typeof step?.hash === 'string' && HASH_HEX.test(step.hash.toLowerCase())))
      return false;
    const hasher = new TreeHasher(hash);
    let node = hasher.leaf(line);
    let position = index;
    let used = 0;
    for (let width = count; width > 1; width = Math.ceil(width / 2)) {
      const isRight = position % 2 === 1;
      if (isRight || position + 1 < width) {
        const sibling = steps[used];
        if (sibling === undefined) return false;
        // A stated side must be the one the position gives: a path is for one position only.
        if ('side' in sibling && sibling.side !== (isRight ? 'left' : 'right')) return false;
        used += 1;
        const siblingBytes = hexToBytes(sibling.hash.toLowerCase());
        node = isRight ? hasher.node(siblingBytes, node) : hasher.node(node, siblingBytes);
      }
      position = Math.floor(position / 2);
    }
    return used === steps.length && bytesToHex(node) === root.toLowerCase();
  } catch {
    return false;
  }
}
