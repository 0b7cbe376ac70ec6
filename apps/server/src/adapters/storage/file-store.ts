/**
 * Where uploaded files are kept (avatars, appeal proofs): a folder on this machine, or an S3-compatible
 * bucket that every instance of a fleet reads (`createUploadStore` in upload-store.ts picks by configuration).
 * Keys are relative paths of plain names joined by '/' (`{name}`, `private/{name}`); callers never pass
 * what a request typed without checking it, and each store refuses any other key all the same.
 */
export type FileStore = {
  /** Where the files are, for the start-up log (never a secret). */
  readonly location: string;
  /** Keeps `content` under `key`. Keys are random names written once: an existing one is not replaced. */
  put(key: string, content: Buffer, contentType: string): Promise<void>;
  /** The content kept under `key`, or undefined when nothing is. */
  get(key: string): Promise<Buffer | undefined>;
};

const KEY = /^[A-Za-z0-9_-][A-Za-z0-9._-]{0,127}(\/[A-Za-z0-9_-][A-Za-z0-9._-]{0,127}){0,3}$/;

/** Refuses a key that could leave the store's folder or bucket prefix (`..`, absolute, odd characters). */
export function checkedKey(key: string): string {
  if (!KEY.test(key) || key.split('/').some((part) => part === '.' || part === '..')) {
    throw new Error(`not a file store key: ${JSON.stringify(key)}`);
  }
  return key;
}
