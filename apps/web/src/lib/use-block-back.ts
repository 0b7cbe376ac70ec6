import { useEffect, useRef } from 'react';

type GuardState = Record<string, unknown> & { blockBack?: string };

let guards = 0;

/**
 * While `blocked` (a wheel turning), the browser's or the phone's back keeps the player on the page and
 * calls `onBlocked` (which tells them why). The app uses a declarative BrowserRouter, which has no
 * `useBlocker`, so the page stands on a guard entry of its own: a copy of the current entry (same address,
 * the router's `key` and `idx` kept, so the router sees no change) pushed when the block starts. Back
 * leaves the guard for the page's own entry, and the guard is pushed again. When the block ends, a player
 * still on the guard is taken back off it, so no extra entry is left and the next back leaves at once.
 */
export function useBlockBack(blocked: boolean, onBlocked: () => void): void {
  const told = useRef(onBlocked);
  told.current = onBlocked;

  useEffect(() => {
    if (!blocked) return undefined;
    guards += 1;
    const token = `guard-${guards}`;
    const address = window.location.href;
    const standOnGuard = (state: unknown) =>
      window.history.pushState({ ...(state as GuardState | null), blockBack: token }, '', address);
    standOnGuard(window.history.state);

    const onPopState = (event: PopStateEvent) => {
      if ((event.state as GuardState | null)?.blockBack === token) return;
      // Back further than the page's own entry (a long press on back) is left to the router: the page
      // goes, and with it the block.
      if (window.location.href !== address) return;
      standOnGuard(event.state);
      told.current();
    };
    window.addEventListener('popstate', onPopState);
    return () => {
      window.removeEventListener('popstate', onPopState);
      if ((window.history.state as GuardState | null)?.blockBack === token) window.history.back();
    };
  }, [blocked]);
}
