import { useSyncExternalStore } from 'react';
import { BANNER_HIDE_MS } from './message-rules.ts';

/**
 * The notification banner (spec §4): one short line that slides in at the top of the app and hides
 * after 3 s. A newer banner replaces the one showing. The shell renders it; anything may raise one.
 */
export type Banner = {
  id: number;
  message: string;
  /** An in-app path the banner opens when tapped. */
  to?: string;
  /** Stable hook for browser tests. */
  testId?: string;
};

let current: Banner | undefined;
let nextId = 1;
let timer: ReturnType<typeof setTimeout> | undefined;
const listeners = new Set<() => void>();

function emit(next: Banner | undefined): void {
  current = next;
  listeners.forEach((listener) => listener());
}

export function hideBanner(id?: number): void {
  if (!current || (id !== undefined && current.id !== id)) return;
  clearTimeout(timer);
  timer = undefined;
  emit(undefined);
}

export function showBanner(message: string, options: { to?: string; testId?: string } = {}): number {
  clearTimeout(timer);
  const banner: Banner = { id: nextId++, message, ...options };
  emit(banner);
  timer = setTimeout(() => hideBanner(banner.id), BANNER_HIDE_MS);
  return banner.id;
}

export function getBanner(): Banner | undefined {
  return current;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useBanner(): Banner | undefined {
  return useSyncExternalStore(subscribe, getBanner, getBanner);
}
