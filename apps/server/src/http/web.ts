import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppSettings } from '@app/contracts/config';
import { sendNotFound } from './error-handler.ts';

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
  options: { webDist: string | undefined; staticDir: string; settings: AppSettings },
): Promise<{ indexHtml: string | undefined }> {
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
    return { indexHtml: undefined };
  }
  const indexHtml = renderIndex(readFileSync(indexPath, 'utf8'), settings);

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

  app.get('/', { schema: { hide: true } }, (_request, reply) => sendIndex(reply, indexHtml));
  app.get('/index.html', { schema: { hide: true } }, (_request, reply) => sendIndex(reply, indexHtml));
  return { indexHtml };
}

/** Unknown paths: the app's own page for app routes (it redirects to /home), the 404 envelope otherwise. */
export function handleNotFound(indexHtml: string | undefined) {
  return (request: FastifyRequest, reply: FastifyReply) =>
    indexHtml && isAppRoute(request) ? sendIndex(reply, indexHtml) : sendNotFound(request, reply);
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

export function renderIndex(html: string, settings: AppSettings): string {
  // JSON inside a script element: escape "<" so no content can close the element early.
  const json = JSON.stringify(settings).replaceAll('<', '\\u003c');
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
