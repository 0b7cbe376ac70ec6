import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/test-app.ts';
import { openGameSession } from './game-session.service.ts';
import { gameIdOf } from '../../../../test/factory.ts';

/**
 * The game pages (the built games app, apps/games) behind their session check, the verifier, and the
 * app's hashed files; a fake build stands in for the real one so these tests do not need `npm run build`.
 */
const INDEX = `<!doctype html>
<html lang="en">
  <head>
    <meta name="theme-color" content="#12072a" />
    <title>Game</title>
    <!--game-head-->
    <script type="module" crossorigin src="/game-center/assets/index-abc.js"></script>
    <link rel="stylesheet" crossorigin href="/game-center/assets/index-abc.css">
  </head>
  <body><div id="root"></div></body>
</html>`;
const MANIFEST = {
  'index.html': { file: 'assets/index-abc.js', css: ['assets/index-abc.css'] },
  '_exact-1.js': { file: 'assets/exact-1.js' },
  '_dice-2.js': { file: 'assets/dice-2.js', imports: ['_exact-1.js', 'index.html'] },
  'src/games/dice/dice-game.tsx': {
    file: 'assets/dice-game-3.js',
    imports: ['_dice-2.js', 'index.html'],
    css: ['assets/dice-game-3.css'],
  },
  'src/locales/en.ts': { file: 'assets/en-4.js' },
  'src/locales/pt.ts': { file: 'assets/pt-5.js' },
  'src/verify/draw-page.tsx': {
    file: 'assets/draw-page-6.js',
    imports: ['_exact-1.js', 'index.html'],
    css: ['assets/draw-page-6.css'],
  },
};

let ctx: TestApp;
let bare: TestApp;
let gamesDist: string;

async function demoSession(app: TestApp, code: string): Promise<{ id: number; token: string }> {
  const id = await gameIdOf(app, code);
  const { token } = await openGameSession(app.db, {
    memberId: null,
    gameId: id,
    mode: 'demo',
    currency: 'KES',
    demoBalance: 100_000,
  });
  return { id, token };
}

