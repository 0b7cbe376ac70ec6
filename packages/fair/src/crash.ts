/**
 * Crash: one shared round for every player, so no per-player seeds. The rounds' hashes come from a chain
 * (the Stake / bustabit scheme, reference §5): from a random terminal seed x₀, x_{i+1} = SHA-256 hex of x_i
 * (of its 64 ASCII characters), for i up to the chain length L. Games are played in reverse: game n uses
 * x_{L−n}, so game L is the terminal seed itself. Before game 1 the operator publishes the commitment
 * x_L = SHA-256(game 1's hash) and a salt nobody could know when the chain was made (e.g. a future Bitcoin
 * block hash). Since SHA-256(game n's hash) = game n−1's hash, every revealed game proves the ones before
 * it back to the commitment, and nobody can compute a future game from a past one.
 *
 * A game's crash point: h = HMAC_SHA256(key = game hash, message = salt) hex; int = first 8 hex digits
 * (32 bits); crash = max(1.00, floor(97 × 2^32 / (int + 1)) / 100). P(crash ≥ t) ≈ 0.97 / t, so cashing out
 * at any target returns about 97% (exactly: crashRtp). Multipliers here are integers in hundredths
 * (crash points, targets, the rising curve) and, as payouts, in ten-thousandths.
 */
import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { ratio, toNumber, type Ratio } from './exact.ts';
import { MULTIPLIER_SCALE } from './payout.ts';

/** 97% RTP: the crash point is 97 / (uniform 32-bit fraction), in hundredths. */
export const CRASH_RTP_PERCENT = 97;
const TWO_32 = 2 ** 32;
/** 97 × 2^32 < 2^39: the divisions below are exact in doubles (see crashPointFromInt). */
const CRASH_NUMERATOR = CRASH_RTP_PERCENT * TWO_32;
/** 1.00×: the lowest crash point (about 3.96% of games, counting those below 1.01×). */
export const CRASH_MIN_POINT = 100;
/** The lowest cash-out, 1.01×: cashing out at 1.00× would be a free refund (RTP 100%). */
export const CRASH_MIN_TARGET = 101;
/** The highest cash-out target, 10,000×, to bound a bet's payout. */
export const CRASH_MAX_TARGET = 1_000_000;
/** Growth of the rising curve per millisecond: m(t) = e^(0.00006 t), so 2× after 11.55 s, 10× after 38.4 s. */
export const CRASH_GROWTH_PER_MS = 0.00006;
/** Hundredths → ten-thousandths. */
const HUNDREDTH = MULTIPLIER_SCALE / 100;

const HASH = /^[0-9a-f]{64}$/;

function sha256Hex(text: string): string {
  return bytesToHex(sha256(utf8ToBytes(text)));
}

function assertHash(hash: string, name: string): void {
  if (!HASH.test(hash)) throw new TypeError(`${name} must be 64 lowercase hex characters`);
}

/** The hash before this one in play order: SHA-256 of its hex text. */
export function previousGameHash(gameHash: string): string {
  assertHash(gameHash, 'gameHash');
  return sha256Hex(gameHash);
}

/** Whether `gameHash` directly follows `previousHash` (SHA-256(game n) = game n−1). */
export function verifyChainLink(gameHash: string, previousHash: string): boolean {
  return previousGameHash(gameHash) === previousHash.toLowerCase();
}

/**
 * Whether `gameHash` is game `game` of the chain committed to by `commitment`: hashing it `game` times must
 * give the commitment. Costs `game` hashes (a million take a second or two in a browser).
 */
export function verifyGameHash(gameHash: string, game: number, commitment: string): boolean {
  if (!Number.isSafeInteger(game) || game < 1) throw new RangeError('game must be a positive integer');
  let hash = gameHash;
  for (let step = 0; step < game; step += 1) hash = previousGameHash(hash);
  return hash === commitment.toLowerCase();
}

export type CrashChain = {
  /** Number of games. */
  length: number;
  /** SHA-256 of game 1's hash, published before game 1. */
  commitment: string;
  /** The hash of game n, 1 … length. */
  hashOf(game: number): string;
  /** The hashes of games from … from + count − 1, in play order, computed a stretch at a time. */
  hashes(from: number, count: number): Generator<string>;
};

