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

/**
 * Nickname: what others may see in place of the mobile number. 2 to 20 letters (any script), digits,
 * spaces, dots, dashes and underscores, beginning with a letter or digit; no markup, links or control
 * characters. Empty clears it (the Me page then shows the mobile number).
 */
export const NICKNAME_MIN = 2;
export const NICKNAME_MAX = 20;
const NICKNAME_PATTERN = /^[\p{L}\p{N}][\p{L}\p{M}\p{N} ._-]*$/u;

export function isValidNickname(nickname: string): boolean {
  const value = nickname.trim();
  if (value === '') return true;
  const length = [...value].length;
  return length >= NICKNAME_MIN && length <= NICKNAME_MAX && NICKNAME_PATTERN.test(value);
}

export const TOKEN_COOKIE = 'token';
/** Spec §9: the login cookie lasts 7 days (also written to local storage). */
export const TOKEN_COOKIE_MAX_AGE_SECONDS = 7 * 24 * 3600;
/** Spec §9: the guid cookie (1 day); registration sends a code derived from it. */
export const GUID_COOKIE = 'guid';
/**
 * Spec §9: the referrer and landing-URL cookies (1 day). The app writes them at a visitor's first landing
 * (the outside page that sent them, the address they opened); registration stores both with the member.
 */
export const REFERRER_COOKIE = 'referrer';
export const LANDING_URL_COOKIE = 'landing_url';
export const LANDING_COOKIE_MAX_AGE_SECONDS = 24 * 60 * 60;
const LANDING_URL_MAX_LENGTH = 512;
/** http(s), a host name or address (no credentials: no `@` before the path), then printable characters only. */
const HTTP_URL = /^https?:\/\/[a-z0-9.-]+(?::\d{1,5})?(?:[/?#][!-~\u00a0-\uffff]*)?$/i;

/**
 * A referrer or landing address as kept: an absolute http(s) URL of at most 512 characters without
 * control characters or credentials, else nothing (a cookie is the visitor's to write).
 */
export function keptLandingUrl(value: string | undefined): string | null {
  if (!value || value.length > LANDING_URL_MAX_LENGTH) return null;
  return HTTP_URL.test(value) ? value : null;
}
