import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { yieldToMain } from '../../lib/yield-to-main.ts';

/** Set on <html> once a deferred part answers taps (browser tests wait for it before tapping there). */
export const HYDRATED_LATER_ATTRIBUTE = 'data-hydrated-later';

function Passthrough({ children }: { children?: ReactNode }) {
  useEffect(() => {
    document.documentElement.setAttribute(HYDRATED_LATER_ATTRIBUTE, '');
  }, []);
  return <>{children}</>;
}

/**
 * A boundary whose contents hydrate in a task of their own, after the rest of the page. While its lazy
 * part is pending during hydration, Preact keeps the server's markup for the subtree as it is (visible,
 * not yet interactive) and hydrates it when the promise settles, in the next task. It waits once per page
 * load: later renders (coming back to the page) are immediate. On the server it renders the children.
 */
export function createHydrateLater() {
  const NextTask = lazy(() => yieldToMain().then(() => ({ default: Passthrough })));
  return function HydrateLater({ children }: { children: ReactNode }) {
    return (
      <Suspense fallback={null}>
        <NextTask>{children}</NextTask>
      </Suspense>
    );
  };
}

/**
 * For parts below the fold: start-up becomes several shorter tasks instead of one long one, so a tap is
 * never blocked for long (total blocking time, docs/benchmarks.md).
 */
export const HydrateLater = createHydrateLater();
