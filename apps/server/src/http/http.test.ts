import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/test-app.ts';
import { pickLanguage } from './request-context.ts';

const pageView = '/api/analytics-service/page-view/report';

const ctx = useTestApp({ INSTANCE_ID: 'web-2' }, { seed: false });

async function countPageViews(path: string): Promise<number> {
  const rows = await ctx.db.selectFrom('page_view').select('id').where('path', '=', path).execute();
  return rows.length;
}

describe('request bodies', () => {
  it('accepts form-encoded bodies (the default) and reads the headers', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: pageView,
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        platform: '3',
        deviceid: 'device-abc',
        ticks: '1795318524578',
      },
      payload: 'path=%2Fhome&referrer=%2Fdeposit',
    });
    expect(response.json()).toEqual({ code: 0, msg: 'success', data: null });
    const row = await ctx.db
      .selectFrom('page_view')
      .selectAll()
      .where('path', '=', '/home')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ referrer: '/deposit', device_id: 'device-abc', platform: 3 });
  });

  it('accepts JSON bodies', async () => {
    const response = await ctx.app.inject({ method: 'POST', url: pageView, payload: { path: '/me' } });
    expect(response.json()).toMatchObject({ code: 0 });
    expect(await countPageViews('/me')).toBe(1);
  });

  it('accepts multipart bodies', async () => {
    const boundary = '----test-boundary';
    const payload = [
      `--${boundary}`,
      'Content-Disposition: form-data; name="path"',
      '',
      '/withdraw',
      `--${boundary}--`,
      '',
    ].join('\r\n');
    const response = await ctx.app.inject({
      method: 'POST',
      url: pageView,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    });
    expect(response.json()).toMatchObject({ code: 0 });
    expect(await countPageViews('/withdraw')).toBe(1);
  });
});

describe('hostile input gets a clear refusal, never a 500', () => {
  const cases: {
    name: string;
    headers?: Record<string, string>;
    payload?: string;
    expected: { status: number; code: number };
  }[] = [
    { name: 'no body', expected: { status: 400, code: 1001 } },
    {
      name: 'empty field',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'path=',
      expected: { status: 400, code: 1001 },
    },
    {
      name: 'malformed JSON',
      headers: { 'content-type': 'application/json' },
      payload: '{"path":',
      expected: { status: 400, code: 1000 },
    },
    {
      name: 'JSON of the wrong type',
      headers: { 'content-type': 'application/json' },
      payload: '[1,2]',
      expected: { status: 400, code: 1000 },
    },
    {
      name: 'value of the wrong shape',
      headers: { 'content-type': 'application/json' },
      payload: '{"path":"no-slash"}',
      expected: { status: 400, code: 1000 },
    },
    {
      name: 'unsupported content type',
      headers: { 'content-type': 'application/xml' },
      payload: '<path/>',
      expected: { status: 415, code: 1415 },
    },
    {
      name: 'oversized body',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ path: `/${'a'.repeat(2_000_000)}` }),
      expected: { status: 413, code: 1413 },
    },
    {
      name: 'multipart without a boundary',
      headers: { 'content-type': 'multipart/form-data' },
      payload: 'x',
      expected: { status: 400, code: 1000 },
    },
    {
      name: 'multipart cut off in a part',
      headers: { 'content-type': 'multipart/form-data; boundary=XyZ' },
      payload: '--XyZ\r\ncontent-disposition: form-data; name="path"\r\n\r\n/ho',
      expected: { status: 400, code: 1000 },
    },
    {
      name: 'multipart with a broken part header',
      headers: { 'content-type': 'multipart/form-data; boundary=XyZ' },
      payload: '--XyZ\r\nno colon here\r\n\r\nvalue\r\n--XyZ--\r\n',
      // The parser skips a part it cannot read: the body then lacks the field.
      expected: { status: 400, code: 1001 },
    },
    {
      name: 'prototype pollution attempt',
      headers: { 'content-type': 'application/json' },
      payload: '{"__proto__":{"admin":true},"path":"/x"}',
      expected: { status: 400, code: 1000 },
    },
  ];

  it.each(cases)('$name', async ({ headers, payload, expected }) => {
    const response = await ctx.app.inject({ method: 'POST', url: pageView, headers, payload });
    expect(response.statusCode).toBe(expected.status);
    const body = response.json<{ code: number; msg: string; data: null }>();
    expect(body).toMatchObject({ code: expected.code, data: null });
    expect(body.msg.length).toBeGreaterThan(0);
    expect(response.body).not.toMatch(/at .+\.(ts|js):\d+/);
  });
});

