import { PAGE_PATHS } from '@app/contracts/page-paths';
import { safeRedirectPath } from '../../lib/redirect.ts';

/** Where a re-authentication or a mobile change goes when it was given nowhere (or nowhere safe). */
export const REAUTH_FALLBACK_PATH = PAGE_PATHS.settings;

/** What `/authentication/sms/{data}` carries: where to go once the member has proven it is them. */
export type ReauthData = { next: string };

function toBase64Url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(text: string): Uint8Array {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) throw new Error('not base64url');
  const base64 = text.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64.padEnd(base64.length + ((4 - (base64.length % 4)) % 4), '='));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}

/** `{next}` as base64url JSON (UTF-8), a single path segment with no characters to escape. */
export function encodeReauthData(data: ReauthData): string {
  return toBase64Url(new TextEncoder().encode(JSON.stringify(data)));
}

/** The `{next}` in a path segment, or undefined when it is not ours (bad base64, bad JSON, no next). */
export function decodeReauthData(text: string | undefined): ReauthData | undefined {
  if (!text) return undefined;
  try {
    const value: unknown = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(fromBase64Url(text)));
    if (typeof value !== 'object' || value === null) return undefined;
    const { next } = value as { next?: unknown };
    return typeof next === 'string' ? { next } : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Where to go after the re-authentication (`next`) or the mobile change (`redirect`): only a path on this
 * site (an address could be crafted to send a freshly re-authenticated member elsewhere), else the
 * settings.
 */
export function reauthTarget(next: string | null | undefined): string {
  return safeRedirectPath(next) ?? REAUTH_FALLBACK_PATH;
}
