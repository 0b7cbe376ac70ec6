import { randomBytes } from 'node:crypto';

/** What the player agreed to on the dialog, bound to the code that carries it. */
export type AuthorizationGrant = {
  clientId: string;
  redirectUri: string;
  /** The PKCE S256 challenge, when the dialog was opened with one. */
  codeChallenge: string | undefined;
  userId: string;
  scopes: readonly string[];
};

export type IssuedToken = {
  userId: string;
  scopes: readonly string[];
  expiresAt: number;
};

export type RedeemResult =
  | { outcome: 'redeemed'; grant: AuthorizationGrant; codeId: string }
  | { outcome: 'unknown' }
  | { outcome: 'used' }
  | { outcome: 'expired' };

export type OAuthGrantStore = {
  issueCode(grant: AuthorizationGrant): string;
  /**
   * Looks a code up without spending it, so a request that fails a later check (wrong redirect_uri,
   * wrong verifier) does not burn the player's code; `spendCode` marks it used once every check passed.
   */
  findCode(code: string): RedeemResult;
  spendCode(codeId: string): void;
  issueToken(codeId: string, token: Omit<IssuedToken, 'expiresAt'>, lifetimeMs: number): string;
  findToken(accessToken: string): IssuedToken | 'unknown' | 'expired';
};

type StoredCode = { grant: AuthorizationGrant; expiresAt: number; usedAt: number | undefined };

/** A long test run must not grow the simulator without bound; the oldest tokens go first. */
const MAX_STORED_TOKENS = 10_000;

/** Used codes are remembered this long after they expire, so a replay is told "used", not "invalid". */
const USED_CODE_MEMORY_MS = 60 * 60 * 1000;

function opaque(prefix: string, bytes: number): string {
  return `${prefix}${randomBytes(bytes).toString('base64url')}`;
}

/** Codes and tokens live in memory; a restart logs every tester out, as a provider outage would. */
export function createOAuthGrantStore(options: {
  now: () => number;
  codeLifetimeMs: number;
}): OAuthGrantStore {
  const codes = new Map<string, StoredCode>();
  const tokens = new Map<string, IssuedToken & { codeId: string }>();

  function forgetStaleCodes(): void {
    const now = options.now();
    for (const [code, stored] of codes) {
      if (stored.expiresAt + USED_CODE_MEMORY_MS < now) codes.delete(code);
    }
  }

  return {
    issueCode(grant) {
      forgetStaleCodes();
      // Facebook's codes start "AQ" and are long opaque strings; testers recognise the shape.
      const code = opaque('AQ', 48);
      codes.set(code, { grant, expiresAt: options.now() + options.codeLifetimeMs, usedAt: undefined });
      return code;
    },
    findCode(code) {
      const stored = codes.get(code);
      if (stored === undefined) return { outcome: 'unknown' };
      if (stored.usedAt !== undefined) {
        // RFC 6749 §4.1.2: a code presented twice may have been stolen, so its tokens stop working.
        for (const [token, issued] of tokens) if (issued.codeId === code) tokens.delete(token);
        return { outcome: 'used' };
      }
      if (options.now() >= stored.expiresAt) return { outcome: 'expired' };
      return { outcome: 'redeemed', grant: stored.grant, codeId: code };
    },
    spendCode(codeId) {
      const stored = codes.get(codeId);
      if (stored !== undefined) stored.usedAt = options.now();
    },
    issueToken(codeId, token, lifetimeMs) {
      const accessToken = opaque('EAA', 96);
      tokens.set(accessToken, { ...token, expiresAt: options.now() + lifetimeMs, codeId });
      if (tokens.size > MAX_STORED_TOKENS) {
        const oldest = tokens.keys().next().value;
        if (oldest !== undefined) tokens.delete(oldest);
      }
      return accessToken;
    },
    findToken(accessToken) {
      const issued = tokens.get(accessToken);
      if (issued === undefined) return 'unknown';
      if (options.now() >= issued.expiresAt) return 'expired';
      return { userId: issued.userId, scopes: issued.scopes, expiresAt: issued.expiresAt };
    },
  };
}
