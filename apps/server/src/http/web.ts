import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppSettings } from '@app/contracts/config';
import type { FirstScreen } from '@app/contracts/first-screen';
import { sendNotFound } from './error-handler.ts';

/** What a page of the app is served with beyond the settings: its first data and images to fetch early. */
export type PageExtras = { language: string; firstScreen?: FirstScreen; preloadImages: string[] };
export type PreparePage = (request: FastifyRequest) => Promise<PageExtras | undefined>;

const YEAR_SECONDS = 31_536_000;
const THEME_COLOURS = {
  winslots: { theme: '#1b0b3a', background: '#12072a' },
  luckywin: { theme: '#0b4d3b', background: '#06281f' },
} as const;

/**
 * Serves the built web app: hashed assets cached for a year, everything else revalidated, and the SPA
 * fallback for app routes. index.html gets the app settings and theme written in, so the first paint on
 * a slow network needs no extra round trip and never flashes the wrong theme.
 */
export async function registerWebApp(
  app: FastifyInstance,
  options: {
    webDist: string | undefined;
    staticDir: string;
    settings: AppSettings;
    preparePage?: PreparePage;
  },
): Promise<{ servePage: ((request: FastifyRequest, reply: FastifyReply) => Promise<unknown>) | undefined }> {
  const { settings } = options;

  await app.register(fastifyStatic, {
    root: options.staticDir,
    prefix: '/statics/',
    decorateReply: false,
    index: false,
    preCompressed: true,
    setHeaders: (res) => res.header('cache-control', 'public, max-age=86400'),
  });

  app.get('/manifest.webmanifest', { schema: { hide: true } }, async (_request, reply) => {
    reply.type('application/manifest+json').header('cache-control', 'public, max-age=3600');
    return buildManifest(settings);
  });

  const webDist = options.webDist;
  const indexPath = webDist ? path.join(webDist, 'index.html') : undefined;
  if (!webDist || !indexPath || !existsSync(indexPath)) {
    app.log.warn({ webDist }, 'web app build not found: serving the API only (run npm run build)');
    return { servePage: undefined };
  }
  const indexHtml = renderIndex(readFileSync(indexPath, 'utf8'), settings);
  const servePage = async (request: FastifyRequest, reply: FastifyReply) => {
    let extras: PageExtras | undefined;
    try {
      extras = await options.preparePage?.(request);
    } catch (error) {
      // The page works without its first data (the app fetches it); never fail the page for it.
      request.log.warn({ err: error }, 'first screen data unavailable');
    }
    return sendIndex(reply, extras ? addPageExtras(indexHtml, extras) : indexHtml);
  };

  await app.register(fastifyStatic, {
    root: webDist,
    prefix: '/',
    index: false,
    wildcard: true,
    // scripts/precompress.mjs writes .br and .gz beside each file at build time.
    preCompressed: true,
    // index.html is only ever served rendered, through the fallback below.
    allowedPath: (pathName) => pathName !== '/index.html',
    setHeaders: (res, filePath) => {
      const relative = path.relative(webDist, filePath);
      if (relative.startsWith(`assets${path.sep}`)) {
        res.header('cache-control', `public, max-age=${YEAR_SECONDS}, immutable`);
      } else if (relative === 'sw.js') {
        // The service worker must be re-checked on every visit or updates never arrive.
        res.header('cache-control', 'no-cache');
      } else {
        res.header('cache-control', 'public, max-age=3600');
      }
    },
  });

  app.get('/', { schema: { hide: true } }, servePage);
  app.get('/index.html', { schema: { hide: true } }, servePage);
  return { servePage };
}

/** Unknown paths: the app's own page for app routes (it redirects to /home), the 404 envelope otherwise. */
export function handleNotFound(
  servePage: ((request: FastifyRequest, reply: FastifyReply) => Promise<unknown>) | undefined,
) {
  return (request: FastifyRequest, reply: FastifyReply) =>
    servePage && isAppRoute(request) ? servePage(request, reply) : sendNotFound(request, reply);
}

function sendIndex(reply: FastifyReply, html: string) {
  return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(html);
}

/** A page of the app (not the API, not a missing file): GET of a path whose last part has no extension. */
function isAppRoute(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const pathname = request.url.split('?')[0] ?? '/';
  if (pathname === '/api' || pathname.startsWith('/api/')) return false;
  if (pathname.startsWith('/assets/') || pathname.startsWith('/statics/')) return false;
  const lastSegment = pathname.slice(pathname.lastIndexOf('/') + 1);
  return !lastSegment.includes('.');
}

/** JSON inside a script element: "<" escaped so no operator text can close the element early. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value).replaceAll('<', '\\u003c');
}

function attribute(value: string): string {
  return value.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;');
}

/** The page's language, its first data, and the images it will show first, fetched beside the script. */
export function addPageExtras(html: string, extras: PageExtras): string {
  const links = extras.preloadImages.map(
    (href, index) =>
      `<link rel="preload" as="image" href="${attribute(href)}"${index === 0 ? ' fetchpriority="high"' : ''}>`,
  );
  const script = extras.firstScreen
    ? `<script>window.__FIRST_SCREEN__=${scriptJson(extras.firstScreen)}</script>`
    : '';
  return html
    .replace(/<html lang="[^"]*"/, `<html lang="${attribute(extras.language)}"`)
    .replace('</head>', `${links.join('')}${script}</head>`);
}

export function renderIndex(html: string, settings: AppSettings): string {
  const json = scriptJson(settings);
  return html
    .replace('<!--app-settings-->', `<script>window.__APP_SETTINGS__=${json}</script>`)
    .replace(
      'data-theme="winslots" data-christmas="0"',
      `data-theme="${settings.theme}" data-christmas="${settings.christmas ? '1' : '0'}"`,
    )
    .replace(/<html lang="[^"]*"/, `<html lang="${settings.country.defaultLanguage}"`)
    .replace(
      /<meta name="theme-color" content="[^"]*"/,
      `<meta name="theme-color" content="${THEME_COLOURS[settings.theme].theme}"`,
    );
}

function buildManifest(settings: AppSettings) {
  const theme = settings.theme;
  return {
    name: settings.brandName,
    short_name: settings.brandName,
    description: `${settings.brandName}: casino games, promotions and mobile-money payments.`,
    id: '/',
    start_url: '/home',
    scope: '/',
    display: 'standalone',
    orientation: 'portrait',
    lang: settings.country.defaultLanguage,
    theme_color: THEME_COLOURS[theme].theme,
    background_color: THEME_COLOURS[theme].background,
    prefer_related_applications: false,
    icons: [
      { src: `/icons/${theme}-192.png`, sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: `/icons/${theme}-512.png`, sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: `/icons/${theme}-maskable-512.png`, sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  };
}
