import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { serviceWorkerPlugin } from './build/service-worker-plugin.ts';
import { PREACT_APP_BUILD } from '../../scripts/vite-build.ts';

const backend = process.env.BACKEND_URL ?? 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [react(), serviceWorkerPlugin()],
  build: PREACT_APP_BUILD,
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