describe('unknown paths and methods', () => {
  it.each(['GET', 'POST', 'DELETE'] as const)(
    'answers an unknown /api path (%s) with the 404 envelope',
    async (method) => {
      const response = await ctx.app.inject({ method, url: '/api/member-service/nothing-here?x=1' });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({
        code: 1004,
        msg: `Not found: ${method} /api/member-service/nothing-here`,
        data: null,
      });
    },
  );

  it('answers a known path with the wrong method with the 404 envelope', async () => {
    const response = await ctx.app.inject({ method: 'DELETE', url: '/api/config-service/app/settings' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 1004 });
  });
});

describe('operations endpoints', () => {
  it('reports liveness and readiness', async () => {
    expect((await ctx.app.inject({ url: '/healthz' })).json()).toEqual({ status: 'ok' });
    expect((await ctx.app.inject({ url: '/readyz' })).json()).toEqual({ status: 'ready' });
  });

  it('exposes Prometheus metrics with request counts by route, every series labelled with its instance', async () => {
    await ctx.app.inject({ url: '/api/config-service/app/settings' });
    const response = await ctx.app.inject({ url: '/metrics' });
    expect(response.headers['content-type']).toContain('text/plain');
    expect(response.body).toMatch(
      /http_requests_total\{method="GET",route="\/api\/config-service\/app\/settings",status="200",instance="web-2"\} \d+/,
    );
    const series = response.body.split('\n').filter((line) => line !== '' && !line.startsWith('#'));
    expect(series.some((line) => line.startsWith('process_cpu_user_seconds_total'))).toBe(true);
    expect(series.length).toBeGreaterThan(20);
    // The defaults and ours alike: a fleet's series never mix.
    expect(series.filter((line) => !/[{,]instance="web-2"[,}]/.test(line))).toEqual([]);
  });

  it('publishes an OpenAPI document generated from the route schemas', async () => {
    const document = (await ctx.app.inject({ url: '/api/docs' })).json<{
      openapi: string;
      paths: Record<string, Record<string, { parameters?: { name: string }[] }>>;
    }>();
    expect(document.openapi).toMatch(/^3\./);
    const byType = document.paths['/api/config-service/cfGlobal/queryGlobalByType']?.get;
    expect(byType?.parameters?.map((parameter) => parameter.name)).toContain('type');
    expect(document.paths).toHaveProperty(['/api/config-service/advertManager/queryAllByTypeId']);
    expect(document.paths).toHaveProperty(['/api/analytics-service/page-view/report']);
  });

  it('sets protective headers on every answer', async () => {
    const response = await ctx.app.inject({ url: '/healthz' });
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });
});

describe('pickLanguage', () => {
  it.each([
    ['fr-CM,fr;q=0.9,en;q=0.8', 'fr'],
    ['de-DE,pt;q=0.5,en;q=0.4', 'pt'],
    ['en;q=0.1,fr;q=0.9', 'fr'],
    ['sw-KE', 'sw'],
    ['de-DE,sw;q=0.5', 'sw'],
    ['de-DE', 'en'],
    ['fr;q=0', 'en'],
    [undefined, 'en'],
  ])('%s → %s', (header, expected) => {
    expect(pickLanguage(header, 'en')).toBe(expected);
  });
});
