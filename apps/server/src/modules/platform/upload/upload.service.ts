import { randomBytes } from 'node:crypto';
import type { FileStore } from '../../../adapters/storage/file-store.ts';
import { AppError } from '../../../http/app-error.ts';

/**
 * Images players upload (avatars, appeal proofs). Only JPEG, PNG and WebP are kept, recognised by
 * their first bytes rather than by the name or type the phone claims; SVG and HTML never are, so an
 * upload cannot carry script. Files get a random 128-bit name. They are kept in the upload store (a
 * folder, or a bucket every instance of a fleet shares: adapters/storage). Public images (avatars) are
 * served from /uploads/; private ones (deposit appeal proofs: M-PESA messages, bank screens) are kept
 * under `private/`, which /uploads/ cannot reach, and only served through routes that check who asks.
 */
export const UPLOADS_URL_PREFIX = '/uploads/';

/** Public images are served to anyone at /uploads/; private ones only by routes that check who asks. */
export type ImageVisibility = 'public' | 'private';

/** The store key of an image: public ones at the top, private ones in their own `private/` part. */
function keyOf(visibility: ImageVisibility, name: string): string {
  return visibility === 'public' ? name : `private/${name}`;
}

const IMAGE_KINDS = [
  {
    extension: 'jpg',
    contentType: 'image/jpeg',
    matches: (b: Buffer) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff,
  },
  {
    extension: 'png',
    contentType: 'image/png',
    matches: (b: Buffer) =>
      b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  },
  {
    extension: 'webp',
    contentType: 'image/webp',
    matches: (b: Buffer) =>
      b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP',
  },
] as const;

const STORED_NAME = /^[0-9a-f]{32}\.(jpg|png|webp)$/;

/** Keeps an image in the store under a new random name, which it answers. */
export async function storeImage(
  store: FileStore,
  visibility: ImageVisibility,
  content: unknown,
): Promise<string> {
  if (!Buffer.isBuffer(content) || content.length === 0) throw new AppError('NOT_AN_IMAGE');
  const kind = IMAGE_KINDS.find((candidate) => candidate.matches(content));
  if (!kind) throw new AppError('NOT_AN_IMAGE');
  const name = `${randomBytes(16).toString('hex')}.${kind.extension}`;
  await store.put(keyOf(visibility, name), content, kind.contentType);
  return name;
}

/** A public image (an avatar), served from /uploads/. */
export async function saveImage(store: FileStore, content: unknown): Promise<{ url: string }> {
  return { url: `${UPLOADS_URL_PREFIX}${await storeImage(store, 'public', content)}` };
}

/** Whether `name` is one our uploads could have (a random hex name and an image extension). */
export function isStoredImageName(name: string): boolean {
  return STORED_NAME.test(name);
}

/**
 * A stored image by its name, or undefined; names that are not ours never reach the store. Its type comes
 * from its name, which we chose from its first bytes, never from what the store says it is.
 */
export async function readImage(
  store: FileStore,
  visibility: ImageVisibility,
  name: string,
): Promise<{ content: Buffer; contentType: string } | undefined> {
  if (!STORED_NAME.test(name)) return undefined;
  const extension = name.slice(name.lastIndexOf('.') + 1);
  const kind = IMAGE_KINDS.find((candidate) => candidate.extension === extension);
  const content = await store.get(keyOf(visibility, name));
  return content && { content, contentType: kind?.contentType ?? 'application/octet-stream' };
}
