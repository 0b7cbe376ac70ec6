/**
 * The provably fair byte stream (the Stake scheme, reference external-protocols.md §5). Before play the
 * player sees SHA-256(serverSeed), the commitment; they choose the client seed; every bet on the pair takes
 * the next nonce. A bet's bytes are HMAC_SHA256(key = serverSeed, message = `${clientSeed}:${nonce}:${round}`)
 * for round 0, 1, 2, … (32 bytes each), read through a cursor, four bytes to a float in [0, 1). When the
 * pair is rotated the server seed is revealed and anyone can recompute every bet.
 *
 * Runs unchanged in Node and in the browser (the verification page): SHA-256 and HMAC come from
 * @noble/hashes (synchronous, pure JS), randomness from globalThis.crypto.getRandomValues, no `node:` import.
 */
import { hmac, type _HMAC } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';

/** One HMAC-SHA256 output. */
export const BYTES_PER_ROUND = 32;
/** b0/256 + b1/256² + b2/256³ + b3/256⁴: 32 bits, so every float is an exact double n / 2^32. */
export const BYTES_PER_FLOAT = 4;

/** Seeds and nonce of one bet. */
export type BetSeeds = { serverSeed: string; clientSeed: string; nonce: number };

/** HMAC-SHA256(key, message) of two UTF-8 strings, 32 bytes. The seam through which a bench may inject a faster one. */
export type HmacSha256 = (key: string, message: string) => Uint8Array;

/** 32 random bytes as hex: 256 bits, so the seed cannot be guessed from its commitment. */
const SERVER_SEED = /^[0-9a-f]{64}$/;
/**
 * Player-editable, so kept to printable ASCII: a non-ASCII seed could be encoded differently on the
 * player's device (Unicode normalisation) and the page would then "prove" a different outcome.
 * 64 characters is enough for any seed a person types.
 */
const CLIENT_SEED = /^[\x20-\x7e]{1,64}$/;

export function assertBetSeeds({ serverSeed, clientSeed, nonce }: BetSeeds): void {
  if (!SERVER_SEED.test(serverSeed)) throw new TypeError('serverSeed must be 64 lowercase hex characters');
  if (!CLIENT_SEED.test(clientSeed))
    throw new TypeError('clientSeed must be 1–64 printable ASCII characters');
  if (!Number.isSafeInteger(nonce) || nonce < 0) throw new TypeError('nonce must be a non-negative integer');
}

type WebCrypto = { getRandomValues<T extends Uint8Array>(array: T): T };

function randomBytes(length: number): Uint8Array {
  // Typed here rather than through DOM or Node types: both provide it (Node ≥ 19 and every browser).
  const webCrypto = (globalThis as { crypto?: WebCrypto }).crypto;
  if (!webCrypto) throw new Error('globalThis.crypto.getRandomValues is not available');
  return webCrypto.getRandomValues(new Uint8Array(length));
}

/** A fresh server seed: 32 random bytes as 64 lowercase hex characters. */
export function generateServerSeed(): string {
  return bytesToHex(randomBytes(32));
}

/** A default client seed for a new player (they may replace it): 16 random bytes as 32 hex characters. */
export function generateClientSeed(): string {
  return bytesToHex(randomBytes(16));
}

/** The commitment shown before play: SHA-256 of the seed's text (its 64 ASCII characters), as hex. */
export function hashServerSeed(serverSeed: string): string {
  return bytesToHex(sha256(utf8ToBytes(serverSeed)));
}

/** Whether a revealed server seed is the one committed to. */
export function serverSeedMatches(serverSeed: string, commitment: string): boolean {
  return hashServerSeed(serverSeed) === commitment.toLowerCase();
}

/**
 * HMAC-SHA256 with @noble/hashes. The keyed state (the key's inner and outer pad blocks) is kept for the
 * last key, so the many rounds of one server seed cost two compression calls each instead of four.
 */
