import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { PREACT_APP_BUILD } from '../../scripts/vite-build.ts';

const backend = process.env.BACKEND_URL ?? 'http://127.0.0.1:8080';

/**
 * The back office (issue 26): its own build and bundle, served by the server under /admin, so nothing of it
 * reaches the player app. `react` is preact/compat here as in apps/web (the root package.json's overrides).
 */
export default defineConfig({
  base: '/admin/',
  plugins: [react()],
  build: PREACT_APP_BUILD,
  // Its own port beside the player app's dev server (5173), so both keep their addresses when run together.
  server: { port: 5174, strictPort: true, proxy: { '/api': backend } },
});
