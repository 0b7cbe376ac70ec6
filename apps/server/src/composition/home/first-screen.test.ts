import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdvertItem } from '@app/contracts/config';
import type { FirstScreen } from '@app/contracts/first-screen';
import { callApi } from '../../../test/api-client.ts';
import { newMember, gameIdOf } from '../../../test/factory.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { openGameSession } from '../../modules/games/catalogue/game-session.service.ts';

const INDEX = `<!doctype html><html lang="en" data-theme="winslots" data-christmas="0"><head><!--app-settings--></head><body></body></html>`;

let webDist: string;
let ctx: TestApp;
beforeAll(async () => {
  webDist = await mkdtemp(path.join(tmpdir(), 'web-dist-'));
  await writeFile(path.join(webDist, 'index.html'), INDEX);
  ctx = await createTestApp({}, { webDist });
});
afterAll(async () => {
  await ctx?.close();
  await rm(webDist, { recursive: true, force: true });
});

function firstScreenOf(html: string): FirstScreen | undefined {
  const match = /<script>window\.__FIRST_SCREEN__=(.*?)<\/script>/.exec(html);
  return match?.[1] ? (JSON.parse(match[1]) as FirstScreen) : undefined;
}

function preloadedImages(html: string): string[] {
  return [...html.matchAll(/<link rel="preload" as="image" href="([^"]+)"/g)].map((match) => match[1] ?? '');
}

describe('the home page comes with its first data', () => {
  it('writes the answers to the home calls, equal to what the API answers', async () => {
    const page = await ctx.app.inject({ url: '/home' });
    const screen = firstScreenOf(page.body);
    expect(screen?.language).toBe('en');
    const written = screen?.responses ?? {};
    for (const call of [
      '/config-service/cfMenu/queryByPosition?position=100102',
      '/config-service/advertManager/queryAllByTypeId?typeId=500101',
      '/config-service/advertManager/queryAllByTypeId?typeId=800103',
      '/config-service/cfGlobal/queryGlobalByPlatform',
      // The game lobby: the server renders the home page's game rows from it.
      '/game-center/v2/lobby',
    ]) {
      const answer = await ctx.app.inject({ url: `/api${call}`, headers: { platform: '3' } });
      expect(written[call], call).toEqual(answer.json<{ data: unknown }>().data);
    }
  });

  it("writes a member's recent games too (their token cookie), kept private; never for a visitor or a dead token", async () => {
    const registered = await newMember(ctx);
    const memberId = registered.id;
    const gameId = await gameIdOf(ctx, 'dice');
    await openGameSession(ctx.db, { memberId, gameId, mode: 'launch', currency: 'KES' });

    const page = await ctx.app.inject({ url: '/home', cookies: { token: registered.token } });
    const written = firstScreenOf(page.body)?.responses ?? {};
    const answer = await callApi(ctx, '/game-center/v2/personal/recent-games', {
      method: 'GET',
      token: registered.token,
    });
    expect(answer.data).toMatchObject([{ id: gameId }]);
    expect(written['/game-center/v2/personal/recent-games']).toEqual(answer.data);
    // One member's page: no shared cache may keep it.
    expect(page.headers['cache-control']).toBe('private, no-cache');

    for (const cookies of [{}, { token: 'not-a-live-token' }] as Record<string, string>[]) {
      const other = await ctx.app.inject({ url: '/home', cookies });
      expect(firstScreenOf(other.body)?.responses).not.toHaveProperty([
        '/game-center/v2/personal/recent-games',
      ]);
      expect(other.headers['cache-control']).toBe('no-cache');
    }
  });

  it('preloads the first banner and, until the popup was seen, the popup image', async () => {
    const banners = (written: FirstScreen | undefined) =>
      written?.responses['/config-service/advertManager/queryAllByTypeId?typeId=500101'] as AdvertItem[];
    const fresh = await ctx.app.inject({ url: '/home' });
    const screen = firstScreenOf(fresh.body);
    const popup = (
      screen?.responses['/config-service/advertManager/queryAllByTypeId?typeId=800103'] as AdvertItem[]
    )[0];
    expect(preloadedImages(fresh.body)).toEqual([banners(screen)[0]?.img, popup?.img]);
    expect(fresh.body).toContain('fetchpriority="high"');

    const seen = await ctx.app.inject({ url: '/home', cookies: { popup_seen: '1' } });
    expect(preloadedImages(seen.body)).toEqual([banners(screen)[0]?.img]);
  });

  it('answers in the language the player chose', async () => {
    const page = await ctx.app.inject({ url: '/home', cookies: { lang: 'fr' } });
    expect(page.body).toContain('<html lang="fr"');
    const menus = firstScreenOf(page.body)?.responses[
      '/config-service/cfMenu/queryByPosition?position=100102'
    ] as AdvertItem[];
    expect(menus.map((menu) => menu.title)).toContain("Pluie d'argent");
  });

  it('ignores a language the market does not offer', async () => {
    const page = await ctx.app.inject({ url: '/home', cookies: { lang: 'xx"><script>' } });
    expect(page.body).toContain('<html lang="en"');
    expect(firstScreenOf(page.body)?.language).toBe('en');
  });

  it('writes nothing for other pages or a redirect', async () => {
    for (const url of ['/deposit', '/?r=/deposit', '/pages/branch/about-us']) {
      const page = await ctx.app.inject({ url });
      expect(page.statusCode).toBe(200);
      expect(firstScreenOf(page.body), url).toBeUndefined();
      expect(preloadedImages(page.body)).toEqual([]);
    }
  });
});
