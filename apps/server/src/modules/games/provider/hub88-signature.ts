import { sign, verify, type KeyObject } from 'node:crypto';

/**
 * Hub88's request signing (external-protocols.md §4.1): RSA-SHA256 over the body exactly as sent,
 * base64, in `X-Hub88-Signature`. Each side signs with its own private key and checks the other's
 * answers with the other's public key.
 */
export const HUB88_SIGNATURE_HEADER = 'x-hub88-signature';

export function signHub88Body(body: Buffer | string, privateKey: KeyObject): string {
  return sign('sha256', typeof body === 'string' ? Buffer.from(body) : body, privateKey).toString('base64');
}

/**
 * Whether `signature` is the provider's signature of these exact bytes. Re-serialised JSON would not do:
 * key order and number formatting may differ from what was signed. Anything malformed is simply false.
 */
export function isHub88SignatureValid(
  body: Buffer,
  signature: string | undefined,
  publicKey: KeyObject,
): boolean {
  if (!signature || signature.length > 2048 || !/^[A-Za-z0-9+/]+={0,2}$/.test(signature)) return false;
  try {
    return verify('sha256', body, publicKey, Buffer.from(signature, 'base64'));
  } catch {
    return false;
  }
}
