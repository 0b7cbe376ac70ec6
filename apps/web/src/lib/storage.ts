/**
 * Storage that never throws: private mode, a full quota or a disabled storage must not break the app,
 * it only loses the remembered value.
 */
type StorageKind = 'localStorage' | 'sessionStorage';

function storage(kind: StorageKind): Storage | undefined {
  try {
    return window[kind];
  } catch {
    return undefined;
  }
}

export function readStorage(kind: StorageKind, key: string): string | null {
  try {
    return storage(kind)?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function writeStorage(kind: StorageKind, key: string, value: string): void {
  try {
    storage(kind)?.setItem(key, value);
  } catch {
    // Quota or privacy mode: the value is only a cache or a preference.
  }
}

export function readJson<T>(kind: StorageKind, key: string): T | undefined {
  const text = readStorage(kind, key);
  if (text === null) return undefined;
  try {
    return JSON.parse(text) as T;
  } catch {
    return undefined;
  }
}

export function writeJson(kind: StorageKind, key: string, value: unknown): void {
  writeStorage(kind, key, JSON.stringify(value));
}

export function removeStorage(kind: StorageKind, key: string): void {
  try {
    storage(kind)?.removeItem(key);
  } catch {
    // Nothing to forget when storage is unavailable.
  }
}