/**
 * A chain of `length` games from a terminal seed, keeping one hash in `checkpointEvery` (e.g. 10⁷ games,
 * 10⁴ checkpoints of 1000 × 64 bytes). Making it costs `length` hashes once; `hashOf` then costs at most
 * `checkpointEvery` hashes, from the checkpoint below the wanted one, so the whole chain is never stored.
 * The terminal seed is the last game's hash and must stay secret, like every hash not yet played.
 */
export function createCrashChain(terminalSeed: string, length: number, checkpointEvery = 1000): CrashChain {
  assertHash(terminalSeed, 'terminalSeed');
  if (!Number.isSafeInteger(length) || length < 1) throw new RangeError('length must be a positive integer');
  if (!Number.isSafeInteger(checkpointEvery) || checkpointEvery < 1) {
    throw new RangeError('checkpointEvery must be a positive integer');
  }
  // checkpoints[j] = x_{j × checkpointEvery}; x_L, the commitment, is one hash past the last game.
  const checkpoints: string[] = [];
  let hash = terminalSeed;
  for (let index = 0; index < length; index += 1) {
    if (index % checkpointEvery === 0) checkpoints.push(hash);
    hash = sha256Hex(hash);
  }
  const commitment = hash;
  /** x_index, hashed forward from the checkpoint at or below it. */
  const chainAt = (index: number): string => {
    const checkpoint = Math.floor(index / checkpointEvery);
    let value = checkpoints[checkpoint] as string;
    for (let step = checkpoint * checkpointEvery; step < index; step += 1) value = sha256Hex(value);
    return value;
  };
  const assertGame = (game: number) => {
    if (!Number.isSafeInteger(game) || game < 1 || game > length) {
      throw new RangeError(`game must be an integer from 1 to ${length}`);
    }
  };
  return {
    length,
    commitment,
    hashOf(game) {
      assertGame(game);
      return chainAt(length - game);
    },
    *hashes(from, count) {
      assertGame(from);
      assertGame(from + count - 1);
      // Games from … last are x_{L−from} down to x_{L−last}: walk each checkpoint stretch forward once, then
      // hand it out backwards, so each hash is computed once.
      let high = length - from;
      const low = length - (from + count - 1);
      while (high >= low) {
        const start = Math.max(low, Math.floor(high / checkpointEvery) * checkpointEvery);
        const stretch = [chainAt(start)];
        for (let index = start + 1; index <= high; index += 1)
          stretch.push(sha256Hex(stretch[stretch.length - 1] as string));
        for (let index = stretch.length - 1; index >= 0; index -= 1) yield stretch[index] as string;
        high = start - 1;
      }
    },
  };
}

/** A fresh terminal seed: 32 random bytes as hex (globalThis.crypto, as in stream.ts). */
export function generateTerminalSeed(): string {
  const webCrypto = (globalThis as { crypto?: { getRandomValues<T extends Uint8Array>(array: T): T } })
    .crypto;
  if (!webCrypto) throw new Error('globalThis.crypto.getRandomValues is not available');
  return bytesToHex(webCrypto.getRandomValues(new Uint8Array(32)));
}

/** The game's 32-bit number: the first 8 hex digits of HMAC_SHA256(key = game hash, message = salt). */
export function crashInt(gameHash: string, salt: string): number {
  assertHash(gameHash, 'gameHash');
  const digest = hmac(sha256, utf8ToBytes(gameHash), utf8ToBytes(salt));
  return parseInt(bytesToHex(digest.subarray(0, 4)), 16);
}

/**
 * max(100, floor(97 × 2^32 / (int + 1))) hundredths. The float division is exact enough: for integers
 * a, b below 2^53, floor(a / b) in doubles is the integer quotient, since a quotient just below an integer
 * k is at least 1/b below it and the rounding error is at most a/(b·2^53) < 1/b.
 */
export function crashPointFromInt(int: number): number {
  if (!Number.isInteger(int) || int < 0 || int >= TWO_32)
    throw new RangeError('int must be a 32-bit integer');
  return Math.max(CRASH_MIN_POINT, Math.floor(CRASH_NUMERATOR / (int + 1)));
}

/** The crash point of a game, hundredths (250 = 2.50×). */
export function crashPoint(gameHash: string, salt: string): number {
  return crashPointFromInt(crashInt(gameHash, salt));
}

