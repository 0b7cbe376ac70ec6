/**
 * One popup at a time, app-wide. A popup asks for the lock; if another holds it, the request either
 * waits in line ('queue') or is dropped ('skip'). Releasing hands the lock to the next in line.
 */
export type PopupMode = 'queue' | 'skip';

type Listener = () => void;

let holder: string | null = null;
let waiting: string[] = [];
const listeners = new Set<Listener>();

function notify(): void {
  listeners.forEach((listener) => listener());
}

/** Asks for the lock; true when `id` holds it now (also when it already did). */
export function requestPopup(id: string, mode: PopupMode = 'queue'): boolean {
  if (holder === id) return true;
  if (holder === null) {
    holder = id;
    notify();
    return true;
  }
  if (mode === 'queue' && !waiting.includes(id)) waiting = [...waiting, id];
  return false;
}

/**
 * Takes the lock for `id` now, for a popup that must not wait its turn (lucky refund's countdown popup:
 * its minute would be over): if another popup holds it, raises '{locker} is locked' (spec §4) and takes
 * nothing.
 */
export function lockPopup(id: string): void {
  if (holder !== null && holder !== id) throw new Error(`${holder} is locked`);
  requestPopup(id, 'skip');
}

/** Gives the lock up (or leaves the line) and hands it to the next popup waiting. */
export function releasePopup(id: string): void {
  if (holder === id) {
    const [next, ...rest] = waiting;
    holder = next ?? null;
    waiting = rest;
    notify();
  } else if (waiting.includes(id)) {
    waiting = waiting.filter((item) => item !== id);
  }
}

export function getPopupHolder(): string | null {
  return holder;
}

export function subscribePopup(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Test helper: forget every holder and waiter. */
export function resetPopupLock(): void {
  holder = null;
  waiting = [];
  notify();
}
