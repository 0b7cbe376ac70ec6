import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { EnvError, loadEnv } from '../env.ts';
import { API_BASE } from '@app/contracts/paths';
import { createTestApp } from '../../test/test-app.ts';
import { CALLBACK_SECRET_FILE, callbackSecret } from './outside-world.ts';

const madeDirs: string[] = [];
const dataDir = () => {
  const made = mkdtempSync(path.join(tmpdir(), 'callback-secret-'));
  madeDirs.push(made);
  return made;
};
afterAll(() => {
  for (const made of madeDirs) rmSync(made, { recursive: true, force: true });
});
const REAL_DARAJA = {
  MPESA_CONSUMER_KEY: 'live-consumer-key',
  MPESA_CONSUMER_SECRET: 'live-consumer-secret',
  MPESA_PASSKEY: 'live-passkey',
  MPESA_CERT: '-----BEGIN CERTIFICATE-----',
};

describe('the callback secret', () => {
  it('is refused missing with real Daraja credentials, naming what to set', () => {
    const env = loadEnv({ ...REAL_DARAJA, DATA_DIR: dataDir() });
    expect(() => callbackSecret(env)).toThrow(EnvError);
    expect(() => callbackSecret(env)).toThrow(/CALLBACK_SECRET: required with MPESA_CONSUMER_KEY/);
    expect(() => callbackSecret(env)).toThrow(/PAY_SIGN_SECRET: required with MPESA_CONSUMER_KEY/);
    // Daraja must be able to call back: a link guessed from a player's request will not do.
    expect(() => callbackSecret(env)).toThrow(/PUBLIC_URL: required with MPESA_CONSUMER_KEY/);
    // A secret made up here would also be kept on disk: nothing is written.
    expect(() => readFileSync(path.join(env.DATA_DIR, CALLBACK_SECRET_FILE))).toThrow();

    const withCallback = loadEnv({
      ...REAL_DARAJA,
      PUBLIC_URL: 'https://play.example.com',
      CALLBACK_SECRET: 'configured-callback-secret-01',
    });
    expect(() => callbackSecret(withCallback)).toThrow(/PAY_SIGN_SECRET/);
    const complete = loadEnv({
      ...REAL_DARAJA,
      PUBLIC_URL: 'https://play.example.com',
      CALLBACK_SECRET: 'configured-callback-secret-01',
      PAY_SIGN_SECRET: 'configured-pay-sign-secret-0123456789',
    });
    expect(callbackSecret(complete)).toBe('configured-callback-secret-01');
  });

  it('with the simulators, is made once in DATA_DIR and the same after a restart', () => {
    const directory = path.join(dataDir(), 'not-yet-created');
    const first = callbackSecret(loadEnv({ DATA_DIR: directory }));
    expect(first.length).toBeGreaterThanOrEqual(24);
    const file = path.join(directory, CALLBACK_SECRET_FILE);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    // A restart reads the same secret: the callbacks' address and the payment links stay valid.
    const restarted = loadEnv({ DATA_DIR: directory });
    expect(callbackSecret(restarted)).toBe(first);
    // Another data directory is another installation.
    expect(callbackSecret(loadEnv({ DATA_DIR: dataDir() }))).not.toBe(first);
    // A configured one wins.
    expect(callbackSecret(loadEnv({ DATA_DIR: directory, CALLBACK_SECRET: 'configured-secret-0123' }))).toBe(
      'configured-secret-0123',
    );
  });

  it('refuses a kept file that holds no usable secret rather than making a new one silently', () => {
    const directory = dataDir();
    writeFileSync(path.join(directory, CALLBACK_SECRET_FILE), '\n');
    expect(() => callbackSecret(loadEnv({ DATA_DIR: directory }))).toThrow(/holds no usable secret/);
  });

  it('a restarted server takes the callbacks addressed to the one before it', async () => {
    const directory = dataDir();
    // No CALLBACK_SECRET (an empty value is unset): the simulators' kept secret.
    const overrides = { CALLBACK_SECRET: '', DATA_DIR: directory };
    const before = await createTestApp(overrides, { seed: false });
    const secret = readFileSync(path.join(directory, CALLBACK_SECRET_FILE), 'utf8').trim();
    await before.close();
    const after = await createTestApp(overrides, { seed: false });
    try {
      const post = (token: string) =>
        after.app.inject({
          method: 'POST',
          url: `${API_BASE}/pay-service/mpesa/${token}/stk-callback`,
          headers: { 'content-type': 'application/json' },
          payload: {
            Body: {
              stkCallback: {
                MerchantRequestID: 'm',
                CheckoutRequestID: 'ws_CO_restart',
                ResultCode: 1032,
                ResultDesc: 'Request cancelled by user',
              },
            },
          },
        });
      expect((await post(secret)).statusCode).toBe(200);
      expect((await post('another-secret-0123456789abcdef')).statusCode).toBe(404);
    } finally {
      await after.close();
    }
  });
});
