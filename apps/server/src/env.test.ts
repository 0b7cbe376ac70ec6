import { readFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { describe, expect, it } from 'vitest';
import { EnvError, EnvSchema, instanceIdOf, loadEnv } from './env.ts';

/** loadEnv's refusal as text (the list an operator reads at start), or undefined when it starts. */
function refusalOf(source: Record<string, string>): string | undefined {
  try {
    loadEnv(source);
    return undefined;
  } catch (error) {
    expect(error).toBeInstanceOf(EnvError);
    return (error as Error).message;
  }
}

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

/** Uploads kept in a bucket of an S3-compatible service, with its keys. */
const bucket = {
  UPLOAD_S3_BUCKET: 'casino-uploads',
  UPLOAD_S3_ENDPOINT: 'http://127.0.0.1:9000',
  UPLOAD_S3_ACCESS_KEY: 'key-id',
  UPLOAD_S3_SECRET_KEY: 'secret',
};

describe('uploads in a bucket', () => {
  it('reads the bucket, its region (us-east-1 unless told) and the path style', () => {
    expect(loadEnv({ ...bucket, UPLOAD_S3_PATH_STYLE: '1' })).toMatchObject({
      ...bucket,
      UPLOAD_S3_REGION: 'us-east-1',
      UPLOAD_S3_PATH_STYLE: true,
    });
    expect(loadEnv({}).UPLOAD_S3_BUCKET).toBeUndefined();
  });

  it('refuses a bucket without its keys, beside a folder, or with a name S3 cannot have', () => {
    const withoutKeys = refusalOf({ UPLOAD_S3_BUCKET: 'casino-uploads' });
    expect(withoutKeys).toContain('UPLOAD_S3_ACCESS_KEY: required with UPLOAD_S3_BUCKET');
    expect(withoutKeys).toContain('UPLOAD_S3_SECRET_KEY: required with UPLOAD_S3_BUCKET');
    expect(refusalOf({ ...bucket, UPLOAD_DIR: '/srv/uploads' })).toContain(
      'UPLOAD_DIR: not with UPLOAD_S3_BUCKET',
    );
    expect(refusalOf({ ...bucket, UPLOAD_S3_BUCKET: 'Casino_Uploads' })).toContain('UPLOAD_S3_BUCKET');
  });
});

describe('a fleet (FLEET=1)', () => {
  /** Everything several instances must share, as docs/deployment.md lists it. */
  const fleet = {
    FLEET: '1',
    DATABASE_URL: 'postgres://casino@db.internal:5432/casino',
    REDIS_URL: 'redis://redis.internal:6379',
    CALLBACK_SECRET: 'callback-secret-shared-by-all',
    PAY_SIGN_SECRET: 'pay-sign-secret-shared-by-all-instances',
    ...bucket,
  };

  it('starts with everything the instances share', () => {
    expect(loadEnv(fleet).FLEET).toBe(true);
    // A folder every instance mounts is the other way to share uploads.
    const inSharedFolder = { ...fleet, UPLOAD_S3_BUCKET: '', UPLOAD_DIR: '/mnt/shared/uploads' };
    expect(loadEnv(inSharedFolder).UPLOAD_DIR).toBe('/mnt/shared/uploads');
  });

  it('refuses to start without a secret an instance would otherwise make for itself, naming each', () => {
    for (const name of ['CALLBACK_SECRET', 'PAY_SIGN_SECRET'] as const) {
      const refusal = refusalOf({ ...fleet, [name]: '' });
      expect(refusal, name).toContain(`${name}: required with FLEET=1`);
    }
    // A single process still makes its own (kept in its data folder): `npm start` needs nothing.
    expect(refusalOf({ ...fleet, FLEET: '0', CALLBACK_SECRET: '', PAY_SIGN_SECRET: '' })).toBeUndefined();
  });

  it("refuses the embedded database, the local event bus and uploads kept in one instance's own folder", () => {
    const refusal = refusalOf({ FLEET: '1' });
    expect(refusal).toContain('DATABASE_URL: required with FLEET=1');
    expect(refusal).toContain('REDIS_URL: required with FLEET=1');
    expect(refusal).toContain('UPLOAD_S3_BUCKET or UPLOAD_DIR: required with FLEET=1');
    expect(refusal).toContain('CALLBACK_SECRET: required with FLEET=1');
    expect(refusal).toContain('PAY_SIGN_SECRET: required with FLEET=1');
  });
});

describe('docs/deployment.md', () => {
  const table = readFileSync(new URL('../../../docs/deployment.md', import.meta.url), 'utf8')
    .split('\n')
    .filter((line) => line.startsWith('| '));
  /** Whole variable names in the table (`NAME` or `NAME=value`; `MPESA_*` and `_SUFFIX` shorthands left out). */
  const named = new Set(
    [...table.join('\n').matchAll(/`([A-Z][A-Z0-9_]+)(?:=[^`]*)?`/g)].map((match) => match[1]),
  );

  it('names every variable a fleet is refused without', () => {
    const required = (refusalOf({ FLEET: '1' }) ?? '')
      .split('\n')
      .slice(1)
      .flatMap((line) => line.trim().split(':')[0]!.split(' or '));
    expect(required.length).toBeGreaterThanOrEqual(5);
    for (const name of [...required, 'FLEET', 'INSTANCE_ID']) expect(named, name).toContain(name);
  });

  it('names only variables the server reads', () => {
    const known = Object.keys(EnvSchema.shape);
    for (const name of named) expect(known, name).toContain(name);
  });
});

describe('the instance id', () => {
  it('is INSTANCE_ID, else this machine and process', () => {
    expect(instanceIdOf(loadEnv({ INSTANCE_ID: 'web-3' }))).toBe('web-3');
    expect(instanceIdOf(loadEnv({}))).toBe(`${hostname()}:${process.pid}`);
    expect(refusalOf({ INSTANCE_ID: 'web 3' })).toContain('INSTANCE_ID');
  });
});
