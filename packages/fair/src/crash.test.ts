import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  CRASH_MAX_TARGET,
  crashInt,
  crashIntsReaching,
  crashMultiplierAt,
  crashPayout,
  crashPoint,
  crashPointFromInt,
  crashRtp,
  crashRtpExact,
  crashRules,
  crashTimeToReach,
  createCrashChain,
  generateTerminalSeed,
  previousGameHash,
  verifyChainLink,
  verifyGameHash,
} from './crash.ts';
import { ratio } from './exact.ts';
import { emptySample, estimate, mixture, record, Z_99, type Stratum } from './stats.ts';

const sha256Hex = (text: string) => createHash('sha256').update(text).digest('hex');
const TERMINAL = '6b86b273ff34fce19d6b804eff5a3f5747ada4eaa22f1d49c01e52ddb7875b4b';
const SALT = '0000000000000000000fa3b65e43e4240d71762a5bf397d5304b2596d116859c';

describe('crash hash chain', () => {
  it('plays x_{L−n} at game n, where x_{i+1} = SHA-256(x_i) from the terminal seed', () => {
    // The whole chain with node:crypto, as an independent reference.
    const length = 2500;
    const x = [TERMINAL];
    for (let index = 1; index <= length; index += 1) x.push(sha256Hex(x[index - 1]!));
    const chain = createCrashChain(TERMINAL, length, 100);
    expect(chain.commitment).toBe(x[length]);
    for (const game of [1, 2, 99, 100, 101, 1234, 2499, 2500])
      expect(chain.hashOf(game)).toBe(x[length - game]);
    expect([...chain.hashes(1, length)]).toEqual(x.slice(0, length).reverse());
    expect([...chain.hashes(95, 30)]).toEqual(x.slice(length - 124, length - 94).reverse());
    expect(() => chain.hashOf(0)).toThrow(RangeError);
    expect(() => chain.hashOf(2501)).toThrow(RangeError);
  });

  it('lets anyone check a game against the one before and against the commitment', () => {
    const chain = createCrashChain(TERMINAL, 50, 7);
    expect(previousGameHash(chain.hashOf(1))).toBe(chain.commitment);
    for (let game = 2; game <= 50; game += 1) {
      expect(verifyChainLink(chain.hashOf(game), chain.hashOf(game - 1))).toBe(true);
    }
    expect(verifyChainLink(chain.hashOf(3), chain.hashOf(1))).toBe(false);
    expect(verifyGameHash(chain.hashOf(37), 37, chain.commitment)).toBe(true);
    expect(verifyGameHash(chain.hashOf(37), 36, chain.commitment)).toBe(false);
    expect(chain.hashOf(50)).toBe(TERMINAL);
    expect(generateTerminalSeed()).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe('crash point', () => {
  it('takes the first 8 hex digits of HMAC_SHA256(game hash, salt)', () => {
    const hex = createHmac('sha256', TERMINAL).update(SALT).digest('hex');
    expect(crashInt(TERMINAL, SALT)).toBe(parseInt(hex.slice(0, 8), 16));
    expect(crashPoint(TERMINAL, SALT)).toBe(
      Math.max(100, Math.floor((97 * 2 ** 32) / (parseInt(hex.slice(0, 8), 16) + 1))),
    );
  });

  it('is max(1.00, floor(97 × 2^32 / (int + 1)) / 100)', () => {
    expect(crashPointFromInt(2 ** 32 - 1)).toBe(100); // 0.97 → 1.00
    expect(crashPointFromInt(2 ** 31 - 1)).toBe(194); // 97 × 2 hundredths
    expect(crashPointFromInt(2 ** 30 - 1)).toBe(388);
    expect(crashPointFromInt(0)).toBe(97 * 2 ** 32);
    expect(crashPointFromInt(Math.floor((97 * 2 ** 32) / 101) - 1)).toBeGreaterThanOrEqual(101);
    expect(() => crashPointFromInt(2 ** 32)).toThrow(RangeError);
  });

  it('counts the ints reaching a target exactly: the boundary ints land either side of it', () => {
    for (const target of [101, 102, 150, 199, 200, 333, 1000, 12_345, 1_000_000]) {
      const reaching = crashIntsReaching(target);
      expect(crashPointFromInt(reaching - 1)).toBeGreaterThanOrEqual(target);
      expect(crashPointFromInt(reaching)).toBeLessThan(target);
      expect(crashRtpExact(target)).toEqual(ratio(BigInt(reaching) * BigInt(target), 2n ** 32n * 100n));
      expect(crashRtp(target)).toBeLessThanOrEqual(0.97);
      expect(crashRtp(target)).toBeGreaterThan(0.9699);
    }
  });

  it('pays the target when the game reached it', () => {
    expect(crashPayout(250, 250)).toBe(25_000);
    expect(crashPayout(249, 250)).toBe(0);
    expect(crashPayout(100, 101)).toBe(0);
    expect(() => crashPayout(500, 100)).toThrow(RangeError);
    expect(() => crashPayout(500, CRASH_MAX_TARGET + 1)).toThrow(RangeError);
    expect(crashRules().examples[0]).toMatchObject({ target: 101 });
  });
});

describe('crash curve', () => {
  it('rises as floor(100 × e^(0.00006 t)) and inverts to the first millisecond reaching a multiplier', () => {
    expect(crashMultiplierAt(0)).toBe(100);
    expect(crashMultiplierAt(11_552)).toBe(199);
    expect(crashMultiplierAt(11_553)).toBe(200);
    expect(crashTimeToReach(100)).toBe(0);
    expect(crashTimeToReach(101)).toBe(166);
    expect(crashTimeToReach(200)).toBe(11_553);
    for (const multiplier of [101, 150, 199, 200, 201, 1000, 12_345, 100_000, 1_000_000]) {
      const time = crashTimeToReach(multiplier);
      expect(crashMultiplierAt(time)).toBeGreaterThanOrEqual(multiplier);
      expect(crashMultiplierAt(time - 1)).toBeLessThan(multiplier);
    }
  });
});

describe('crash RTP through the hash chain', () => {
  it('measures the exact RTP within 2.576 σ/√N over 10^6 games', { timeout: 300_000 }, () => {
    const GAMES = 1_000_000;
    // Cash-out targets in turn, 1.01× to 100×.
    const targets = [101, 120, 150, 200, 300, 500, 1000, 2000, 10_000];
    const strata: Stratum[] = targets.map((target) => {
      const p = crashIntsReaching(target) / 2 ** 32;
      const multiplier = target / 100;
      return { rounds: 0, rtp: crashRtp(target), variance: p * (1 - p) * multiplier * multiplier };
    });
    // The games of a 10^6-game chain, walked from the terminal seed (game 10^6) back to game 1: the same
    // hashes as chain.hashes(1, GAMES), in reverse order, at half the hashing (order does not change a sum).
    const sample = emptySample();
    let hash = TERMINAL;
    let game = 0;
    for (; game < GAMES; game += 1) {
      const index = game % targets.length;
      record(sample, crashPayout(crashPoint(hash, SALT), targets[index]!));
      strata[index]!.rounds += 1;
      hash = previousGameHash(hash);
    }
    const expected = mixture(strata);
    const measured = estimate(sample);
    console.info(
      `crash: measured ${measured.rtp}, exact ${expected.rtp}, bound ${Z_99 * expected.standardError}`,
    );
    expect(Math.abs(measured.rtp - expected.rtp)).toBeLessThan(Z_99 * expected.standardError);
  });
});
