/**
 * A draw's outcome (docs/draws.md step 5): a pure function of the beacon's randomness, the draw's id and
 * the committed root, so anyone holding the three recomputes it.
 *
 * The bytes are HMAC-SHA256(key = the randomness as its 64 hex characters, message =
 * `${drawId}:${root}:${counter}`) for counter 0, 1, 2, …, read four at a time as big-endian 32-bit
 * integers. An integer below n is taken by rejection sampling (values at or above floor(2^32 / n) × n are
 * skipped, so every result has exactly the same number of integers behind it); k distinct of n by a
 * partial Fisher–Yates shuffle. The randomness comes after the root is published, and the draw id ties it
 * to one draw: two draws on the same round still have independent outcomes.
 */
import { nobleHmacSha256, type HmacSha256 } from './stream.ts';

/** 32-bit integers in the order a draw reads them. */
export type Uint32Stream = {
  nextUint32(): number;
  /** How many bytes have been read. */
  readonly cursor: number;
};

const BLOCK_BYTES = 32;
const UINT32_BYTES = 4;
const TWO_POW_32 = 2 ** 32;
const HEX_64 = /^[0-9a-f]{64}$/;
const DRAW_ID = /^[A-Za-z0-9_-]{1,64}$/;

export const LOTTERY_RED_BALLS = 33;
export const LOTTERY_RED_PICKS = 6;
export const LOTTERY_BLUE_BALLS = 16;

/** The draw's id as it enters the message: a decimal integer or a token (a UUID), never with a colon. */
function drawIdText(drawId: string | number): string {
  const text =
    typeof drawId === 'number' && Number.isSafeInteger(drawId) && drawId >= 0 ? String(drawId) : drawId;
  if (typeof text !== 'string' || !DRAW_ID.test(text))
    throw new TypeError('drawId must be a non-negative integer or 1–64 letters, digits, "-" or "_"');
  return text;
}

class HmacUint32Stream implements Uint32Stream {
  #cursor = 0;
  #block: Uint8Array = new Uint8Array(0);
  readonly #key: string;
  readonly #prefix: string;
  readonly #hmac: HmacSha256;

  constructor(key: string, prefix: string, hmac: HmacSha256) {
    this.#key = key;
    this.#prefix = prefix;
    this.#hmac = hmac;
  }

  get cursor(): number {
    return this.#cursor;
  }

  nextUint32(): number {
    // 32 is a multiple of 4: an integer never straddles two blocks.
    const offset = this.#cursor % BLOCK_BYTES;
    if (offset === 0) this.#block = this.#hmac(this.#key, this.#prefix + this.#cursor / BLOCK_BYTES);
    this.#cursor += UINT32_BYTES;
    const block = this.#block;
    return (
      (block[offset] as number) * 2 ** 24 +
      (block[offset + 1] as number) * 2 ** 16 +
      (block[offset + 2] as number) * 2 ** 8 +
      (block[offset + 3] as number)
    );
  }
}

/**
 * The draw's integer stream. `randomnessHex` is the beacon's randomness (64 lowercase hex characters, the
 * HMAC key as text), `root` the committed Merkle root (64 lowercase hex characters).
 */
export function drawStream(
  randomnessHex: string,
  drawId: string | number,
  root: string,
  hmacSha256: HmacSha256 = nobleHmacSha256,
): Uint32Stream {
  // Lowercase only: the key is the text itself, so "AB…" would silently give another draw.
  if (!HEX_64.test(randomnessHex)) throw new TypeError('randomness must be 64 lowercase hex characters');
  if (!HEX_64.test(root)) throw new TypeError('root must be 64 lowercase hex characters');
  return new HmacUint32Stream(randomnessHex, `${drawIdText(drawId)}:${root}:`, hmacSha256);
}

/** A uniform integer in [0, n), 1 ≤ n ≤ 2^32, by rejection: values ≥ floor(2^32 / n) × n are read past. */
export function uniformBelow(stream: Uint32Stream, n: number): number {
  if (!Number.isSafeInteger(n) || n < 1 || n > TWO_POW_32)
    throw new RangeError('n must be an integer in 1..2^32');
  const limit = Math.floor(TWO_POW_32 / n) * n;
  for (;;) {
    const value = stream.nextUint32();
    if (value < limit) return value % n;
  }
}

/**
 * k distinct integers of [0, n), in the order drawn: a partial Fisher–Yates shuffle of 0…n−1, the i-th
 * step swapping position i with i + uniformBelow(n − i). Positions never touched are not stored, so a
 * raffle over a million tickets costs k steps, not a million-element array.
 */
export function pickDistinct(stream: Uint32Stream, n: number, k: number): number[] {
  if (!Number.isSafeInteger(n) || n < 0 || n > TWO_POW_32)
    throw new RangeError('n must be an integer in 0..2^32');
  if (!Number.isSafeInteger(k) || k < 0 || k > n) throw new RangeError('k must be an integer in 0..n');
  const swapped = new Map<number, number>();
  const picked: number[] = [];
  for (let position = 0; position < k; position += 1) {
    const chosen = position + uniformBelow(stream, n - position);
    const value = swapped.get(chosen) ?? chosen;
    swapped.set(chosen, swapped.get(position) ?? position);
    picked.push(value);
  }
  return picked;
}

/** The 6+1 lottery's numbers: 6 of 33 red (ascending), then 1 of 16 blue from the same stream. */
export type LotteryNumbers = { red: number[]; blue: number };

export function drawLotteryNumbers(
  randomnessHex: string,
  drawId: string | number,
  root: string,
  hmacSha256: HmacSha256 = nobleHmacSha256,
): LotteryNumbers {
  const stream = drawStream(randomnessHex, drawId, root, hmacSha256);
  const red = pickDistinct(stream, LOTTERY_RED_BALLS, LOTTERY_RED_PICKS)
    .map((index) => index + 1)
    .sort((a, b) => a - b);
  const blue = uniformBelow(stream, LOTTERY_BLUE_BALLS) + 1;
  return { red, blue };
}

/**
 * A raffle's winning ticket numbers (1-based, as sold), in the order drawn: the first is the first prize.
 * At most one win per ticket; k above the ticket count draws every ticket.
 */
export function drawWinningTickets(
  randomnessHex: string,
  drawId: string | number,
  root: string,
  ticketCount: number,
  k: number,
  hmacSha256: HmacSha256 = nobleHmacSha256,
): number[] {
  if (!Number.isSafeInteger(ticketCount) || ticketCount < 0)
    throw new RangeError('ticketCount must be a non-negative integer');
  if (!Number.isSafeInteger(k) || k < 0) throw new RangeError('k must be a non-negative integer');
  const stream = drawStream(randomnessHex, drawId, root, hmacSha256);
  return pickDistinct(stream, ticketCount, Math.min(k, ticketCount)).map((index) => index + 1);
}
