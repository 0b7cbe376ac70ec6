import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { serviceWorkerPlugin } from './build/service-worker-plugin.ts';
import { isReactRouterFeatureProbe } from '../../scripts/vite-log-filters.ts';

const backend = process.env.BACKEND_URL ?? 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [react(), serviceWorkerPlugin()],
  build: {
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
  },
  // The server renderer (src/entry-server.tsx) is one self-contained file: bundling react-router and preact
  // into it keeps a single copy of preact (a CommonJS copy beside the ESM one would break hooks).
  ssr: { noExternal: true },
  server: {
    proxy: {
      '/api': backend,
      '/statics': backend,
      '/manifest.webmanifest': backend,
      '/game-center': backend,
    },
  },
});
