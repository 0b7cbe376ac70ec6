import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  bytesToFloat,
  createFloatStream,
  generateClientSeed,
  generateFloats,
  generateServerSeed,
  hashServerSeed,
  nobleHmacSha256,
  roundBytes,
  serverSeedMatches,
  type BetSeeds,
  type HmacSha256,
} from './stream.ts';

const seeds: BetSeeds = { serverSeed: 'a'.repeat(64), clientSeed: 'client', nonce: 1 };

/** The reference computation, independent of the package: node:crypto and the float formula as written. */
function referenceFloats({ serverSeed, clientSeed, nonce }: BetSeeds, count: number): number[] {
  const bytes: number[] = [];
  for (let round = 0; bytes.length < count * 4; round += 1) {
    bytes.push(...createHmac('sha256', serverSeed).update(`${clientSeed}:${nonce}:${round}`).digest());
  }
  return Array.from({ length: count }, (_, index) =>
    bytes
      .slice(index * 4, index * 4 + 4)
      .reduce((float, byte, position) => float + byte / 256 ** (position + 1), 0),
  );
}

describe('byte stream', () => {
  it('is HMAC_SHA256(serverSeed, "clientSeed:nonce:round")', () => {
    // Known answer, from `crypto.createHmac('sha256', 'a'.repeat(64)).update('client:1:0')`.
    expect(Buffer.from(roundBytes(seeds, 0)).toString('hex')).toBe(
      '4a8a4b1e7b7ddc983b6ca439b8a3a2fcd02cd2d03c0b23bef0a3e22136b7a446',
    );
    for (const [serverSeed, clientSeed, nonce, round] of [
      ['0'.repeat(64), 'x', 0, 0],
      ['f'.repeat(64), 'My lucky seed: 7!', 123456, 3],
      [generateServerSeed(), generateClientSeed(), 2 ** 40, 17],
    ] as const) {
      const expected = createHmac('sha256', serverSeed).update(`${clientSeed}:${nonce}:${round}`).digest();
      expect(Buffer.from(roundBytes({ serverSeed, clientSeed, nonce }, round)).equals(expected)).toBe(true);
    }
  });

  it('turns 4 bytes into b0/256 + b1/256² + b2/256³ + b3/256⁴', () => {
    expect(bytesToFloat(Uint8Array.of(0, 0, 0, 0))).toBe(0);
    expect(bytesToFloat(Uint8Array.of(0x80, 0, 0, 0))).toBe(0.5);
    expect(bytesToFloat(Uint8Array.of(0, 0, 0, 1))).toBe(2 ** -32);
    expect(bytesToFloat(Uint8Array.of(0xff, 0xff, 0xff, 0xff))).toBe(1 - 2 ** -32);
    // 0x4a8a4b1e, the first float of the known answer above.
    expect(bytesToFloat(Uint8Array.of(0x4a, 0x8a, 0x4b, 0x1e))).toBe(0x4a8a4b1e / 2 ** 32);
    expect(bytesToFloat(Uint8Array.of(9, 9, 0x4a, 0x8a, 0x4b, 0x1e), 2)).toBe(0x4a8a4b1e / 2 ** 32);
  });

  it('reads floats across rounds exactly as the reference does', () => {
    const floats = generateFloats(seeds, 30);
    expect(floats).toEqual(referenceFloats(seeds, 30));
    expect(floats[0]).toBe(0x4a8a4b1e / 2 ** 32);
    for (const nonce of [0, 7, 99_999]) {
      const other = { ...seeds, clientSeed: 'another', nonce };
      expect(generateFloats(other, 17)).toEqual(referenceFloats(other, 17));
    }
  });

  it('keeps a cursor: eight floats per round, then the next round', () => {
    const stream = createFloatStream(seeds);
    for (let index = 0; index < 8; index += 1) stream.next();
    expect(stream.cursor).toBe(32);
    const round1 = roundBytes(seeds, 1);
    expect(stream.next()).toBe(bytesToFloat(round1, 0));
    expect(stream.cursor).toBe(36);
  });

  it('uses an injected HMAC through the seam, with the same result as noble', () => {
    const calls: string[] = [];
    const nodeHmac: HmacSha256 = (key, message) => {
      calls.push(message);
      return createHmac('sha256', key).update(message).digest();
    };
    expect(generateFloats(seeds, 9, nodeHmac)).toEqual(generateFloats(seeds, 9));
    expect(calls).toEqual(['client:1:0', 'client:1:1']);
  });

  it('caches the keyed state per key without mixing keys', () => {
    const a = nobleHmacSha256('k1', 'm');
    const b = nobleHmacSha256('k2', 'm');
    expect(Buffer.from(nobleHmacSha256('k1', 'm')).equals(Buffer.from(a))).toBe(true);
    expect(Buffer.from(b).equals(createHmac('sha256', 'k2').update('m').digest())).toBe(true);
  });

  it('rejects seeds that could not be verified the same way everywhere', () => {
    expect(() => generateFloats({ ...seeds, serverSeed: 'A'.repeat(64) }, 1)).toThrow(/serverSeed/);
    expect(() => generateFloats({ ...seeds, serverSeed: 'a'.repeat(63) }, 1)).toThrow(/serverSeed/);
    expect(() => generateFloats({ ...seeds, clientSeed: '' }, 1)).toThrow(/clientSeed/);
    expect(() => generateFloats({ ...seeds, clientSeed: 'café' }, 1)).toThrow(/clientSeed/);
    expect(() => generateFloats({ ...seeds, clientSeed: 'x'.repeat(65) }, 1)).toThrow(/clientSeed/);
    expect(() => generateFloats({ ...seeds, nonce: -1 }, 1)).toThrow(/nonce/);
    expect(() => generateFloats({ ...seeds, nonce: 1.5 }, 1)).toThrow(/nonce/);
  });
});

describe('seeds', () => {
  it('commits to a server seed by the SHA-256 of its text', () => {
    const expected = createHash('sha256').update(seeds.serverSeed).digest('hex');
    expect(hashServerSeed(seeds.serverSeed)).toBe(expected);
    expect(expected).toBe('ffe054fe7ae0cb6dc65c3af9b61d5209f439851db43d0ba5997337df154668eb');
    expect(serverSeedMatches(seeds.serverSeed, expected)).toBe(true);
    expect(serverSeedMatches(seeds.serverSeed, expected.toUpperCase())).toBe(true);
    expect(serverSeedMatches('b'.repeat(64), expected)).toBe(false);
  });

  it('generates random server and client seeds', () => {
    const servers = new Set(Array.from({ length: 100 }, generateServerSeed));
    expect(servers.size).toBe(100);
    for (const seed of servers) expect(seed).toMatch(/^[0-9a-f]{64}$/);
    expect(generateClientSeed()).toMatch(/^[0-9a-f]{32}$/);
    expect(generateClientSeed()).not.toBe(generateClientSeed());
  });
});
