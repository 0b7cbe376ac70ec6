/**
 * A fresh id naming one tap (a purchase, an exchange, a draw): sent again on a retry it is the same request,
 * done once by the server. 128 random bits as hex (crypto.randomUUID needs a secure context;
 * getRandomValues does not).
 */
export function newRequestId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
