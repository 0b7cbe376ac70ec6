import { createHash } from 'node:crypto';
import { bls12_381 } from '@noble/curves/bls12-381.js';
import { describe, expect, it } from 'vitest';
import {
  BEACON_DST,
  beaconMessage,
  beaconRandomness,
  chainHashOf,
  QUICKNET,
  roundAt,
  roundTime,
  SIMULATOR_CHAIN,
  verifyBeacon,
  type BeaconChain,
} from './beacon.ts';

/**
 * Real quicknet beacons, signed by the League of Entropy.
 * - Round 12040883: the signature drand's own tlock decrypts a ciphertext with (github.com/drand/tlock,
 *   tlock_test.go, TestDecryptText "With valid network" and TestDeterministicEncryptionDecryption); its
 *   randomness is SHA-256 of that signature.
 * - Round 1000: `GET https://api.drand.sh/52db9b…e971/public/1000` as stored by several projects, e.g.
 *   ideal-lab5's pallet-drand (src/benchmarking.rs, DRAND_PULSE), with its randomness as served.
 * Both verify against QUICKNET's pinned key below, which no stored value could fake.
 */
const ROUND_12040883 = {
  round: 12040883,
  signature:
    '929906c959032ab363c9f26570d215d66f5c06cb0c44fe508c12bb5839f04ec895bb6868e5b9ff13ab289bdb5266b394',
  randomness: '173df1f57805453a8d2015268205d68147de12cafc2f451f7bc6adadca3571b3',
};
const ROUND_1000 = {
  round: 1000,
  signature:
    'b44679b9a59af2ec876b1a6b1ad52ea9b1615fc3982b19576350f93447cb1125e342b73a8dd2bacbe47e4b6b63ed5e39',
  randomness: 'fe290beca10872ef2fb164d2aa4442de4566183ec51c56ff3cd603d930e54fdd',
};
/** quicknet's group hash (drand's genesis seed), from the same info JSON as its key. */
const QUICKNET_GROUP_HASH = 'f477d5c89f21a17c863a7f937c6a6d15859414d2be09cd448d4279af331c5d3e';

function flipByte(hex: string, index: number): string {
  const byte = Number.parseInt(hex.slice(index * 2, index * 2 + 2), 16) ^ 0x01;
  return hex.slice(0, index * 2) + byte.toString(16).padStart(2, '0') + hex.slice(index * 2 + 2);
}

/** A chain of our own for this test: the signing happens here, never in the package. */
function testChain(seedByte: number) {
  const signatures = bls12_381.shortSignatures;
  const { secretKey, publicKey } = signatures.keygen(new Uint8Array(48).fill(seedByte));
  const chain: BeaconChain = { ...QUICKNET, publicKey: publicKey.toHex(), chainHash: 'test' };
  const sign = (round: number) =>
    signatures.sign(signatures.hash(beaconMessage(round), BEACON_DST), secretKey).toHex();
  return { chain, sign };
}

describe('round schedule', () => {
  it('counts round 1 at genesis and one round per period after it', () => {
    const genesisMs = QUICKNET.genesis * 1000;
    expect(roundAt(QUICKNET, genesisMs)).toBe(1);
    expect(roundAt(QUICKNET, genesisMs + 2999)).toBe(1);
    expect(roundAt(QUICKNET, genesisMs + 3000)).toBe(2);
    expect(roundAt(QUICKNET, genesisMs - 1)).toBe(0);
    // Round 1000 was emitted at 1692806364 (2023-08-23T15:59:24Z).
    expect(roundTime(QUICKNET, 1000)).toBe(1_692_806_364_000);
    expect(roundAt(QUICKNET, 1_692_806_364_000)).toBe(1000);
    expect(roundAt(QUICKNET, 1_692_806_366_999)).toBe(1000);
    expect(roundAt(QUICKNET, 1_692_806_367_000)).toBe(1001);
  });

  it('gives the last round at or before a draw time, whose time is never after it', () => {
    const drawAt = Date.UTC(2026, 0, 31, 19, 0, 0);
    const round = roundAt(QUICKNET, drawAt);
    expect(round).toBe(Math.floor((drawAt / 1000 - QUICKNET.genesis) / 3) + 1);
    expect(roundTime(QUICKNET, round)).toBeLessThanOrEqual(drawAt);
    expect(roundTime(QUICKNET, round + 1)).toBeGreaterThan(drawAt);
    for (let round = 1; round < 50; round += 1)
      expect(roundAt(QUICKNET, roundTime(QUICKNET, round))).toBe(round);
  });

  it('refuses rounds and instants that are no rounds', () => {
    expect(() => roundTime(QUICKNET, 0)).toThrow(TypeError);
    expect(() => roundTime(QUICKNET, 1.5)).toThrow(TypeError);
    expect(() => roundAt(QUICKNET, Number.NaN)).toThrow(TypeError);
  });
});

