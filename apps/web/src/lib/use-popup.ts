import { useEffect, useSyncExternalStore } from 'react';
import { getPopupHolder, releasePopup, requestPopup, subscribePopup, type PopupMode } from './popup-lock.ts';

/** Whether the popup `id` may show now: it wants to and holds the app-wide popup lock. */
export function usePopup(id: string, wanted: boolean, mode: PopupMode = 'queue'): boolean {
  useEffect(() => {
    if (!wanted) return undefined;
    requestPopup(id, mode);
    return () => releasePopup(id);
  }, [id, wanted, mode]);
  const holder = useSyncExternalStore(subscribePopup, getPopupHolder, getPopupHolder);
  return wanted && holder === id;
}
