import { Secret, TOTP } from 'otpauth';

/**
 * TOTP (RFC 6238) with what every authenticator app expects: SHA-1, 6 digits, 30-second steps. The
 * `otpauth` library computes the codes; which step a code was accepted at is ours to remember, so a code
 * is good once (the service keeps the last accepted step per staff member).
 */
const PERIOD_SECONDS = 30;
const DIGITS = 6;
/** One step either side: a phone's clock a little off, or a code typed as it turned. */
const WINDOW = 1;

export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

function totpOf(secret: string, issuer = '', label = ''): TOTP {
  return new TOTP({
    issuer,
    label,
    secret: Secret.fromBase32(secret),
    algorithm: 'SHA1',
    digits: DIGITS,
    period: PERIOD_SECONDS,
  });
}

/** The otpauth:// URI an authenticator app reads from a QR code. */
export function totpUri(secret: string, issuer: string, label: string): string {
  return totpOf(secret, issuer, label).toString();
}

/** The time step a code belongs to (within ±1 step of `now`), or null when it matches none. */
export function matchTotp(secret: string, code: string, now: number = Date.now()): number | null {
  const totp = totpOf(secret);
  const delta = totp.validate({ token: code, timestamp: now, window: WINDOW });
  return delta === null ? null : totp.counter({ timestamp: now }) + delta;
}

/** The code of a step's time (tests play the authenticator app). */
export function totpCode(secret: string, now: number = Date.now()): string {
  return totpOf(secret).generate({ timestamp: now });
}

export const TOTP_PERIOD_MS = PERIOD_SECONDS * 1000;
