import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { getPopupHolder, releasePopup, requestPopup, subscribePopup, type PopupMode } from './popup-lock.ts';

/**
 * Whether the popup `id` may show now: it wants to and holds the app-wide popup lock.
 *
 * The component re-renders only when that answer changes, not whenever the lock passes between two other
 * popups: the home's game area asks for its launch popup, and re-rendering its two dozen cards each time
 * a start-up popup (daily bonus, bonus offer) took the lock was a long task on a member's first load
 * (issue 22 §1, docs/benchmarks.md 2026-12-03).
 */
export function usePopup(id: string, wanted: boolean, mode: PopupMode = 'queue'): boolean {
  useEffect(() => {
    if (!wanted) return undefined;
    requestPopup(id, mode);
    return () => releasePopup(id);
  }, [id, wanted, mode]);
  const holdsLock = useCallback(() => getPopupHolder() === id, [id]);
  const holds = useSyncExternalStore(subscribePopup, holdsLock, holdsLock);
  return wanted && holds;
}