export function assertCrashTarget(target: number): void {
  if (!Number.isInteger(target) || target < CRASH_MIN_TARGET || target > CRASH_MAX_TARGET) {
    throw new RangeError(
      `a cash-out target is an integer from ${CRASH_MIN_TARGET} to ${CRASH_MAX_TARGET} hundredths`,
    );
  }
}

/**
 * The payout multiplier (ten-thousandths) of a bet cashed out at `target` hundredths, by auto cash-out or
 * by hand at the moment the curve showed it: it wins when the game reached the target (crash ≥ target).
 * A cash-out below 1.01× is refused (throws): the server must not accept one in the curve's first 166 ms.
 */
export function crashPayout(crashPointHundredths: number, target: number): number {
  assertCrashTarget(target);
  return crashPointHundredths >= target ? target * HUNDREDTH : 0;
}

/** How many of the 2^32 ints give a crash point ≥ target (≥ 1.01×): floor(97 × 2^32 / target). */
export function crashIntsReaching(target: number): number {
  assertCrashTarget(target);
  // floor(97·2^32 / (int + 1)) ≥ t ⟺ 97·2^32 / (int + 1) ≥ t ⟺ int + 1 ≤ floor(97·2^32 / t).
  return Math.min(TWO_32, Math.floor(CRASH_NUMERATOR / target));
}

/** Exact RTP of cashing out at `target`: (ints reaching it / 2^32) × target / 100. */
export function crashRtpExact(target: number): Ratio {
  return ratio(BigInt(crashIntsReaching(target)) * BigInt(target), BigInt(TWO_32) * 100n);
}

export function crashRtp(target: number): number {
  return toNumber(crashRtpExact(target));
}

/** The rising curve, hundredths: floor(100 × e^(0.00006 t)) at t ms after the start. */
export function crashMultiplierAt(elapsedMs: number): number {
  if (!(elapsedMs >= 0)) return CRASH_MIN_POINT;
  return Math.floor(100 * Math.exp(CRASH_GROWTH_PER_MS * elapsedMs));
}

/**
 * The first whole millisecond at which the curve shows `multiplier` hundredths or more: ln(m / 100) /
 * 0.00006 rounded up, then corrected by a step either way so that it agrees with crashMultiplierAt on
 * this engine (Math.exp and Math.log may differ in the last bit between engines). A game lasts
 * crashTimeToReach(crash point) ms. Only timing and the animation use the curve: crash points and payouts
 * are integers and never depend on it.
 */
export function crashTimeToReach(multiplier: number): number {
  if (!Number.isInteger(multiplier) || multiplier < CRASH_MIN_POINT) {
    throw new RangeError(`multiplier must be an integer ≥ ${CRASH_MIN_POINT} hundredths`);
  }
  let time = Math.max(0, Math.ceil(Math.log(multiplier / 100) / CRASH_GROWTH_PER_MS));
  while (time > 0 && crashMultiplierAt(time - 1) >= multiplier) time -= 1;
  while (crashMultiplierAt(time) < multiplier) time += 1;
  return time;
}

export type CrashRules = {
  game: 'crash';
  rtpPercent: number;
  minTarget: number;
  maxTarget: number;
  /** Exact RTP at a few targets (hundredths → RTP). */
  examples: { target: number; chance: number; rtp: number }[];
  text: string[];
};

export function crashRules(): CrashRules {
  return {
    game: 'crash',
    rtpPercent: CRASH_RTP_PERCENT,
    minTarget: CRASH_MIN_TARGET,
    maxTarget: CRASH_MAX_TARGET,
    examples: [101, 150, 200, 500, 1000, 10_000, 100_000, 1_000_000].map((target) => ({
      target,
      chance: crashIntsReaching(target) / TWO_32,
      rtp: crashRtp(target),
    })),
    text: [
      'Each round a multiplier rises from 1.00× and crashes at a point fixed before the round starts.',
      'Cash out before the crash to win your stake × the multiplier shown; set an automatic cash-out from 1.01× to 10,000×.',
      'A cash-out at the crash point itself wins. About 1 round in 25 crashes below 1.01×.',
      'The chance of reaching a multiplier x is 0.97 ÷ x, so the return to player is 97% whatever you target.',
      'Every round’s hash is published after it; hashing it gives the previous round’s hash, back to the commitment published before the first.',
    ],
  };
}