let cachedKey: string | undefined;
type KeyedSha256 = _HMAC<ReturnType<typeof sha256.create>>;
let keyed: KeyedSha256 | undefined;
let scratch: KeyedSha256 | undefined;

export const nobleHmacSha256: HmacSha256 = (key, message) => {
  if (key !== cachedKey || !keyed) {
    keyed = hmac.create(sha256, utf8ToBytes(key));
    cachedKey = key;
  }
  // Copy the keyed state into the scratch instance rather than clone a new one: no allocation per round.
  const instance = keyed._cloneInto(scratch);
  scratch = instance;
  instance.update(utf8ToBytes(message));
  const out = new Uint8Array(BYTES_PER_ROUND);
  instance.digestInto(out);
  return out;
};

/** The 32 bytes of one round of a bet. */
export function roundBytes(
  seeds: BetSeeds,
  round: number,
  hmacSha256: HmacSha256 = nobleHmacSha256,
): Uint8Array {
  assertBetSeeds(seeds);
  if (!Number.isSafeInteger(round) || round < 0) throw new TypeError('round must be a non-negative integer');
  return hmacSha256(seeds.serverSeed, `${seeds.clientSeed}:${seeds.nonce}:${round}`);
}

/** The bet's floats in order; `cursor` is how many bytes have been read (round = floor(cursor / 32)). */
export type FloatStream = { next(): number; readonly cursor: number };

/** A class rather than an object literal with a getter: V8 creates these far faster, and the bench makes 10^8. */
class HmacFloatStream implements FloatStream {
  #cursor = 0;
  #bytes: Uint8Array = new Uint8Array(0);
  readonly #serverSeed: string;
  readonly #prefix: string;
  readonly #hmac: HmacSha256;

  constructor(seeds: BetSeeds, hmacSha256: HmacSha256) {
    this.#serverSeed = seeds.serverSeed;
    this.#prefix = `${seeds.clientSeed}:${seeds.nonce}:`;
    this.#hmac = hmacSha256;
  }

  get cursor(): number {
    return this.#cursor;
  }

  next(): number {
    // 32 is a multiple of 4, so a float never straddles two rounds.
    const offset = this.#cursor % BYTES_PER_ROUND;
    if (offset === 0)
      this.#bytes = this.#hmac(this.#serverSeed, this.#prefix + this.#cursor / BYTES_PER_ROUND);
    this.#cursor += BYTES_PER_FLOAT;
    return bytesToFloat(this.#bytes, offset);
  }
}

/**
 * The floats of one bet, computed a round at a time as they are read. A game with a variable length (the
 * slot's free spins) keeps reading from the same stream, so one nonce is one complete outcome.
 */
export function createFloatStream(seeds: BetSeeds, hmacSha256: HmacSha256 = nobleHmacSha256): FloatStream {
  assertBetSeeds(seeds);
  return new HmacFloatStream(seeds, hmacSha256);
}

/** b0/256 + b1/256² + b2/256³ + b3/256⁴, computed as the exact n / 2^32 it equals. */
export function bytesToFloat(bytes: Uint8Array, offset = 0): number {
  const b0 = bytes[offset] ?? 0;
  const b1 = bytes[offset + 1] ?? 0;
  const b2 = bytes[offset + 2] ?? 0;
  const b3 = bytes[offset + 3] ?? 0;
  return (b0 * 2 ** 24 + b1 * 2 ** 16 + b2 * 2 ** 8 + b3) / 2 ** 32;
}

/** The first `count` floats of a bet. */
export function generateFloats(
  seeds: BetSeeds,
  count: number,
  hmacSha256: HmacSha256 = nobleHmacSha256,
): number[] {
  if (!Number.isSafeInteger(count) || count < 0) throw new TypeError('count must be a non-negative integer');
  const stream = createFloatStream(seeds, hmacSha256);
  return Array.from({ length: count }, () => stream.next());
}
