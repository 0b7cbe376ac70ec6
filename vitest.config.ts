import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// A worker per core. Vitest's default keeps one core for its own process, which on CI's two cores
// meant one worker: the run used 1 core in 2. Its own process does little here (the server project's
// files share one module graph per worker, the others are small), and on PostgreSQL the database
// works while a test waits. Measured on 2 cores: 230 s with two workers, 1.55 cores busy (358 s of
// CPU, more than one worker could do in that time). A project that extends a Vite config does not
// inherit the root's test options, and Vitest refuses projects of one run with different worker counts:
// each such project sets it too.
const WORKERS = availableParallelism();

/**
 * One vitest run for every unit and API test, in five projects. The server project runs on the embedded
 * database by default and on PostgreSQL when DATABASE_URL is set (CI runs it both ways).
 */
export default defineConfig({
  test: {
    maxWorkers: WORKERS,
    projects: [
      {
        test: {
          name: 'contracts',
          // With the shared definitions, the repository's own texts (scripts/docs-links.test.ts).
          include: ['packages/*/src/**/*.test.ts', 'scripts/**/*.test.ts'],
          environment: 'node',
          // The fair library's proofs and beacon checks are CPU-bound (seconds each beside the server
          // project on two cores): a time-out guards against a hang, it is not a speed budget.
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'simulators',
          include: ['apps/simulators/src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts', 'apps/server/test/**/*.test.ts'],
          globalSetup: ['apps/server/test/global-setup.ts'],
          environment: 'node',
          // The files of a worker share one module graph: each file importing the whole server afresh was
          // about 40 % of this project's CPU. Safe because no server test mocks a module, stubs a global or
          // sets the environment: each file builds its own app on its own database.
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: './apps/web/vite.config.ts',
        test: {
          name: 'web',
          maxWorkers: WORKERS,
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          // One jsdom per worker, each test file still in its own context: creating jsdom for every file
          // (84 of them) was a third of this project's time.
          pool: 'vmThreads',
          setupFiles: ['./vitest.dom-setup.ts'],
          testTimeout: 15_000,
          // Load react-router as ESM like the app build does; under Node its CommonJS build would pull a
          // second copy of preact (react is preact/compat here, see docs/decisions.md) and break hooks.
          server: { deps: { inline: ['react-router'] } },
        },
        resolve: {
          alias: [
            {
              find: /^react-router$/,
              replacement: fileURLToPath(
                new URL('./node_modules/react-router/dist/development/index.mjs', import.meta.url),
              ),
            },
          ],
        },
      },
      {
        test: {
          name: 'admin',
          // The back office's logic without a browser (its texts); its screens are tried in e2e/admin.spec.ts.
          include: ['apps/admin/src/**/*.test.{ts,tsx}'],
          environment: 'node',
        },
      },
      {
        extends: './apps/games/vite.config.ts',
        test: {
          name: 'games',
          maxWorkers: WORKERS,
          include: ['apps/games/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          pool: 'vmThreads',
          setupFiles: ['./vitest.dom-setup.ts'],
          testTimeout: 15_000,
        },
      },
    ],
  },
});
