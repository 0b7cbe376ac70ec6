import { useSyncExternalStore } from 'react';
// Types only: the module builds zod schemas when it loads, which the home bundle cannot carry.
import type { Notice } from '@app/contracts/message';
import { MEMBER_PATHS, MESSAGE_PATHS } from '@app/contracts/paths';
import { NOTICE_POLL_MS } from '@app/contracts/message-rules';
import { request } from './request.ts';
import { getToken, onSessionClear } from './session.ts';
import { readJson, readStorage, removeStorage, writeJson, writeStorage } from './storage.ts';

/**
 * What the app checks for a logged-in member every 10 s (spec §4 "Notices and messages"): the notices
 * for the home ticker, the unread inbox count for the badges, and whether another device has logged in
 * since this session began (spec §6: one device bets at a time).
 *
 * - The shell starts it after login (at once) and at start-up when logged in (once the page is idle),
 *   and resets it when the member is gone; logout reaches it through `onSessionClear` as well.
 * - Nothing is asked on the account forms or in a real-money game (/login, /register, /casino/launch/*):
 *   a round missed there runs as soon as the player leaves.
 * - Nothing is asked while the page is hidden: a phone in a pocket should not spend data or battery.
 * - A failed call is only logged (spec §8); the last answers are kept in local storage and shown.
 */
export type UnreadCount = { total: number };
export type KickOutStatus = { kickedOut: boolean };

const NOTICES_KEY = 'member:notices';
const UNREAD_KEY = 'member:unread';
/** Which login session has been told about the second device (a hash of its token). */
const ONE_DEVICE_KEY = 'member:one-device-told';
const EMPTY: readonly Notice[] = [];

const QUIET_PATH = /^\/(?:login|register)\/?$|^\/casino\/launch(?:\/|$)/;

export function isQuietPath(path: string): boolean {
  return QUIET_PATH.test(path);
}

let notices: readonly Notice[] = EMPTY;
let noticesText = '';
let unread: number | undefined;
let oneDevice = false;
const listeners = new Set<() => void>();
const newMessageListeners = new Set<(total: number) => void>();

let running = false;
/** Bumped by every start and stop, so an answer from an earlier session is dropped. */
let generation = 0;
let timer: ReturnType<typeof setTimeout> | undefined;
let inFlight = false;
let lastRun = 0;
/** A round was skipped on a quiet route; it runs when the player leaves it. */
let missed = false;
let path: string | undefined;
/** The count the last poll of this run answered; a higher one means a message has arrived. */
let baseline: number | undefined;

function notify(): void {
  listeners.forEach((listener) => listener());
}

function currentPath(): string {
  return path ?? window.location.pathname;
}

function isHidden(): boolean {
  return document.visibilityState === 'hidden';
}

/** Not a secret: only tells one login session from the next without keeping another copy of the token. */
function sessionKey(token: string): string {
  let hash = 0x811c9dc5;
  for (let index = 0; index < token.length; index += 1) {
    hash = Math.imul(hash ^ token.charCodeAt(index), 0x01000193);
  }
  return (hash >>> 0).toString(36);
}

function setNotices(next: readonly Notice[]): void {
  const text = JSON.stringify(next);
  // The same list again keeps the same array, so the ticker does not start over every 10 s.
  if (text === noticesText) return;
  notices = next;
  noticesText = text;
  notify();
}

function setUnread(next: number | undefined): void {
  if (next === unread) return;
  unread = next;
  notify();
}

async function pollNotices(run: number): Promise<void> {
  try {
    const list = await request<Notice[]>(MESSAGE_PATHS.notices, { redirectOnStatus: false });
    if (run !== generation) return;
    const next = Array.isArray(list) ? list : EMPTY;
    writeJson('localStorage', NOTICES_KEY, next);
    setNotices(next);
  } catch (error) {
    console.warn('[notices] poll failed, showing the last copy', error);
  }
}

async function pollUnread(run: number): Promise<void> {
  try {
    const { total } = await request<UnreadCount>(MESSAGE_PATHS.newCount, { redirectOnStatus: false });
    if (run !== generation) return;
    const previous = baseline;
    baseline = total;
    writeJson('localStorage', UNREAD_KEY, total);
    setUnread(total);
    if (previous !== undefined && total > previous)
      newMessageListeners.forEach((listener) => listener(total));
  } catch (error) {
    console.warn('[messages] unread count failed, showing the last copy', error);
  }
}

