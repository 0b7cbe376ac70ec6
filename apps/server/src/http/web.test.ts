import { mkdtemp, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { loadScriptsAfterFirstPaint } from './web.ts';

const INDEX = `<!doctype html><html lang="en" data-theme="winslots" data-christmas="0"><head>
<meta name="theme-color" content="#000000"><title>WinSlots</title><link rel="icon" href="/icons/winslots.svg" type="image/svg+xml" />
<!--app-settings--></head><body><div id="root"></div>
<script type="module" src="/assets/index-abc123.js"></script>
<link rel="stylesheet" crossorigin href="/assets/index-abc123.css"></body></html>`;

const APP_JS = `console.log(${JSON.stringify('app '.repeat(500))})`;

const ADMIN_INDEX =
  '<!doctype html><title>Back office</title><script type="module" src="/admin/assets/index-def456.js"></script>';
const ADMIN_JS = `console.log(${JSON.stringify('admin '.repeat(500))})`;

let webDist: string;
let adminDist: string;
let ctx: TestApp;
beforeAll(async () => {
  adminDist = await mkdtemp(path.join(tmpdir(), 'admin-dist-'));
  await mkdir(path.join(adminDist, 'assets'));
  await writeFile(path.join(adminDist, 'index.html'), ADMIN_INDEX);
  await writeFile(path.join(adminDist, 'assets', 'index-def456.js'), ADMIN_JS);
  await writeFile(path.join(adminDist, 'assets', 'index-def456.js.br'), brotliCompressSync(ADMIN_JS));
  webDist = await mkdtemp(path.join(tmpdir(), 'web-dist-'));
  await mkdir(path.join(webDist, 'assets'));
  await writeFile(path.join(webDist, 'index.html'), INDEX);
  await writeFile(path.join(webDist, 'assets', 'index-abc123.js'), APP_JS);
  await writeFile(path.join(webDist, 'assets', 'index-abc123.js.br'), brotliCompressSync(APP_JS));
  await writeFile(path.join(webDist, 'assets', 'index-abc123.css'), 'body{margin:0}');
  await writeFile(path.join(webDist, 'sw.js'), 'self.addEventListener("install", () => {})');
  ctx = await createTestApp({ THEME: 'luckywin', CHRISTMAS: '1' }, { seed: false, webDist, adminDist });
});
afterAll(async () => {
  await ctx?.close();
  await rm(webDist, { recursive: true, force: true });
  await rm(adminDist, { recursive: true, force: true });
});

describe('serving the back office', () => {
  it.each(['/admin', '/admin/', '/admin/players', '/admin/players/12/show'])(
    'serves its own page, not the player app, for %s',
    async (url) => {
      const response = await ctx.app.inject({ url });
      expect(response.statusCode).toBe(200);
      expect(response.body).toBe(ADMIN_INDEX);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.headers['x-frame-options']).toBe('DENY');
    },
  );

  it('serves its assets precompressed and cached for a year, and a missing one as a 404', async () => {
    const asset = await ctx.app.inject({
      url: '/admin/assets/index-def456.js',
      headers: { 'accept-encoding': 'br' },
    });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['content-encoding']).toBe('br');
    expect(asset.headers['cache-control']).toContain('immutable');
    expect(brotliDecompressSync(asset.rawPayload).toString()).toBe(ADMIN_JS);
    const missing = await ctx.app.inject({ url: '/admin/assets/index-old.js' });
    expect(missing.statusCode).toBe(404);
    expect(missing.body).not.toBe(ADMIN_INDEX);
  });
});

describe('loadScriptsAfterFirstPaint', () => {
  it('moves the entry script and its preloads into a loader that runs after the first paint', () => {
    const built = `<html><head><script type="module" crossorigin src="/assets/index-a1.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/chunk-b2.js"><style>x</style></head><body><div id="root"></div></body></html>`;
    const html = loadScriptsAfterFirstPaint(built);
    expect(html).not.toContain('<script type="module"');
    expect(html).not.toContain('rel="modulepreload"');
    expect(html).toContain('script.src = "/assets/index-a1.js"');
    expect(html).toContain('["/assets/chunk-b2.js"]');
    expect(html.indexOf('requestAnimationFrame')).toBeGreaterThan(html.indexOf('<div id="root">'));
  });

  it('leaves a page without a module entry alone', () => {
    expect(loadScriptsAfterFirstPaint('<html><body></body></html>')).toBe('<html><body></body></html>');
  });
});

