import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

type LogLine = { level: number; msg: string; [field: string]: unknown };

const DEBUG = 20;
let ctx: TestApp | undefined;
afterEach(async () => {
  await ctx?.close();
  ctx = undefined;
});

/** An app whose log lines at `level` are collected, as pino writes them. */
async function appLoggingAt(level: string): Promise<{ app: TestApp; lines: LogLine[] }> {
  const lines: LogLine[] = [];
  const stream = { write: (line: string) => void lines.push(JSON.parse(line) as LogLine) };
  ctx = await createTestApp({}, { seed: false, logger: { level, stream } });
  return { app: ctx, lines };
}

async function answerSome(app: TestApp): Promise<void> {
  expect((await app.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
  expect((await app.app.inject({ method: 'GET', url: '/api/no-such-path' })).statusCode).toBe(404);
  const refused = await app.app.inject({
    method: 'POST',
    url: '/api/member-service/member/login',
    payload: { mobile: 'not a number' },
  });
  expect(refused.statusCode).toBe(400);
}

describe('request logging', () => {
  it('writes nothing per request at the default level, so start-up lines (the SMS inbox) stay in view', async () => {
    const { app, lines } = await appLoggingAt('info');
    const startUp = lines.length;
    await answerSome(app);
    expect(lines.slice(startUp)).toEqual([]);
  });

  it('writes one line per request at debug, with its status and time', async () => {
    const { app, lines } = await appLoggingAt('debug');
    await answerSome(app);
    const completed = lines.filter((line) => line.msg === 'request completed');
    expect(
      completed.map(({ level, method, url, statusCode }) => ({ level, method, url, statusCode })),
    ).toEqual([
      { level: DEBUG, method: 'GET', url: '/healthz', statusCode: 200 },
      { level: DEBUG, method: 'GET', url: '/api/no-such-path', statusCode: 404 },
      { level: DEBUG, method: 'POST', url: '/api/member-service/member/login', statusCode: 400 },
    ]);
    expect(completed.every((line) => typeof line.responseTime === 'number')).toBe(true);
  });
});
