// What the Vite builds of the player app (apps/web) and the back office (apps/admin) share: both are
// preact/compat apps on the contracts package, served by the server with hashed assets.
import type { BuildEnvironmentOptions } from 'vite';

/**
 * react-router probes React 19's `use` and `useOptimistic` (`React["use"]`, then a fallback when it is
 * undefined); `react` here is preact/compat, which has neither, so the bundler warns that the imports are
 * always undefined. They are meant to be: the fallbacks are what runs. Only these two probes are let
 * through quietly; any other undefined import (ours, or a real break in a dependency) still warns.
 */
function isReactRouterFeatureProbe(log: { code?: string; id?: string; message: string }): boolean {
  return (
    log.code === 'IMPORT_IS_UNDEFINED' &&
    /[\\/]node_modules[\\/]react-router[\\/]/.test(log.id ?? '') &&
    /Import `(use|useOptimistic)` will always be undefined because there is no matching export in '[^']*node_modules\/react\/index\.mjs'/.test(
      log.message,
    )
  );
}

/** The build options of both apps (each adds its own: the web app's service worker, the back office's base). */
export const PREACT_APP_BUILD: BuildEnvironmentOptions = {
  outDir: 'dist',
  emptyOutDir: true,
  assetsDir: 'assets',
  // Every supported browser (Chrome on Android >= 107) knows modulepreload; the polyfill is dead weight.
  modulePreload: { polyfill: false },
  rolldownOptions: {
    onLog(level, log, handler) {
      if (isReactRouterFeatureProbe(log)) return;
      handler(level, log);
    },
    treeshake: {
      // The contracts package builds zod schemas at module level. Building a schema has no side effect,
      // so marking zod's factory as pure lets the bundler drop every schema the app never uses
      // (measured: 25.8 KB gzipped of zod otherwise lands on the home path for a few constants).
      // The contracts import zod as `zod`, not `z`: the bundler matches the name in every module, and
      // preact's minified code has a function named `z` (its style setter), whose calls `['z']` dropped.
      // `wholeNumber` (contracts/whole-number.ts) is our one zod builder that is not called as `zod.…`:
      // unlisted, its schemas kept all of zod (25 KB gzipped) on the home path again (issue 22, bench:web).
      manualPureFunctions: ['zod', 'wholeNumber'],
    },
  },
};
