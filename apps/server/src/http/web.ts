import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { BRANDS } from '@app/contracts/brand';
import type { AppSettings, Language } from '@app/contracts/config';
import { pathToFileURL } from 'node:url';
import type { FirstScreen, ServerRender } from '@app/contracts/first-screen';
import { PAGE_PATHS } from '@app/contracts/page-paths';
import { sendNotFound } from './error-handler.ts';
import { serveBuiltFiles } from './static-files.ts';

/**
 * What a page of the app is served with beyond the settings: its language, its first data and images to
 * fetch early, and whether the server renders its markup.
 */
export type PageExtras = {
  language: Language;
  firstScreen?: FirstScreen;
  preloadImages: string[];
  render: boolean;
  /** The address the markup is rendered at when the app moves there before it starts (`/` → `/home`). */
  renderUrl?: string;
  /** The page holds one member's data (their recent games): no shared cache may keep it. */
  personal?: boolean;
};
export type PreparePage = (request: FastifyRequest) => Promise<PageExtras | undefined>;

const YEAR_SECONDS = 31_536_000;
/** A render takes a few milliseconds; one that takes longer is abandoned and the browser renders instead. */
const RENDER_TIMEOUT_MS = 1000;

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

  // The brand's art set lies over the shared art: its popup adverts and deposit icons are served at the
  // addresses operators and the seed already use, so a row's image follows the brand the server runs as.
  const { artSet } = BRANDS[settings.theme];
  await serveBuiltFiles(app, {
    root: artSet ? [path.join(options.staticDir, 'brands', artSet), options.staticDir] : options.staticDir,
    prefix: '/statics/',
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
  const indexHtml = loadScriptsAfterFirstPaint(
    inlineStylesheets(renderIndex(readFileSync(indexPath, 'utf8'), settings), webDist),
  );
  const renderPage = await loadServerRenderer(app, path.join(webDist, '..', 'dist-ssr', 'entry-server.js'));
  const servePage = async (request: FastifyRequest, reply: FastifyReply) => {
    let html = indexHtml;
    let personal = false;
    try {
      const extras = await options.preparePage?.(request);
      if (extras) {
        personal = extras.personal === true;
        html = addPageExtras(indexHtml, extras);
        if (extras.render && renderPage) {
          const markup = await withinTime(
            renderPage({
              url: extras.renderUrl ?? request.url,
              language: extras.language,
              settings,
              firstScreen: extras.firstScreen,
              cookieHeader: request.headers.cookie ?? '',
              userAgent: request.headers['user-agent'] ?? '',
            }),
            RENDER_TIMEOUT_MS,
          );
          html = html.replace('<div id="root"></div>', `<div id="root">${markup}</div>`);
        }
      }
    } catch (error) {
      // The app renders itself and fetches its data when the server could not: never fail the page.
      request.log.warn({ err: error }, 'page served without its server rendering');
    }
    return sendIndex(reply, html, personal);
  };

  await serveBuiltFiles(app, {
    root: webDist,
    prefix: '/',
    // index.html is only ever served rendered, through servePage.
    globIgnore: ['index.html'],
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
  // Every other address read by a browser (the app's routes, /home): a route of its own and not only the
  // not-found handler, because @fastify/compress compresses what routes answer (it adds its hook to each
  // route) and the rendered home page is 62 KB, 12 KB compressed. Before built files got a route each,
  // @fastify/static's wildcard route took these addresses and passed them on.
  app.get('/*', { schema: { hide: true } }, handleNotFound(servePage));
  return { servePage };
}

/** Where the back office (apps/admin, issue 26) is served; its build's `base` is the same. */
export const ADMIN_BASE = '/admin';

/**
 * Serves the built back office under /admin: its hashed assets (precompressed, cached for a year) and its
 * index.html for every other /admin address (the SPA's routes), never cached and never framed. The
 * back office is a client of `/api/admin` like any other: serving it grants nothing.
 */
export async function registerAdminApp(app: FastifyInstance, adminDist: string | undefined): Promise<void> {
  const indexPath = adminDist ? path.join(adminDist, 'index.html') : undefined;
  if (!adminDist || !indexPath || !existsSync(indexPath)) {
    app.log.warn({ adminDist }, 'back office build not found: no /admin (run npm run build)');
    return;
  }
  const indexHtml = readFileSync(indexPath, 'utf8');
  // One route per built file, so the SPA fallback below answers every other /admin address.
  await serveBuiltFiles(app, {
    root: path.join(adminDist, 'assets'),
    prefix: `${ADMIN_BASE}/assets/`,
    setHeaders: (res) => res.header('cache-control', `public, max-age=${YEAR_SECONDS}, immutable`),
  });
  const serveIndex = async (request: FastifyRequest, reply: FastifyReply) =>
    // A file that is not there (an old asset after a deploy) is a 404, not the page.
    request.url.split('?')[0]!.split('/').pop()!.includes('.')
      ? sendNotFound(request, reply)
      : reply
          .type('text/html; charset=utf-8')
          .header('cache-control', 'no-cache')
          .header('x-frame-options', 'DENY')
          .send(indexHtml);
  app.get(ADMIN_BASE, { schema: { hide: true } }, serveIndex);
  app.get(`${ADMIN_BASE}/*`, { schema: { hide: true } }, serveIndex);
}

/** Unknown paths: the app's own page for app routes (it redirects to /home), the 404 envelope otherwise. */
export function handleNotFound(
  servePage: ((request: FastifyRequest, reply: FastifyReply) => Promise<unknown>) | undefined,
) {
  return (request: FastifyRequest, reply: FastifyReply) =>
    servePage && isAppRoute(request) ? servePage(request, reply) : sendNotFound(request, reply);
}

function withinTime<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`server render took over ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/** The web app's server renderer, built beside it (apps/web/dist-ssr); without one pages render in the browser. */
async function loadServerRenderer(app: FastifyInstance, entry: string): Promise<ServerRender | undefined> {
  if (!existsSync(entry)) {
    app.log.warn({ entry }, 'server renderer not built: pages render in the browser only');
    return undefined;
  }
  const module = (await import(pathToFileURL(entry).href)) as { renderPage?: ServerRender };
  return module.renderPage;
}

function sendIndex(reply: FastifyReply, html: string, personal = false) {
  return reply
    .type('text/html; charset=utf-8')
    .header('cache-control', personal ? 'private, no-cache' : 'no-cache')
    .send(html);
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

/**
 * The app's stylesheet (4 KB compressed) goes into the page itself: on a 300 ms-RTT link a separate,
 * render-blocking stylesheet request costs a round trip before anything can paint.
 */
export function inlineStylesheets(html: string, webDist: string): string {
  return html.replace(
    /<link rel="stylesheet"(?: crossorigin)? href="\/(assets\/[\w.-]+\.css)">/g,
    (link, file: string) => {
      const css = readFileSync(path.join(webDist, file), 'utf8');
      // A stylesheet cannot end the style element early unless it contains "</style"; ours never does.
      return css.includes('</style') ? link : `<style>${css}</style>`;
    },
  );
}

/**
 * The app's scripts start loading once the browser has painted the server-rendered page with its hero
 * image (the one marked fetchpriority="high"). On a 700 kbps link the first screen's bytes then do not
 * share the line with 35 KB of script, and the page is visible while the script arrives; its links work
 * before it does. Timers back this up: a hidden tab runs no frame callbacks, and a slow image must not
 * hold the app back for long.
 */
export function loadScriptsAfterFirstPaint(html: string): string {
  const entry = /<script type="module" crossorigin src="(\/assets\/[\w.-]+\.js)"><\/script>\s*/.exec(html);
  if (!entry?.[1]) return html;
  const preloads = [
    ...html.matchAll(/<link rel="modulepreload" crossorigin href="(\/assets\/[\w.-]+\.js)">\s*/g),
  ];
  let result = html.replace(entry[0], '');
  for (const preload of preloads) result = result.replace(preload[0], '');
  const loader = `<script>(function () {
  var started = false;
  function load() {
    if (started) return;
    started = true;
    ${JSON.stringify(preloads.map((preload) => preload[1]))}.forEach(function (href) {
      var link = document.createElement('link');
      link.rel = 'modulepreload'; link.crossOrigin = ''; link.href = href;
      document.head.appendChild(link);
    });
    var script = document.createElement('script');
    script.type = 'module'; script.crossOrigin = ''; script.src = ${JSON.stringify(entry[1])};
    document.head.appendChild(script);
  }
  function afterPaint() { requestAnimationFrame(function () { setTimeout(load, 0); }); setTimeout(load, 500); }
  var hero = document.querySelector('#root img[fetchpriority="high"]');
  if (!hero || hero.complete) afterPaint();
  else { hero.addEventListener('load', afterPaint); hero.addEventListener('error', afterPaint); }
  setTimeout(load, 3000);
})();</script>`.replace(/\n\s*/g, ' ');
  return result.replace('</body>', `${loader}</body>`);
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
      `<meta name="theme-color" content="${BRANDS[settings.theme].colours.theme}"`,
    )
    .replace(/<title>[^<]*<\/title>/, `<title>${attribute(settings.brandName)}</title>`)
    .replace(/<link rel="icon" href="[^"]*"/, `<link rel="icon" href="/icons/${settings.theme}.svg"`);
}

function buildManifest(settings: AppSettings) {
  const theme = settings.theme;
  const { colours } = BRANDS[theme];
  return {
    name: settings.brandName,
    short_name: settings.brandName,
    description: `${settings.brandName}: casino games, promotions and mobile-money payments.`,
    id: '/',
    start_url: PAGE_PATHS.home,
    scope: '/',
    display: 'standalone',
    orientation: 'portrait',
    lang: settings.country.defaultLanguage,
    theme_color: colours.theme,
    background_color: colours.background,
    prefer_related_applications: false,
    icons: [
      { src: `/icons/${theme}-192.png`, sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: `/icons/${theme}-512.png`, sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: `/icons/${theme}-maskable-512.png`, sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  };
}