describe('serving the web app', () => {
  it.each(['/', '/home', '/pages/branch/about-us', '/no/such/route', '/index.html'])(
    'serves the rendered app shell for %s',
    async (url) => {
      const response = await ctx.app.inject({ url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toContain('data-theme="luckywin" data-christmas="1"');
      // The brand's name, icon and colour, never the other brand's.
      expect(response.body).toContain('<title>LuckyWin</title>');
      expect(response.body).toContain('<link rel="icon" href="/icons/luckywin.svg"');
      expect(response.body).toContain('<meta name="theme-color" content="#0b4d3b"');
      expect(response.body).not.toMatch(/winslots/i);
      expect(response.body).toContain('window.__APP_SETTINGS__={"country":{"code":"KE"');
      expect(response.body).not.toContain('<!--app-settings-->');
      // The stylesheet is in the page, not a render-blocking request.
      expect(response.body).toContain('<style>body{margin:0}</style>');
      expect(response.body).not.toContain('rel="stylesheet"');
    },
  );

  it.each(['/', '/home', '/pages/branch/about-us'])(
    'sends the page %s compressed to a browser that accepts it',
    async (url) => {
      const response = await ctx.app.inject({ url, headers: { 'accept-encoding': 'br, gzip' } });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(response.rawPayload).toString()).toContain('<div id="root">');
    },
  );

  it('caches hashed assets for a year and revalidates the service worker', async () => {
    const asset = await ctx.app.inject({ url: '/assets/index-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const worker = await ctx.app.inject({ url: '/sw.js' });
    expect(worker.headers['cache-control']).toBe('no-cache');
  });

  it('sends the precompressed file to a browser that accepts it', async () => {
    const response = await ctx.app.inject({
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(response.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(APP_JS);
  });

  it('answers a missing file with 404, not with the app shell', async () => {
    const response = await ctx.app.inject({ url: '/assets/index-missing.js' });
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('<html');
  });

  it('serves the files the build made, listed at start: one route each, counted in the metrics as one', async () => {
    // A request is a route lookup, never a look into the folder (docs/benchmarks.md, 2026-12-06 07:18):
    // a file that appears after the start is not served until the next, and the address must be spelt
    // as the file is.
    await writeFile(path.join(webDist, 'assets', 'late-abc123.js'), APP_JS);
    expect((await ctx.app.inject({ url: '/assets/late-abc123.js' })).statusCode).toBe(404);
    expect((await ctx.app.inject({ url: '/assets/INDEX-abc123.js' })).statusCode).toBe(404);
    // The compressed copies are the files' encodings, not addresses of their own.
    expect((await ctx.app.inject({ url: '/assets/index-abc123.js.br' })).statusCode).toBe(404);
    for (const url of ['/assets/index-abc123.js', '/assets/index-abc123.css', '/sw.js'])
      expect((await ctx.app.inject({ url })).statusCode).toBe(200);
    const metrics = (await ctx.app.inject({ url: '/metrics' })).body;
    const served = /http_requests_total\{method="GET",route="\/<file>",status="200",[^}]*\} (\d+)/.exec(
      metrics,
    );
    expect(Number(served?.[1])).toBeGreaterThanOrEqual(3);
    expect(metrics).not.toContain('route="/assets/index-abc123.js"');
  });

  it('serves shipped images under /statics/', async () => {
    const response = await ctx.app.inject({ url: '/statics/brand/winslots-logo.svg' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('image/svg+xml');
    expect(response.headers['cache-control']).toBe('public, max-age=86400');
  });

  it("serves the brand's art set at the shared addresses: LuckyWin's popups and deposit icons, the shared art else", async () => {
    const staticDir = path.resolve(import.meta.dirname, '../../static');
    for (const file of ['adverts/popup-register.svg', 'payments/package-100.svg']) {
      const luckyWin = await readFile(path.join(staticDir, 'brands/luckywin', file), 'utf8');
      expect(luckyWin).not.toBe(await readFile(path.join(staticDir, file), 'utf8'));
      const plain = await ctx.app.inject({ url: `/statics/${file}` });
      expect(plain.statusCode).toBe(200);
      expect(plain.body).toBe(luckyWin);
      const compressed = await ctx.app.inject({
        url: `/statics/${file}`,
        headers: { 'accept-encoding': 'br' },
      });
      const body =
        compressed.headers['content-encoding'] === 'br'
          ? brotliDecompressSync(compressed.rawPayload).toString()
          : compressed.body;
      expect(body).toBe(luckyWin);
    }
    const shared = await ctx.app.inject({ url: '/statics/adverts/home-swipe-coins.svg' });
    expect(shared.body).toBe(await readFile(path.join(staticDir, 'adverts/home-swipe-coins.svg'), 'utf8'));
  });

  it("serves the brand's recoloured art in each language at the shared language addresses, the shared language art else", async () => {
    const staticDir = path.resolve(import.meta.dirname, '../../static');
    for (const language of ['fr', 'pt', 'sw']) {
      const file = `${language}/adverts/popup-register.svg`;
      const luckyWin = await readFile(path.join(staticDir, 'brands/luckywin', file), 'utf8');
      // In the brand's colours and in the language: neither the shared French popup nor LuckyWin's English one.
      expect(luckyWin).not.toBe(await readFile(path.join(staticDir, file), 'utf8'));
      expect(luckyWin).not.toBe(
        await readFile(path.join(staticDir, 'brands/luckywin/adverts/popup-register.svg'), 'utf8'),
      );
      expect((await ctx.app.inject({ url: `/statics/${file}` })).body).toBe(luckyWin);
      const banner = `${language}/adverts/home-swipe-coins.svg`;
      const served = await ctx.app.inject({ url: `/statics/${banner}` });
      expect(served.statusCode).toBe(200);
      expect(served.body).toBe(await readFile(path.join(staticDir, banner), 'utf8'));
    }
  });

  it('generates the manifest for the configured theme', async () => {
    const manifest = (await ctx.app.inject({ url: '/manifest.webmanifest' })).json<{
      name: string;
      display: string;
      icons: { src: string; sizes: string }[];
    }>();
    expect(manifest.name).toBe('LuckyWin');
    expect(manifest).toMatchObject({ theme_color: '#0b4d3b', background_color: '#06281f' });
    expect(manifest.display).toBe('standalone');
    expect(manifest.icons.map((icon) => icon.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
    expect(manifest.icons.every((icon) => icon.src.startsWith('/icons/luckywin-'))).toBe(true);
  });

  it('escapes settings so operator text cannot close the script element', async () => {
    const hostile = await createTestApp(
      { BRAND_NAME: '</script><script>alert(1)</script>' },
      { seed: false, webDist },
    );
    try {
      const response = await hostile.app.inject({ url: '/home' });
      expect(response.body).not.toContain('</script><script>alert(1)');
      expect(response.body).toContain('\\u003c/script>');
    } finally {
      await hostile.close();
    }
  });
});
