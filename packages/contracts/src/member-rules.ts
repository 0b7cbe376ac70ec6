/**
 * Member rules as plain values, without zod: the web app's home path imports these, and importing any
 * value from `member.ts` would bring its schemas and zod along (+25 KB gzipped).
 *
 * Password: 6 to 20 characters of any kind (spec §5's main reading, 'Password must be 6 to 20
 * characters', and the Kenya maximum of 20; docs/decisions.md).
 */
export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 20;
export const SMS_CODE_LENGTH = 6;

export function isValidPassword(password: string): boolean {
  return password.length >= PASSWORD_MIN && password.length <= PASSWORD_MAX;
}

export const TOKEN_COOKIE = 'token';
/** Spec §9: the login cookie lasts 7 days (also written to local storage). */
export const TOKEN_COOKIE_MAX_AGE_SECONDS = 7 * 24 * 3600;
/** Spec §9: the guid cookie (1 day); registration sends a code derived from it. */
export const GUID_COOKIE = 'guid';
