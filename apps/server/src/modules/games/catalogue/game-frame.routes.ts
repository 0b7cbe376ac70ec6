import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { wholeNumber } from '@app/contracts/whole-number';
import type { Brand } from '@app/contracts/brand';
import { LANGUAGES, type Language } from '@app/contracts/config';
import type { CountryProfile } from '@app/contracts/country';
import { LANGUAGE_COOKIE } from '@app/contracts/first-screen';
import { GAME_MODES } from '@app/contracts/game-rules';
import { DrawIdSchema } from '@app/contracts/draws';
import { DRAW_VERIFY_PAGE, FAIR_VERIFY_PAGE, GAME_FRAME_PATH } from '@app/contracts/paths';
import type { Database } from '../../../db/schema.ts';
import { findGame, resolveGameSession } from './game-session.service.ts';
import { localize } from '../../platform/config/localize.ts';
import { serveBuiltFiles } from '../../../http/static-files.ts';

/**
 * The pages of our own games (platform-core §7: `/game-center/games/{mode}/{id}`) and the fairness
 * verifier (`/game-center/fair`, and `/game-center/fair/draw/{id}` for a draw), all the built games app (apps/games, its own Vite build so the player
 * app never ships game code). A game page is served only after checking that the session in the address
 * is a live one of this game and mode; the verifier needs no session (it only recomputes what the player
 * types). The page names its game and language in its head so the browser fetches the game's chunk and
 * texts beside the entry script instead of after the session call.
 *
 * Without a build (API-only deployments, server tests) the answer is an honest holding page: the game's
 * name and that it is loading, with no board and no bets.
 */
const ParamsSchema = z.object({
  mode: z.enum(GAME_MODES),
  id: wholeNumber(1, 2_147_483_647),
});
const QuerySchema = z.object({
  session: z.string().max(128).optional(),
  lang: z.string().max(8).optional(),
});
/** The verifier's page for one draw (`drawVerifyPath`): the same app, which reads the draw id from its address. */
const DRAW_PAGE_PATH = `${DRAW_VERIFY_PAGE}/:drawId`;
// The id as the path carries it: digits only (no sign, exponent or spaces that a number coercion would take).
const DrawPageParamsSchema = z.object({ drawId: z.string() });
/** The draw page's module in the games app (its key in the build's manifest). */
const DRAW_PAGE_SOURCE = 'src/verify/draw-page.tsx';
const ASSETS_PREFIX = '/game-center/assets/';
const YEAR_SECONDS = 31_536_000;

/**
 * The game pages run only their own scripts and call only this server; they may be framed by this site
 * alone. Inline styles: the page's stylesheet is written into it (one round trip fewer on a slow link).
 */
const APP_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'self'",
].join('; ');
const HOLDING_CSP = "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'self'";

const TEXT: Record<
  Language,
  { loading: string; ended: string; missing: string; fairness: string; draw: string; noDraw: string }
> = {
  en: {
    loading: 'The game is loading…',
    ended: 'This game session has ended. Close the game and open it again.',
    missing: 'This game is not available.',
    fairness: 'Provably fair',
    draw: 'Verify a draw',
    noDraw: 'There is no draw at this address.',
  },
  fr: {
    loading: 'Le jeu se charge…',
    ended: 'Cette session de jeu est terminée. Fermez le jeu et ouvrez-le à nouveau.',
    missing: "Ce jeu n'est pas disponible.",
    fairness: 'Équité prouvable',
    draw: 'Vérifier un tirage',
    noDraw: "Il n'y a pas de tirage à cette adresse.",
  },
  pt: {
    loading: 'O jogo está a carregar…',
    ended: 'Esta sessão de jogo terminou. Feche o jogo e abra-o de novo.',
    missing: 'Este jogo não está disponível.',
    fairness: 'Justiça comprovável',
    draw: 'Verificar um sorteio',
    noDraw: 'Não há sorteio neste endereço.',
  },
  sw: {
    loading: 'Mchezo unapakia…',
    ended: 'Kipindi hiki cha mchezo kimekwisha. Funga mchezo kisha uufungue tena.',
    missing: 'Mchezo huu haupatikani.',
    fairness: 'Haki inayothibitishwa',
    draw: 'Thibitisha droo',
    noDraw: 'Hakuna droo kwenye anwani hii.',
  },
};

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

