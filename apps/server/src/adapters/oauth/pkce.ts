import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

export type PkcePair = {
  /** Kept by the server (never sent to the browser) until the code comes back. */
  verifier: string;
  /** Sent on the authorization request with `code_challenge_method=S256`. */
  challenge: string;
};

/** RFC 7636 §4.2: the S256 challenge of a verifier, BASE64URL(SHA256(verifier)) without padding. */
export function toPkceChallenge(verifier: string): string {
  return createHash('sha256').update(verifier, 'ascii').digest('base64url');
}

/**
 * RFC 7636 §4.1: 32 random bytes in base64url make a 43-character verifier, the length the RFC
 * recommends, with 256 bits a stolen code cannot be redeemed without.
 */
export function newPkcePair(): PkcePair {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: toPkceChallenge(verifier) };
}

/** The `state` that ties the callback to the browser that started the login (CSRF, RFC 6749 §10.12). */
export function newOAuthState(): string {
  return randomBytes(32).toString('base64url');
}

/** Compares the state the callback brought with the one stored for the browser, in constant time. */
export function isSameOAuthState(expected: string, received: string): boolean {
  const a = Buffer.from(expected);
  const b = Buffer.from(received);
  return a.length === b.length && timingSafeEqual(a, b);
}
