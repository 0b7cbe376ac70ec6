import { defineConfig } from 'vitest/config';

/**
 * The fleet test (apps/server/test/fleet/fleet.spec.ts): three built server processes on PostgreSQL and Redis behind
 * HAProxy. Its own run (`npm run test:fleet`, after a build), not part of the unit projects: it needs the
 * build, a PostgreSQL server (DATABASE_URL) and HAProxy.
 */
export default defineConfig({
  test: {
    name: 'fleet',
    include: ['apps/server/test/fleet/*.spec.ts'],
    environment: 'node',
    testTimeout: 600_000,
    hookTimeout: 240_000,
  },
});