function holdingPage(
  brand: Brand,
  language: Language,
  title: string,
  message: string,
  busy: boolean,
): string {
  return `<!doctype html>
<html lang="${language}" data-theme="${brand.theme}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
html,body{margin:0;height:100%;background:${brand.colours.background};color:#fff;font:16px system-ui,-apple-system,Roboto,Arial,sans-serif}
main{height:100%;display:flex;flex-direction:column;align-items:center;justify-content:center;gap:16px;padding:24px;box-sizing:border-box;text-align:center}
h1{margin:0;font-size:20px}
p{margin:0;opacity:.85}
.spinner{width:36px;height:36px;border-radius:50%;border:4px solid rgba(255,255,255,.25);border-top-color:#ffd23f;animation:spin 1s linear infinite}
@keyframes spin{to{transform:rotate(360deg)}}
</style>
</head>
<body>
<main${busy ? ' aria-busy="true"' : ''} data-testid="game-frame-page">
${busy ? '<div class="spinner" aria-hidden="true"></div>' : ''}
<h1>${escapeHtml(title)}</h1>
<p>${escapeHtml(message)}</p>
</main>
</body>
</html>`;
}

type ManifestEntry = { file: string; imports?: string[]; css?: string[] };
type GamesBuild = { html: string; manifest: Record<string, ManifestEntry> };

/** The built games app: index.html with its stylesheet written in, and Vite's manifest of chunks. */
export function loadGamesBuild(
  gamesDist: string | undefined,
  log: FastifyBaseLogger,
): GamesBuild | undefined {
  const indexPath = gamesDist ? path.join(gamesDist, 'index.html') : undefined;
  if (!gamesDist || !indexPath || !existsSync(indexPath)) {
    log.warn(
      { gamesDist },
      'games app build not found: game pages answer a holding page (run npm run build)',
    );
    return undefined;
  }
  const manifestPath = path.join(gamesDist, '.vite', 'manifest.json');
  const manifest = existsSync(manifestPath)
    ? (JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, ManifestEntry>)
    : {};
  const html = readFileSync(indexPath, 'utf8').replace(
    /<link rel="stylesheet"(?: crossorigin)? href="\/game-center\/(assets\/[\w.-]+\.css)">/g,
    (link, file: string) => {
      const css = readFileSync(path.join(gamesDist, file), 'utf8');
      // A stylesheet cannot end the style element early unless it contains "</style"; ours never does.
      return css.includes('</style') ? link : `<style>${css}</style>`;
    },
  );
  return { html, manifest };
}

/** The chunk files (and stylesheets) a source module needs, from the manifest, without the entry's own. */
function chunkFiles(
  manifest: Record<string, ManifestEntry>,
  source: string,
): { scripts: string[]; styles: string[] } {
  const scripts: string[] = [];
  const styles: string[] = [];
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key) || key === 'index.html') return;
    seen.add(key);
    const entry = manifest[key];
    if (!entry) return;
    scripts.push(entry.file);
    styles.push(...(entry.css ?? []));
    for (const imported of entry.imports ?? []) visit(imported);
  };
  visit(source);
  return { scripts, styles };
}

