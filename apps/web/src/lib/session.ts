import { useSyncExternalStore } from 'react';
import { getCookie } from './cookies.ts';

/**
 * Logged in = a token cookie (spec §4). Login, logout and the profile arrive with the member feature;
 * until then the cookie is read on every render of a subscriber, and `notifySessionChange` tells
 * subscribers when code changes it.
 */
const listeners = new Set<() => void>();

export function getToken(): string | undefined {
  const token = getCookie('token');
  return token ? token : undefined;
}

export function notifySessionChange(): void {
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  window.addEventListener('focus', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('focus', listener);
  };
}

export type Session = { isLoggedIn: boolean; token: string | undefined };

export function useSession(): Session {
  const token = useSyncExternalStore(subscribe, getToken, getToken);
  return { isLoggedIn: token !== undefined, token };
}
