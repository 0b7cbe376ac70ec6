import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

const INDEX = `<!doctype html><html lang="en" data-theme="winslots" data-christmas="0"><head><!--app-settings--></head><body><div id="root"></div></body></html>`;

/** A web build folder with a server renderer whose renderPage body is given. */
async function webBuildWithRenderer(renderBody: string): Promise<string> {
  const folder = await mkdtemp(path.join(tmpdir(), 'web-'));
  await mkdir(path.join(folder, 'dist'));
  await mkdir(path.join(folder, 'dist-ssr'));
  await writeFile(path.join(folder, 'dist', 'index.html'), INDEX);
  await writeFile(
    path.join(folder, 'dist-ssr', 'entry-server.js'),
    `export async function renderPage(input) { ${renderBody} }`,
  );
  return folder;
}

const folders: string[] = [];
const apps: TestApp[] = [];
async function appRendering(renderBody: string): Promise<TestApp> {
  const folder = await webBuildWithRenderer(renderBody);
  folders.push(folder);
  const ctx = await createTestApp({}, { webDist: path.join(folder, 'dist') });
  apps.push(ctx);
  return ctx;
}

let rendering: TestApp;
beforeAll(async () => {
  rendering = await appRendering(
    'return `<p data-url="${input.url}" data-lang="${input.language}" data-banners="${input.firstScreen.responses["/config-service/advertManager/queryAllByTypeId?typeId=500101"].length}">rendered</p>`;',
  );
});
afterAll(async () => {
  await Promise.all(apps.map((ctx) => ctx.close()));
  await Promise.all(folders.map((folder) => rm(folder, { recursive: true, force: true })));
});

describe('server rendering of the home page', () => {
  it('puts the rendered markup into #root, rendered from the first screen data in the chosen language', async () => {
    const page = await rendering.app.inject({ url: '/home', cookies: { lang: 'pt' } });
    expect(page.body).toMatch(
      /<div id="root"><p data-url="\/home" data-lang="pt" data-banners="[1-9]\d*">rendered<\/p><\/div>/,
    );
  });

  it('renders a Kenyan phone set to Swahili in Swahili, as the app will start, and no other phone', async () => {
    const language = async (headers: Record<string, string>, cookies: Record<string, string> = {}) => {
      const page = await rendering.app.inject({ url: '/home', headers, cookies });
      return /data-lang="(\w+)"/.exec(page.body)?.[1];
    };
    expect(await language({ 'accept-language': 'sw-KE,sw;q=0.9,en;q=0.8' })).toBe('sw');
    expect(await language({ 'accept-language': 'en-KE,sw;q=0.9' })).toBe('en');
    expect(await language({ 'accept-language': 'fr-FR' })).toBe('en');
    // The player's own choice, mirrored in the cookie, outlasts the phone's language.
    expect(await language({ 'accept-language': 'sw-KE' }, { lang: 'en' })).toBe('en');
  });

  it('renders `/` as the home page the app moves it to, and leaves `/?r=` to the app', async () => {
    const index = await rendering.app.inject({ url: '/' });
    expect(index.body).toMatch(/<div id="root"><p data-url="\/home" /);
    const onward = await rendering.app.inject({ url: '/?r=/deposit' });
    expect(onward.body).toContain('<div id="root"></div>');
  });

  it('renders only the home page', async () => {
    const page = await rendering.app.inject({ url: '/deposit' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<div id="root"></div>');
  });

  it('serves the plain page when the renderer fails', async () => {
    const failing = await appRendering('throw new Error("render broke");');
    const page = await failing.app.inject({ url: '/home' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<div id="root"></div>');
    expect(page.body).toContain('window.__FIRST_SCREEN__=');
  });

  it('serves the plain page when a render never finishes', async () => {
    const stuck = await appRendering('return new Promise(() => {});');
    const page = await stuck.app.inject({ url: '/home' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<div id="root"></div>');
  });
});
