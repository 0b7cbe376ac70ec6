import { readStorage, writeStorage } from './storage.ts';

const KEY = 'deviceid';
let cached: string | undefined;

function randomId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID().replace(/-/g, '');
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** A random id for this browser, kept across visits; the server uses it for the one-device rule. */
export function getDeviceId(): string {
  if (cached) return cached;
  const stored = readStorage('localStorage', KEY);
  cached = stored && /^[0-9a-f]{16,64}$/.test(stored) ? stored : randomId();
  if (cached !== stored) writeStorage('localStorage', KEY, cached);
  return cached;
}