async function pollKickOut(run: number): Promise<void> {
  const token = getToken();
  // Told once per login session; after that the answer cannot change until the next login.
  if (!token || readStorage('localStorage', ONE_DEVICE_KEY) === sessionKey(token)) return;
  try {
    const { kickedOut } = await request<KickOutStatus>(MEMBER_PATHS.gameKickOut, {
      method: 'POST',
      redirectOnStatus: false,
    });
    if (run !== generation || !kickedOut || getToken() !== token) return;
    writeStorage('localStorage', ONE_DEVICE_KEY, sessionKey(token));
    oneDevice = true;
    notify();
  } catch (error) {
    console.warn('[one-device] check failed', error);
  }
}

function schedule(delay: number): void {
  clearTimeout(timer);
  timer = setTimeout(() => void poll(), delay);
}

/** One round: the next is set 10 s after this one began, whatever its calls do. */
async function poll(): Promise<void> {
  if (!running) return;
  if (isHidden()) {
    clearTimeout(timer);
    timer = undefined;
    return;
  }
  schedule(NOTICE_POLL_MS);
  if (isQuietPath(currentPath())) {
    missed = true;
    return;
  }
  if (inFlight) return;
  missed = false;
  inFlight = true;
  lastRun = Date.now();
  const run = generation;
  try {
    await Promise.all([pollNotices(run), pollUnread(run), pollKickOut(run)]);
  } finally {
    if (run === generation) inFlight = false;
  }
}

function onVisibilityChange(): void {
  if (!running) return;
  if (isHidden()) {
    clearTimeout(timer);
    timer = undefined;
  } else {
    schedule(Math.max(0, lastRun + NOTICE_POLL_MS - Date.now()));
  }
}

/** Starts polling with a round at once, showing the last stored answers until it answers. */
export function startMemberActivity(): void {
  if (running) return;
  running = true;
  generation += 1;
  baseline = undefined;
  const stored = readJson<Notice[]>('localStorage', NOTICES_KEY);
  if (Array.isArray(stored) && notices === EMPTY) setNotices(stored);
  const storedUnread = readJson<number>('localStorage', UNREAD_KEY);
  if (typeof storedUnread === 'number' && unread === undefined) setUnread(storedUnread);
  document.addEventListener('visibilitychange', onVisibilityChange);
  void poll();
}

/** Stops polling and keeps what is shown (the shell stopping, or the page going away). */
export function stopMemberActivity(): void {
  if (!running) return;
  running = false;
  generation += 1;
  inFlight = false;
  missed = false;
  clearTimeout(timer);
  timer = undefined;
  document.removeEventListener('visibilitychange', onVisibilityChange);
}

/** The member is gone (logout, refused token): stop and forget what was shown and stored. */
export function resetMemberActivity(): void {
  stopMemberActivity();
  removeStorage('localStorage', NOTICES_KEY);
  removeStorage('localStorage', UNREAD_KEY);
  baseline = undefined;
  const changed = notices !== EMPTY || unread !== undefined || oneDevice;
  notices = EMPTY;
  noticesText = '';
  unread = undefined;
  oneDevice = false;
  if (changed) notify();
}

onSessionClear(resetMemberActivity);

/** The route the player is on. Leaving a quiet route runs the round it missed. */
export function setActivityPath(next: string): void {
  path = next;
  if (running && missed && !isQuietPath(next) && !isHidden()) void poll();
}

/** The inbox changed the count itself (read, read all, delete); the next poll confirms it. */
export function setUnreadCount(total: number): void {
  const next = Math.max(0, total);
  baseline = next;
  writeJson('localStorage', UNREAD_KEY, next);
  setUnread(next);
}

export function getUnreadCount(): number {
  return unread ?? 0;
}

export function getNotices(): readonly Notice[] {
  return notices;
}

export function isOneDeviceNoticeDue(): boolean {
  return oneDevice;
}

export function dismissOneDeviceNotice(): void {
  if (!oneDevice) return;
  oneDevice = false;
  notify();
}

/**
 * The player has been told elsewhere that another device holds the right to bet (the game page's own
 * message after its kick-out sync): this login session is not told again when the polling next asks.
 */
export function markOneDeviceTold(): void {
  const token = getToken();
  if (token) writeStorage('localStorage', ONE_DEVICE_KEY, sessionKey(token));
  dismissOneDeviceNotice();
}

/** Runs when the unread count goes up while the app is open. */
export function onNewMessage(listener: (total: number) => void): () => void {
  newMessageListeners.add(listener);
  return () => newMessageListeners.delete(listener);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useNotices(): readonly Notice[] {
  return useSyncExternalStore(subscribe, getNotices, getNotices);
}

export function useUnreadCount(): number {
  return useSyncExternalStore(subscribe, getUnreadCount, getUnreadCount);
}

export function useOneDeviceNotice(): boolean {
  return useSyncExternalStore(subscribe, isOneDeviceNoticeDue, isOneDeviceNoticeDue);
}
