import { describe, expect, it } from 'vitest';
import { EnvError, loadEnv } from './env.ts';

describe('loadEnv', () => {
  it('gives the documented defaults', () => {
    const env = loadEnv({});
    expect(env).toMatchObject({
      PORT: 8080,
      DATA_DIR: './data',
      COUNTRY: 'KE',
      THEME: 'winslots',
      CHRISTMAS: false,
      SEED_DEMO: true,
      SMS_PER_IP_PER_HOUR: 20,
    });
    expect(env.DATABASE_URL).toBeUndefined();
  });

  it('treats empty values as unset', () => {
    const env = loadEnv({ DATABASE_URL: '', PORT: '' });
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.PORT).toBe(8080);
  });

  it('lists every wrong variable at once', () => {
    expect(() =>
      loadEnv({ PORT: 'eighty', COUNTRY: 'XX', THEME: 'neon', DATABASE_URL: 'mysql://x' }),
    ).toThrow(EnvError);
    try {
      loadEnv({ PORT: 'eighty', COUNTRY: 'XX', THEME: 'neon', DATABASE_URL: 'mysql://x' });
    } catch (error) {
      const message = (error as Error).message;
      for (const name of ['PORT', 'COUNTRY', 'THEME', 'DATABASE_URL']) expect(message).toContain(name);
    }
  });

  it("reads a fleet process's roles: web, worker, and whether it may drive the crash game", () => {
    expect(loadEnv({})).toMatchObject({ SERVE_HTTP: true, RUN_JOBS: true, CRASH_DRIVER: 'auto' });
    expect(loadEnv({ RUN_JOBS: '0' })).toMatchObject({ SERVE_HTTP: true, RUN_JOBS: false });
    expect(loadEnv({ SERVE_HTTP: '0', CRASH_DRIVER: 'never' })).toMatchObject({
      SERVE_HTTP: false,
      RUN_JOBS: true,
      CRASH_DRIVER: 'never',
    });
    expect(() => loadEnv({ SERVE_HTTP: '0', RUN_JOBS: '0' })).toThrow(/SERVE_HTTP.*would do nothing/);
    expect(() => loadEnv({ CRASH_DRIVER: 'sometimes' })).toThrow(/CRASH_DRIVER/);
  });

  it('reads switches', () => {
    expect(loadEnv({ CHRISTMAS: '1', SEED_DEMO: 'false' })).toMatchObject({
      CHRISTMAS: true,
      SEED_DEMO: false,
    });
  });
});
