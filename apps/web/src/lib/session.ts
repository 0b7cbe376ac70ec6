import { useSyncExternalStore } from 'react';
import { CLIENT_ERRORS } from '@app/contracts/errors';
import type { LoginResponse, Profile } from '@app/contracts/member';
import { deleteCookie, getCookie, setCookie } from './cookies.ts';
import { TOKEN_COOKIE, TOKEN_COOKIE_MAX_AGE_SECONDS } from '@app/contracts/member-rules';
import { isServerRender } from './server-page.ts';
import { readJson, readStorage, removeStorage, writeJson, writeStorage } from './storage.ts';

/**
 * The session (spec §4): the token (cookie for 7 days, mirrored in local storage) and the member's
 * profile. Register, login, SMS login and token login call `setSession`; logout calls `clearSession`.
 *
 * `isLoggedIn` follows the token: at start-up the token is known at once (the server render reads the
 * same cookie) while the profile arrives with the token login a moment later, so guards and the home
 * bar do not flicker to "visitor" and back. A token the server refuses is cleared, and with it the
 * logged-in state.
 *
 * The profile itself is not restored on start: it holds the balance, which must not be taken for live
 * from an old visit, and the first render in the browser must match the server's render, which has no
 * profile. A copy of the last one is kept (`lastKnown`) for one case only: the token login cannot reach
 * the server (offline, the installed app). The session then offers it as `lastKnown`, never as
 * `profile`, and the screens mark it as offline; the first answer of the server replaces it.
 */
export const TOKEN_STORAGE_KEY = 'token';
export const LAST_KNOWN_KEY = 'last-profile';

/** The last profile the server sent for this token, and when (ms). */
export type LastKnownProfile = { profile: Profile; savedAt: number };
type StoredProfile = LastKnownProfile & { token: string };

const listeners = new Set<() => void>();
/** Other stores (wallet, latest message) forget the member here; see `onSessionClear`. */
const clearCallbacks = new Set<() => void>();

let profile: Profile | undefined;
/** Set only while the token login could not reach the server; see the header. */
let lastKnown: LastKnownProfile | undefined;
/**
 * The token when the cookie is gone but local storage still has it (spec §9 keeps both): requests carry
 * it until the token login answers. Never set during a server render.
 */
let memoryToken: string | undefined;

export function getToken(): string | undefined {
  const cookie = getCookie(TOKEN_COOKIE);
  if (cookie) return cookie;
  return isServerRender() ? undefined : memoryToken;
}

export function getProfile(): Profile | undefined {
  return profile;
}

export function notifySessionChange(): void {
  listeners.forEach((listener) => listener());
}

/** After register, login, SMS login or token login: the token for 7 days and the profile. */
export function setSession(response: LoginResponse): void {
  setCookie(TOKEN_COOKIE, response.token, TOKEN_COOKIE_MAX_AGE_SECONDS);
  writeStorage('localStorage', TOKEN_STORAGE_KEY, response.token);
  memoryToken = response.token;
  keepProfile(response.memberInfo);
  notifySessionChange();
}

/** A fresher profile (balance after a deposit, a new nickname) for the same session. */
export function setProfile(next: Profile): void {
  keepProfile(next);
  notifySessionChange();
}

/** A live profile from the server: shown, and kept for an offline start of the same session. */
function keepProfile(next: Profile): void {
  profile = next;
  lastKnown = undefined;
  const token = getToken();
  if (token) {
    const stored: StoredProfile = { token, profile: next, savedAt: Date.now() };
    writeJson('localStorage', LAST_KNOWN_KEY, stored);
  }
}

function forgetToken(): void {
  deleteCookie(TOKEN_COOKIE);
  removeStorage('localStorage', TOKEN_STORAGE_KEY);
  removeStorage('localStorage', LAST_KNOWN_KEY);
  memoryToken = undefined;
  lastKnown = undefined;
}

/** Spec §8: a failed token login clears the token only (no toast, no other store is touched). */
export function clearToken(): void {
  forgetToken();
  notifySessionChange();
}

/** Logout (spec §4): token and profile go, and every store that registered forgets the member. */
export function clearSession(): void {
  forgetToken();
  profile = undefined;
  clearCallbacks.forEach((callback) => {
    try {
      callback();
    } catch (error) {
      console.error('session clear callback failed', error);
    }
  });
  notifySessionChange();
}

