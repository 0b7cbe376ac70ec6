import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { AppError } from '../../../http/app-error.ts';

/**
 * Images players upload (avatars, appeal proofs). Only JPEG, PNG and WebP are kept, recognised by
 * their first bytes rather than by the name or type the phone claims; SVG and HTML never are, so an
 * upload cannot carry script. Files get a random 128-bit name. Public images (avatars) are served from
 * /uploads/; private ones (deposit appeal proofs: M-PESA messages, bank screens) are kept in their own
 * folder, which /uploads/ cannot reach, and only served through routes that check who asks.
 */
export const UPLOADS_URL_PREFIX = '/uploads/';

/** The folder of private images (appeal proofs) inside the upload folder. */
export function privateImageDir(uploadDir: string): string {
  return path.join(uploadDir, 'private');
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

/** Keeps an image in `dir` under a new random name, which it answers. */
export async function storeImage(dir: string, content: unknown): Promise<string> {
  if (!Buffer.isBuffer(content) || content.length === 0) throw new AppError('NOT_AN_IMAGE');
  const kind = IMAGE_KINDS.find((candidate) => candidate.matches(content));
  if (!kind) throw new AppError('NOT_AN_IMAGE');
  const name = `${randomBytes(16).toString('hex')}.${kind.extension}`;
  await mkdir(dir, { recursive: true });
  await writeFile(path.join(dir, name), content, { flag: 'wx' });
  return name;
}

/** A public image (an avatar), served from /uploads/. */
export async function saveImage(uploadDir: string, content: unknown): Promise<{ url: string }> {
  return { url: `${UPLOADS_URL_PREFIX}${await storeImage(uploadDir, content)}` };
}

/** Whether `name` is one our uploads could have (a random hex name and an image extension). */
export function isStoredImageName(name: string): boolean {
  return STORED_NAME.test(name);
}

/** A stored image of `dir` by its name, or undefined; names that are not ours never reach the file system. */
export async function readImage(
  dir: string,
  name: string,
): Promise<{ content: Buffer; contentType: string } | undefined> {
  if (!STORED_NAME.test(name)) return undefined;
  const extension = name.slice(name.lastIndexOf('.') + 1);
  const kind = IMAGE_KINDS.find((candidate) => candidate.extension === extension);
  try {
    return {
      content: await readFile(path.join(dir, name)),
      contentType: kind?.contentType ?? 'application/octet-stream',
    };
  } catch {
    return undefined;
  }
}
