import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PlaywrightWorkerArgs } from '@playwright/test';
import { setProgrammes, type ProgrammeChange } from './operator.ts';

/**
 * A server of a spec's own, for a journey the suite's two shared servers must not see: a programme an
 * operator changes, or a clock moved to a promotion's day, countdown or draw time. The spec asks for it
 * with `test.use({ privateServerSetup: { … } })` at its top level, which gives the spec a worker of its
 * own (a worker option); the worker starts the server once for all the spec's tests and stops it after
 * them, and `page`, `newPhone` and `request` open its address (`privateServer.url`).
 */
export type PrivateServerSetup = {
  /** Names the server in messages and its temporary folders. */
  name: string;
  /** Environment on top of the test server's (WinSlots, no Christmas, unless given here). */
  env?: Record<string, string>;
  /**
   * Starts the server with its wall clock at this instant, which then runs on from there
   * (e2e/server-clock.mjs, the faketime of this suite); `moveClockTo` moves it later. Unset: the real
   * clock, which cannot be moved.
   */
  clockAt?: number;
  /**
   * Programmes an operator switches on once the server is up, each with the settings its function makes
   * of the current ones (the operator API, as on a staging server).
   */
  programmes?: Record<string, ProgrammeChange>;
};

export type PrivateServer = {
  url: string;
  simulatorsUrl: string;
  /** Sets the server's clock to `instant`; the clock keeps running from there. */
  moveClockTo: (instant: number) => void;
  /** The tail of the server's log. */
  output: () => string;
};

/** What scripts/test-server.mjs starts (a JavaScript module, so typed here). */
type TestServer = {
  url: string;
  simulatorsUrl: string;
  output: () => string;
  stop: () => Promise<void>;
};
type StartServer = (name: string, env: Record<string, string>) => Promise<TestServer>;

const CLOCK_LOADER = path.join(path.dirname(fileURLToPath(import.meta.url)), 'server-clock.mjs');

/** Starts the server `setup` describes; `stop` ends it and removes what it left behind. */
export async function startPrivateServer(
  setup: PrivateServerSetup,
  playwright: PlaywrightWorkerArgs['playwright'],
): Promise<PrivateServer & { stop: () => Promise<void> }> {
  const env: Record<string, string> = { THEME: 'winslots', CHRISTMAS: '0', ...setup.env };
  const adminToken = randomBytes(24).toString('base64url');
  if (setup.programmes) {
    env.ADMIN_TOKEN = adminToken;
    // The operator the programmes are set by is made with ADMIN_TOKEN, which makes only the first staff
    // account: the demo back-office account would already be there.
    env.DEMO_STAFF = '0';
  }

  const clockDir =
    setup.clockAt === undefined ? undefined : mkdtempSync(path.join(tmpdir(), `${setup.name}-clock-`));
  const clockFile = clockDir && path.join(clockDir, 'offset');
  const moveClockTo = (instant: number) => {
    if (!clockFile) throw new Error(`${setup.name}: the server's clock moves only when started with clockAt`);
    // An offset from the real clock, which keeps running: the server's clock runs on from `instant`.
    writeFileSync(clockFile, String(instant - Date.now()));
  };
  if (setup.clockAt !== undefined) {
    moveClockTo(setup.clockAt);
    env.NODE_OPTIONS = `--import ${CLOCK_LOADER}`;
    env.TEST_CLOCK_FILE = clockFile!;
  }
  const removeClock = () => {
    if (clockDir) rmSync(clockDir, { recursive: true, force: true });
  };

  let server: TestServer;
  try {
    const { startServer } = (await import('../scripts/test-server.mjs' as string)) as {
      startServer: StartServer;
    };
    server = await startServer(setup.name, env);
  } catch (error) {
    removeClock();
    throw error;
  }
  const stop = async () => {
    await server.stop();
    removeClock();
  };

  if (setup.programmes) {
    const request = await playwright.request.newContext({ baseURL: server.url });
    try {
      await setProgrammes(request, adminToken, setup.programmes);
    } catch (error) {
      await stop();
      throw error;
    } finally {
      await request.dispose();
    }
  }
  return { url: server.url, simulatorsUrl: server.simulatorsUrl, moveClockTo, output: server.output, stop };
}
