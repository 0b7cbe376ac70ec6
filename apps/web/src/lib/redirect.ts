import { PAGE_PATHS } from '@app/contracts/page-paths';

/**
 * Where the `r` query may send the player. Only a path on this site is accepted: a value starting with
 * `//` or a backslash is a protocol-relative address to another host, and anything with a scheme is
 * an open redirect.
 */
export function safeRedirectPath(value: string | null | undefined): string | undefined {
  if (!value) return undefined;
  const path = value.trim();
  if (!path.startsWith('/') || path.startsWith('//') || path.startsWith('/\\')) return undefined;
  // Control characters and backslashes are read as separators by some browsers ("/\evil.com").
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\\]/.test(path)) return undefined;
  try {
    const base = 'https://app.invalid';
    const url = new URL(path, base);
    if (url.origin !== base) return undefined;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return undefined;
  }
}

/**
 * Old hash addresses (`/#/deposit?x=1`) as the real path (`/deposit?x=1`), or undefined when the address
 * is not a hash route. Plain anchors (`#top`) are left alone.
 */
export function rewriteHashUrl(hash: string): string | undefined {
  if (!hash.startsWith('#/')) return undefined;
  return safeRedirectPath(hash.slice(1));
}

/** The current in-app path with query, as sent in `r` so login can bring the player back. */
export function currentPath(): string {
  return `${window.location.pathname}${window.location.search}`;
}

export function loginPath(returnTo: string): string {
  return `${PAGE_PATHS.login}?r=${encodeURIComponent(returnTo)}`;
}