/** The games app's page for one game (or the verifier), its head naming the game, language and their chunks. */
export function renderGamesPage(
  build: GamesBuild,
  page: {
    brand: Brand;
    language: Language;
    title: string;
    gameCode?: string;
    country?: CountryProfile;
    /** A page of the app's own to fetch beside the entry (its source path, a key of the manifest). */
    pageSource?: string;
  },
): string {
  const sources = [`src/locales/${page.language}.ts`];
  if (page.gameCode && /^[a-z]+$/.test(page.gameCode))
    sources.push(`src/games/${page.gameCode}/${page.gameCode}-game.tsx`);
  if (page.pageSource) sources.push(page.pageSource);
  const links: string[] = [];
  for (const source of sources) {
    const { scripts, styles } = chunkFiles(build.manifest, source);
    for (const file of scripts)
      links.push(`<link rel="modulepreload" crossorigin href="/game-center/${file}">`);
    for (const file of styles)
      links.push(`<link rel="preload" as="style" crossorigin href="/game-center/${file}">`);
  }
  let meta = page.gameCode ? `<meta name="game-code" content="${escapeHtml(page.gameCode)}">` : '';
  if (page.country) {
    // The country profile's money format (the page does not import the profiles: they build zod schemas).
    const { currency, currencySymbol: symbol, scale, decimals, locale } = page.country;
    const money = JSON.stringify({ currency, symbol, scale, decimals, locale });
    meta += `<meta name="money-format" content="${escapeHtml(money)}">`;
    // The market's clock: the verifier shows draw times as the app does (Nairobi time, not the phone's).
    meta += `<meta name="time-zone" content="${escapeHtml(page.country.timeZone)}">`;
  }
  return (
    build.html
      // The brand's look: its palette (data-theme, apps/games styles) and browser colour.
      .replace(/<html lang="[^"]*"/, `<html lang="${page.language}" data-theme="${page.brand.theme}"`)
      .replace(
        /<meta name="theme-color" content="[^"]*"/,
        `<meta name="theme-color" content="${page.brand.colours.theme}"`,
      )
      .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(page.title)}</title>`)
      .replace('<!--game-head-->', `${meta}${[...new Set(links)].join('')}`)
  );
}

function pageLanguage(request: FastifyRequest, asked: string | undefined): Language {
  const languages = LANGUAGES as readonly string[];
  if (asked && languages.includes(asked)) return asked as Language;
  const chosen = request.cookies[LANGUAGE_COOKIE];
  return languages.includes(chosen ?? '') ? (chosen as Language) : request.client.language;
}

export async function gameFrameRoutes(
  app: FastifyInstance,
  {
    db,
    gamesDist,
    country,
    brand,
  }: { db: Kysely<Database>; gamesDist: string | undefined; country: CountryProfile; brand: Brand },
): Promise<void> {
  const holding = (language: Language, title: string, message: string, busy: boolean) =>
    holdingPage(brand, language, title, message, busy);
  const build = loadGamesBuild(gamesDist, app.log);
  if (build && gamesDist) {
    // Hashed file names: a changed file is a new name, so every asset can be kept for a year.
    await serveBuiltFiles(app, {
      root: path.join(gamesDist, 'assets'),
      prefix: ASSETS_PREFIX,
      setHeaders: (res) => res.header('cache-control', `public, max-age=${YEAR_SECONDS}, immutable`),
    });
  }

  const sendPage = (reply: FastifyReply, status: number, html: string, isApp: boolean) =>
    reply
      .status(status)
      .type('text/html; charset=utf-8')
      // The address carries the session token; the page is made for it and never reused.
      .header('cache-control', 'no-store')
      .header('content-security-policy', isApp ? APP_CSP : HOLDING_CSP)
      .send(html);

  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.get(
    GAME_FRAME_PATH,
    { schema: { hide: true, params: ParamsSchema, querystring: QuerySchema } },
    async (request, reply) => {
      const language = pageLanguage(request, request.query.lang);
      const text = TEXT[language];
      const { mode, id } = request.params;
      const game = await findGame(db, id);
      if (!game) return sendPage(reply, 404, holding(language, text.missing, '', false), false);
      const name = localize(game, language).name;
      const session = request.query.session ? await resolveGameSession(db, request.query.session) : undefined;
      const live = session && !session.expired && session.gameId === id && session.mode === mode;
      if (!live) return sendPage(reply, 403, holding(language, name, text.ended, false), false);
      if (!build || game.source !== 'inhouse') {
        return sendPage(reply, 200, holding(language, name, text.loading, true), false);
      }
      return sendPage(
        reply,
        200,
        renderGamesPage(build, { brand, language, title: name, gameCode: game.code, country }),
        true,
      );
    },
  );

  routes.get(
    FAIR_VERIFY_PAGE,
    { schema: { hide: true, querystring: QuerySchema } },
    async (request, reply) => {
      const language = pageLanguage(request, request.query.lang);
      const text = TEXT[language];
      if (!build) return sendPage(reply, 404, holding(language, text.fairness, text.missing, false), false);
      return sendPage(
        reply,
        200,
        renderGamesPage(build, { brand, language, title: text.fairness, country }),
        true,
      );
    },
  );

  // A draw's page: the verifier's app, which reads the draw from the API; an address that names no draw
  // id gets the holding page (the draw's existence is the API's answer, shown by the page).
  routes.get(
    DRAW_PAGE_PATH,
    { schema: { hide: true, params: DrawPageParamsSchema, querystring: QuerySchema } },
    async (request, reply) => {
      const language = pageLanguage(request, request.query.lang);
      const text = TEXT[language];
      const { drawId } = request.params;
      const valid = /^[1-9]\d{0,15}$/.test(drawId) && DrawIdSchema.safeParse(drawId).success;
      if (!valid) return sendPage(reply, 404, holding(language, text.draw, text.noDraw, false), false);
      if (!build) return sendPage(reply, 404, holding(language, text.draw, text.missing, false), false);
      // The draw page's chunk (it carries the BLS pairing) is fetched beside the entry, not after it.
      const html = renderGamesPage(build, {
        brand,
        language,
        title: text.draw,
        country,
        pageSource: DRAW_PAGE_SOURCE,
      });
      return sendPage(reply, 200, html, true);
    },
  );
}