beforeAll(async () => {
  gamesDist = await mkdtemp(path.join(tmpdir(), 'games-dist-'));
  await mkdir(path.join(gamesDist, 'assets'));
  await mkdir(path.join(gamesDist, '.vite'));
  await writeFile(path.join(gamesDist, 'index.html'), INDEX);
  await writeFile(path.join(gamesDist, '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
  await writeFile(path.join(gamesDist, 'assets', 'index-abc.js'), 'console.info("games")');
  await writeFile(path.join(gamesDist, 'assets', 'index-abc.css'), 'body{margin:0}');
  ctx = await createTestApp({ GAMES_DIST: gamesDist });
  bare = await createTestApp({ GAMES_DIST: path.join(gamesDist, 'not-built'), THEME: 'luckywin' });
});

afterAll(async () => {
  await ctx?.close();
  await bare?.close();
  await rm(gamesDist, { recursive: true, force: true });
});

describe('game pages', () => {
  it('serves the games app for a live session, naming the game, its chunks and the money format', async () => {
    const { id, token } = await demoSession(ctx, 'dice');
    const page = await ctx.app.inject({
      method: 'GET',
      url: `/game-center/games/demo/${id}?session=${token}`,
    });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.headers['cache-control']).toBe('no-store');
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("connect-src 'self'");
    expect(csp).toContain("frame-ancestors 'self'");
    expect(page.body).toContain('<title>Dice</title>');
    // Dressed as the brand the server runs as (apps/games styles each brand's palette).
    expect(page.body).toContain('<html lang="en" data-theme="winslots"');
    expect(page.body).toContain('<meta name="theme-color" content="#1b0b3a"');
    expect(page.body).toContain('<meta name="game-code" content="dice">');
    // The game's chunk, what it imports and the language's texts are fetched beside the entry.
    for (const file of ['dice-game-3.js', 'dice-2.js', 'exact-1.js', 'en-4.js']) {
      expect(page.body).toContain(
        `<link rel="modulepreload" crossorigin href="/game-center/assets/${file}">`,
      );
    }
    expect(page.body).toContain(
      '<link rel="preload" as="style" crossorigin href="/game-center/assets/dice-game-3.css">',
    );
    expect(page.body).not.toContain('pt-5.js');
    // The stylesheet is written into the page: one round trip fewer on a slow link.
    expect(page.body).toContain('<style>body{margin:0}</style>');
    expect(page.body).not.toContain('index-abc.css');
    expect(page.body).toMatch(/<meta name="money-format" content="[^"]*&#34;currency&#34;:&#34;KES&#34;/);
  });

  it('writes the language of the address, else of the app’s cookie, into the page', async () => {
    const { id, token } = await demoSession(ctx, 'dice');
    const url = `/game-center/games/demo/${id}?session=${token}`;
    const fromQuery = await ctx.app.inject({ method: 'GET', url: `${url}&lang=pt` });
    expect(fromQuery.body).toContain('<html lang="pt"');
    expect(fromQuery.body).toContain('/game-center/assets/pt-5.js');
    // The game's name in that language too (the catalogue's translation).
    expect(fromQuery.body).toContain('<title>Dados</title>');
    const fromCookie = await ctx.app.inject({ method: 'GET', url, headers: { cookie: 'lang=pt' } });
    expect(fromCookie.body).toContain('<html lang="pt"');
  });

  it('keeps its session check: another mode, no session or an unknown game get no game page', async () => {
    const { id, token } = await demoSession(ctx, 'dice');
    const wrongMode = await ctx.app.inject({
      method: 'GET',
      url: `/game-center/games/launch/${id}?session=${token}`,
    });
    expect(wrongMode.statusCode).toBe(403);
    expect(wrongMode.body).toContain('This game session has ended');
    expect(wrongMode.body).not.toContain('game-code');
    const noSession = await ctx.app.inject({ method: 'GET', url: `/game-center/games/demo/${id}` });
    expect(noSession.statusCode).toBe(403);
    const other = await demoSession(ctx, 'mines');
    const wrongGame = await ctx.app.inject({
      method: 'GET',
      url: `/game-center/games/demo/${id}?session=${other.token}`,
    });
    expect(wrongGame.statusCode).toBe(403);
    const unknown = await ctx.app.inject({ method: 'GET', url: '/game-center/games/demo/999999' });
    expect(unknown.statusCode).toBe(404);
  });

  it('serves the verifier without a session', async () => {
    const page = await ctx.app.inject({ method: 'GET', url: '/game-center/fair?game=dice&nonce=3&lang=fr' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<title>Équité prouvable</title>');
    expect(page.body).toContain('<html lang="fr"');
    expect(page.body).not.toContain('game-code');
    expect(page.body).not.toContain('draw-page-6.js');
    // Draw times read in the market's zone, as the app shows them (issue 22 §3).
    expect(page.body).toContain('<meta name="time-zone" content="Africa/Nairobi">');
  });

  it('serves a draw’s verification page at the address the products link to, and a holding page for no id', async () => {
    const { drawVerifyPath } = await import('@app/contracts/draws');
    const page = await ctx.app.inject({ method: 'GET', url: `${drawVerifyPath(42, 7)}&lang=pt` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<title>Verificar um sorteio</title>');
    expect(page.body).toContain('<html lang="pt"');
    expect(page.body).toContain('/game-center/assets/index-abc.js');
    // The draw page's own chunk (with the BLS pairing) is fetched beside the entry.
    for (const file of ['draw-page-6.js', 'exact-1.js', 'pt-5.js'])
      expect(page.body).toContain(
        `<link rel="modulepreload" crossorigin href="/game-center/assets/${file}">`,
      );
    expect(String(page.headers['content-security-policy'])).toContain("script-src 'self'");
    for (const bad of ['0', '-3', '1e3', 'abc', '12.5', '%20', '99999999999999999999', '7;drop']) {
      const holding = await ctx.app.inject({ method: 'GET', url: `/game-center/fair/draw/${bad}` });
      expect(holding.statusCode, bad).toBe(404);
      expect(holding.body, bad).toContain('There is no draw at this address.');
      expect(holding.body, bad).not.toContain('index-abc.js');
    }
  });

  it('serves the app’s hashed files for a year', async () => {
    const file = await ctx.app.inject({ method: 'GET', url: '/game-center/assets/index-abc.js' });
    expect(file.statusCode).toBe(200);
    expect(file.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(file.body).toContain('games');
    const missing = await ctx.app.inject({ method: 'GET', url: '/game-center/assets/nope.js' });
    expect(missing.statusCode).toBe(404);
  });

  it('answers an honest holding page when the games app is not built', async () => {
    const { id, token } = await demoSession(bare, 'dice');
    const page = await bare.app.inject({
      method: 'GET',
      url: `/game-center/games/demo/${id}?session=${token}`,
    });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('data-testid="game-frame-page"');
    expect(page.body).toContain('The game is loading…');
    // In the brand's colours (a LuckyWin server here).
    expect(page.body).toContain('data-theme="luckywin"');
    expect(page.body).toContain('background:#06281f');
    const verifier = await bare.app.inject({ method: 'GET', url: '/game-center/fair' });
    expect(verifier.statusCode).toBe(404);
    const drawPage = await bare.app.inject({ method: 'GET', url: '/game-center/fair/draw/3' });
    expect(drawPage.statusCode).toBe(404);
    expect(drawPage.body).toContain('data-testid="game-frame-page"');
  });
});
