import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

/**
 * Password hashing with argon2id at OWASP's parameters (19 MiB, 2 iterations, 1 lane; reliability §2.1),
 * session tokens of 256 random bits stored only as SHA-256, and 6-digit codes from a CSPRNG.
 */
const ARGON2ID = 2;
const PASSWORD_OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, PASSWORD_OPTIONS);
}

// Verified against when the mobile is unknown, so an unknown number costs the same time as a wrong
// password and the answer's timing does not tell which numbers are registered.
let decoyHash: Promise<string> | undefined;

export async function verifyPassword(storedHash: string | undefined, password: string): Promise<boolean> {
  if (storedHash === undefined) {
    decoyHash ??= hashPassword(randomBytes(16).toString('hex'));
    await verify(await decoyHash, password).catch(() => false);
    return false;
  }
  return verify(storedHash, password).catch(() => false);
}

export function newSessionToken(): string {
  return randomBytes(32).toString('base64url');
}

/** SHA-256 (hex) of a secret that travels: session tokens, OAuth states, social tickets. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function newSmsCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

export function newSalt(): string {
  return randomBytes(16).toString('hex');
}

export function hashSmsCode(salt: string, code: string): string {
  return createHash('sha256').update(`${salt}:${code}`).digest('hex');
}

export function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}

// No 0/O, 1/I/L: invitation codes are read aloud and typed on phones.
const INVITE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

export function newInviteCode(): string {
  let code = '';
  for (let index = 0; index < 8; index += 1) code += INVITE_ALPHABET[randomInt(INVITE_ALPHABET.length)];
  return code;
}