describe('quicknet', () => {
  it("is drand's chain: the pinned key, genesis and period hash to its chain hash", () => {
    expect(chainHashOf({ ...QUICKNET, groupHash: QUICKNET_GROUP_HASH, beaconId: 'quicknet' })).toBe(
      QUICKNET.chainHash,
    );
    // The beacon id is part of the hash (drand leaves out only "default").
    expect(chainHashOf({ ...QUICKNET, groupHash: QUICKNET_GROUP_HASH, beaconId: 'default' })).not.toBe(
      QUICKNET.chainHash,
    );
  });

  it.each([ROUND_12040883, ROUND_1000])('verifies the real beacon of round $round', (beacon) => {
    expect(verifyBeacon(QUICKNET, beacon)).toBe(true);
    expect(beaconRandomness(beacon.signature)).toBe(beacon.randomness);
    // The same as node's SHA-256 of the signature bytes.
    expect(createHash('sha256').update(Buffer.from(beacon.signature, 'hex')).digest('hex')).toBe(
      beacon.randomness,
    );
    expect(verifyBeacon(QUICKNET, { ...beacon, signature: beacon.signature.toUpperCase() })).toBe(true);
  });

  it("refuses a real signature presented as another round's", () => {
    expect(verifyBeacon(QUICKNET, { round: 1000, signature: ROUND_12040883.signature })).toBe(false);
    expect(verifyBeacon(QUICKNET, { round: 1001, signature: ROUND_1000.signature })).toBe(false);
    expect(verifyBeacon(QUICKNET, { round: 999, signature: ROUND_1000.signature })).toBe(false);
  });

  it('refuses a signature with any one byte changed', () => {
    // The first byte holds the compression flags, the last the lowest bits of x: both must fail.
    for (const index of [0, 1, 20, 47]) {
      expect(verifyBeacon(QUICKNET, { round: 1000, signature: flipByte(ROUND_1000.signature, index) })).toBe(
        false,
      );
    }
  });

  it('answers false, never throws, for malformed signatures', () => {
    const malformed = [
      ROUND_1000.signature.slice(0, 94),
      `${ROUND_1000.signature}00`,
      // The G2 length: a signature of the other scheme family.
      ROUND_1000.signature.repeat(2),
      `${ROUND_1000.signature.slice(0, 95)}g`,
      '',
      // The point at infinity (compressed flag and infinity flag set): trivially "valid" in careless code.
      `c0${'0'.repeat(94)}`,
      // x too large for the field.
      `9f${'f'.repeat(94)}`,
    ];
    for (const signature of malformed) expect(verifyBeacon(QUICKNET, { round: 1000, signature })).toBe(false);
    expect(verifyBeacon(QUICKNET, { round: 0, signature: ROUND_1000.signature })).toBe(false);
    expect(verifyBeacon(QUICKNET, { round: -1000, signature: ROUND_1000.signature })).toBe(false);
    expect(verifyBeacon(QUICKNET, { round: 1000.5, signature: ROUND_1000.signature })).toBe(false);
    expect(verifyBeacon(QUICKNET, { round: 1000, signature: 42 as unknown as string })).toBe(false);
  });

  it('refuses a real beacon under another key, a malformed key or another scheme', () => {
    const { chain: otherChain } = testChain(7);
    expect(verifyBeacon(otherChain, ROUND_1000)).toBe(false);
    expect(verifyBeacon(SIMULATOR_CHAIN, ROUND_1000)).toBe(false);
    expect(verifyBeacon({ ...QUICKNET, publicKey: flipByte(QUICKNET.publicKey, 50) }, ROUND_1000)).toBe(
      false,
    );
    expect(verifyBeacon({ ...QUICKNET, publicKey: QUICKNET.publicKey.slice(2) }, ROUND_1000)).toBe(false);
    expect(
      verifyBeacon({ ...QUICKNET, scheme: 'pedersen-bls-chained' as BeaconChain['scheme'] }, ROUND_1000),
    ).toBe(false);
  });
});

describe('a test key (how the simulator signs)', () => {
  it('verifies its own rounds with the same code, and only under its own key', () => {
    const { chain, sign } = testChain(3);
    const { chain: stranger } = testChain(4);
    const signature = sign(42);
    expect(signature).toHaveLength(96);
    expect(verifyBeacon(chain, { round: 42, signature })).toBe(true);
    expect(verifyBeacon(chain, { round: 43, signature })).toBe(false);
    expect(verifyBeacon(stranger, { round: 42, signature })).toBe(false);
    expect(verifyBeacon(QUICKNET, { round: 42, signature })).toBe(false);
  });
});

describe('beaconRandomness', () => {
  it('is SHA-256 of the bytes, not of the hex text', () => {
    expect(beaconRandomness('00')).toBe(createHash('sha256').update(Buffer.of(0)).digest('hex'));
    expect(beaconRandomness('ABCD')).toBe(beaconRandomness('abcd'));
    expect(() => beaconRandomness('abc')).toThrow(TypeError);
    expect(() => beaconRandomness('zz')).toThrow(TypeError);
    expect(() => beaconRandomness('')).toThrow(TypeError);
  });
});

describe('beaconMessage', () => {
  it('is SHA-256 of the round as 8 bytes big-endian', () => {
    const expected = createHash('sha256').update(Buffer.from('00000000000003e8', 'hex')).digest('hex');
    expect(Buffer.from(beaconMessage(1000)).toString('hex')).toBe(expected);
  });
});
