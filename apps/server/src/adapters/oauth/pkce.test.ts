import { describe, expect, it } from 'vitest';
import { isSameOAuthState, newOAuthState, newPkcePair, toPkceChallenge } from './pkce.ts';

describe('PKCE and state', () => {
  it('computes the S256 challenge of RFC 7636 appendix B', () => {
    expect(toPkceChallenge('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk')).toBe(
      'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
    );
  });

  it('makes a fresh 43-character base64url verifier with its challenge', () => {
    const pair = newPkcePair();
    expect(pair.verifier).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(pair.challenge).toBe(toPkceChallenge(pair.verifier));
    expect(newPkcePair().verifier).not.toBe(pair.verifier);
  });

  it('makes states of at least 128 bits and compares them exactly', () => {
    const state = newOAuthState();
    expect(Buffer.from(state, 'base64url').length).toBeGreaterThanOrEqual(16);
    expect(state).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(newOAuthState()).not.toBe(state);
    expect(isSameOAuthState(state, state)).toBe(true);
    expect(isSameOAuthState(state, `${state}x`)).toBe(false);
    expect(isSameOAuthState(state, newOAuthState())).toBe(false);
  });
});
