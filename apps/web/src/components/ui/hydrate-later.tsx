import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { yieldToMain } from '../../lib/yield-to-main.ts';

/** Set on <html> once every deferred part answers taps (browser tests wait for it before tapping there). */
export const HYDRATED_LATER_ATTRIBUTE = 'data-hydrated-later';

/**
 * The deferred parts on screen whose task has not come yet. A page may have several (the game area, the
 * footer), each in a task of its own; the attribute waits for the last, so a test never taps a part that
 * is still only the server's markup.
 */
const waitingParts = new Set<object>();

/**
 * A boundary whose contents hydrate in a task of their own, after the rest of the page. While its lazy
 * part is pending during hydration, Preact keeps the server's markup for the subtree as it is (visible,
 * not yet interactive) and hydrates it when the promise settles, in the next task. It waits once per page
 * load: later renders (coming back to the page) are immediate. On the server it renders the children.
 * Each boundary made here waits for a task of its own.
 */
export function createHydrateLater() {
  const part = {};
  let hydrated = false;
  function Passthrough({ children }: { children?: ReactNode }) {
    useEffect(() => {
      hydrated = true;
      waitingParts.delete(part);
      if (waitingParts.size === 0) document.documentElement.setAttribute(HYDRATED_LATER_ATTRIBUTE, '');
    }, []);
    return <>{children}</>;
  }
  const NextTask = lazy(() => yieldToMain().then(() => ({ default: Passthrough })));
  return function HydrateLater({ children }: { children: ReactNode }) {
    // Waiting from the boundary's first commit until its part has hydrated. A part that is ready at once
    // (coming back to the page) has already run its effect: a child's effects run before its parent's.
    useEffect(() => {
      if (!hydrated) waitingParts.add(part);
      return () => {
        waitingParts.delete(part);
      };
    }, []);
    // One element around the part: while a subtree is suspended in hydration Preact keeps a single DOM
    // node for it, so a part of several elements (sponsors, footer, floating advert) lost all but its first
    // and built them again. `display: contents` leaves the layout as if the wrapper were not there.
    return (
      <Suspense fallback={null}>
        <NextTask>
          <div className="hydrate-later">{children}</div>
        </NextTask>
      </Suspense>
    );
  };
}

/**
 * For parts below the fold: start-up becomes several shorter tasks instead of one long one, so a tap is
 * never blocked for long (total blocking time, docs/benchmarks.md).
 */
export const HydrateLater = createHydrateLater();
