import { readJson, writeJson } from './storage.ts';

/**
 * Operator content (adverts, menus, options) survives a bad network: every good answer is kept in
 * localStorage and served when the next call fails (spec §7, §8: such failures are only logged).
 */
const PREFIX = 'cache:';

export function readLocalCopy<T>(key: string): T | undefined {
  return readJson<T>('localStorage', `${PREFIX}${key}`);
}

export function writeLocalCopy(key: string, data: unknown): void {
  writeJson('localStorage', `${PREFIX}${key}`, data);
}

export async function withLocalCopy<T>(key: string, load: () => Promise<T>): Promise<T> {
  try {
    const data = await load();
    writeLocalCopy(key, data);
    return data;
  } catch (error) {
    const copy = readLocalCopy<T>(key);
    console.warn(`[${key}] load failed${copy === undefined ? '' : ', using the local copy'}`, error);
    if (copy !== undefined) return copy;
    throw error;
  }
}
