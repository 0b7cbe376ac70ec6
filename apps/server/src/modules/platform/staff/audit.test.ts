import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { canonicalJson, chainHash, GENESIS_HASH } from './audit.service.ts';
import { matchTotp, newTotpSecret, TOTP_PERIOD_MS, totpCode } from './totp.ts';

describe('canonical JSON', () => {
  it('sorts keys at every depth and drops undefined members, so jsonb’s key order does not matter', () => {
    expect(canonicalJson({ b: 1, a: { d: [2, { z: 1, y: null }], c: 'x' }, u: undefined })).toBe(
      '{"a":{"c":"x","d":[2,{"y":null,"z":1}]},"b":1}',
    );
    expect(canonicalJson({ a: 1, b: 2 })).toBe(canonicalJson({ b: 2, a: 1 }));
  });

  it('hashes the previous hash followed by the entry', () => {
    const entry = {
      id: 1,
      at: '2026-11-25T10:00:00.000Z',
      staffId: null,
      staffLogin: 'ADMIN_TOKEN',
      action: 'staff.bootstrap',
      target: 'staff:1',
      before: null,
      after: { login: 'amina' },
      requestId: null,
    };
    const expected = createHash('sha256')
      .update(GENESIS_HASH + canonicalJson(entry))
      .digest('hex');
    expect(chainHash(GENESIS_HASH, entry)).toBe(expected);
    expect(chainHash(GENESIS_HASH, { ...entry, after: { login: 'other' } })).not.toBe(expected);
  });
});

describe('TOTP', () => {
  it('matches a code one step either side of now and names its step; not two steps away', () => {
    const secret = newTotpSecret();
    const now = 1_764_064_800_000; // a step boundary
    const step = now / TOTP_PERIOD_MS;
    expect(matchTotp(secret, totpCode(secret, now), now)).toBe(step);
    expect(matchTotp(secret, totpCode(secret, now - TOTP_PERIOD_MS), now)).toBe(step - 1);
    expect(matchTotp(secret, totpCode(secret, now + TOTP_PERIOD_MS), now)).toBe(step + 1);
    expect(matchTotp(secret, totpCode(secret, now + 2 * TOTP_PERIOD_MS), now)).toBeNull();
  });

  it('agrees with RFC 6238’s SHA-1 test vector (59 s → 94287082, its last 6 digits 287082)', () => {
    // The RFC's secret is the ASCII "12345678901234567890", base32 below.
    const secret = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';
    expect(totpCode(secret, 59_000)).toBe('287082');
    expect(matchTotp(secret, '287082', 59_000)).toBe(1);
  });
});
