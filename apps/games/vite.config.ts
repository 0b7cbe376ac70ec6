import { defineConfig } from 'vite';

const backend = process.env.BACKEND_URL ?? 'http://127.0.0.1:8080';

/**
 * The in-house game pages: their own build, so the player app's shell never ships game code
 * (architecture.md "Games"). The server serves index.html at /game-center/games/{mode}/{id} and
 * /game-center/fair, and the hashed files under /game-center/assets/. Each game is its own chunk, loaded
 * once the page knows which game it shows; the manifest lets the server name that chunk in the page so the
 * browser fetches it beside the entry instead of after it.
 */
export default defineConfig({
  base: '/game-center/',
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    assetsDir: 'assets',
    manifest: true,
    // Every supported browser (Chrome on Android >= 107) knows modulepreload; the polyfill is dead weight.
    modulePreload: { polyfill: false },
  },
  server: { proxy: { '/api': backend } },
});