/**
 * The hook point for stores that hold member data (wallet, latest message): `callback` runs on every
 * `clearSession()`. Returns the unregister function.
 */
export function onSessionClear(callback: () => void): () => void {
  clearCallbacks.add(callback);
  return () => clearCallbacks.delete(callback);
}

/** A refusal by the server; a lost network or a server fault says nothing about the token. */
function isTokenRefused(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return true;
  const { code, status } = error as { code?: unknown; status?: unknown };
  if (code === CLIENT_ERRORS.NETWORK || code === CLIENT_ERRORS.SETUP) return false;
  return !(typeof status === 'number' && status >= 500);
}

/**
 * Start-up (spec §4): with a stored token (cookie, else local storage when the cookie was lost) log in
 * with it. Success refreshes token and profile; a refusal clears the token only (spec §8). Without a
 * network the token is kept: the player is still logged in when the connection comes back.
 *
 * `loginWithToken` is passed in so this store does not import the request wrapper (which reads it).
 */
export async function restoreSession(loginWithToken: () => Promise<LoginResponse>): Promise<void> {
  const token = getCookie(TOKEN_COOKIE) || readStorage('localStorage', TOKEN_STORAGE_KEY) || undefined;
  if (!token) return;
  if (memoryToken !== token) {
    memoryToken = token;
    notifySessionChange();
  }
  try {
    const response = await loginWithToken();
    // A login or logout while the call was in flight wins over this older answer.
    if (getToken() === token) setSession(response);
  } catch (error) {
    if (getToken() !== token) return;
    if (isTokenRefused(error)) {
      clearToken();
      return;
    }
    // Unreachable server: the last profile of this very token, marked as such by the screens.
    const stored = readJson<StoredProfile>('localStorage', LAST_KNOWN_KEY);
    if (!profile && stored?.token === token && stored.profile) {
      lastKnown = { profile: stored.profile, savedAt: stored.savedAt };
      notifySessionChange();
    }
  }
}

/** The token login again once the network is back, when the profile shown is only the last known one. */
export function restoreSessionWhenOnline(loginWithToken: () => Promise<LoginResponse>): () => void {
  const retry = () => {
    if (!profile && getToken()) void restoreSession(loginWithToken);
  };
  window.addEventListener('online', retry);
  return () => window.removeEventListener('online', retry);
}

export type Session = {
  isLoggedIn: boolean;
  token: string | undefined;
  /** From the server in this visit: live. */
  profile: Profile | undefined;
  /** Only while the server cannot be reached and `profile` is unknown: to be shown marked as offline. */
  lastKnown: LastKnownProfile | undefined;
};

const VISITOR: Session = { isLoggedIn: false, token: undefined, profile: undefined, lastKnown: undefined };
let snapshot: Session = VISITOR;

/** The same object while nothing changed, as useSyncExternalStore requires. */
function getSnapshot(): Session {
  const token = getToken();
  const current = token ? profile : undefined;
  const offline = token && !current ? lastKnown : undefined;
  if (snapshot.token !== token || snapshot.profile !== current || snapshot.lastKnown !== offline) {
    snapshot = token ? { isLoggedIn: true, token, profile: current, lastKnown: offline } : VISITOR;
  }
  return snapshot;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab may have logged in or out: the cookie is read again when the player comes back.
  window.addEventListener('focus', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('focus', listener);
  };
}

/**
 * The whole session: re-renders its component whenever the profile changes (each balance a claim or a bet
 * answers, the token login at start-up). A component that only asks whether the player is logged in takes
 * `useIsLoggedIn()` instead.
 */
export function useSession(): Session {
  return useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
}

const isLoggedInNow = () => getSnapshot().isLoggedIn;

/**
 * Whether a member is logged in, re-rendering only when that changes: the app's shell and the home route
 * read it, and a profile update re-rendering them re-rendered the whole page (the home's game area
 * included) after the start-up's token login, on a cheap phone's main thread (issue 22 §1).
 */
export function useIsLoggedIn(): boolean {
  return useSyncExternalStore(subscribe, isLoggedInNow, isLoggedInNow);
}
