import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE, PAY_SERVICE_PATHS } from '@app/contracts/paths';
import { createTestApp, TEST_CALLBACK_SECRET, type TestApp } from '../../../../test/test-app.ts';

/**
 * Callbacks on the secret path that cannot be read (a broken sender, a fuzzer, a leaked secret) are not
 * our failures: a fuzz pass wrote 72 error lines (issue 22 §4). They log at warn, one line a minute per
 * kind at most, so nobody can flood the log an operator watches.
 */
type LogLine = { level: number; msg: string };
const WARN = 40;
const ERROR = 50;

let ctx: TestApp;
const lines: LogLine[] = [];

beforeAll(async () => {
  const stream = { write: (line: string) => void lines.push(JSON.parse(line) as LogLine) };
  ctx = await createTestApp({}, { seed: false, logger: { level: 'info', stream } });
});
afterAll(async () => {
  await ctx.close();
});

describe('unreadable M-Pesa callbacks', () => {
  it('log no error and at most one warn line per kind, however many arrive', async () => {
    const before = lines.length;
    const kinds = ['b2c-result', 'b2c-timeout', 'status-result', 'status-timeout'];
    const bodies = ['{"Result":1}', '[]', '{"Result":{"ResultCode":"x"}}', '"text"', '{}', '{"Result":null}'];
    for (const kind of kinds) {
      for (const body of bodies) {
        const url = `${API_BASE}${PAY_SERVICE_PATHS.mpesaCallback.replace(':secret', TEST_CALLBACK_SECRET).replace(':kind', kind)}`;
        const response = await ctx.app.inject({
          method: 'POST',
          url,
          headers: { 'content-type': 'application/json' },
          payload: body,
        });
        // Daraja is told it was accepted: its retries would not read better.
        expect(response.statusCode, `${kind} ${body}`).toBe(200);
      }
    }
    const logged = lines.slice(before);
    expect(logged.filter((line) => line.level >= ERROR).map((line) => line.msg)).toEqual([]);
    const warnings = logged.filter((line) => line.level === WARN);
    // B2C (result and timeout share it) and Transaction Status: one line each for the 24 callbacks.
    expect(warnings.map((line) => line.msg)).toEqual([
      'unreadable B2C callback ignored (1 since the last such line)',
      'unreadable Transaction Status callback ignored (1 since the last such line)',
    ]);
  });
});
