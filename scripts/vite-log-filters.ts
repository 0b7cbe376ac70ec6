// Build-log filters shared by the Vite builds of the player app (apps/web) and the back office (apps/admin).

/**
 * react-router probes React 19's `use` and `useOptimistic` (`React["use"]`, then a fallback when it is
 * undefined); `react` here is preact/compat, which has neither, so the bundler warns that the imports are
 * always undefined. They are meant to be: the fallbacks are what runs. Only these two probes are let
 * through quietly; any other undefined import (ours, or a real break in a dependency) still warns.
 */
export function isReactRouterFeatureProbe(log: { code?: string; id?: string; message: string }): boolean {
  return (
    log.code === 'IMPORT_IS_UNDEFINED' &&
    /[\\/]node_modules[\\/]react-router[\\/]/.test(log.id ?? '') &&
    /Import `(use|useOptimistic)` will always be undefined because there is no matching export in '[^']*node_modules\/react\/index\.mjs'/.test(
      log.message,
    )
  );
}
