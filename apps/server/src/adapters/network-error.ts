/**
 * What an adapter may say about a failed fetch: only a system error code (ECONNREFUSED…), never the
 * error's message, which can quote the request's address and with it a secret or a phone number.
 */
export function describeNetworkError(error: unknown): string {
  const cause: unknown = error instanceof Error ? error.cause : undefined;
  const code: unknown =
    typeof cause === 'object' && cause !== null ? (cause as { code?: unknown }).code : undefined;
  return typeof code === 'string' && /^[A-Z][A-Z0-9_]*$/.test(code)
    ? `network error ${code}`
    : 'network error';
}
