import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { LANGUAGES, POSITION, type AdvertItem } from '@app/contracts/config';
import type { PayItem } from '@app/contracts/deposit';
import { formatMoney } from '@app/contracts/money';
import { COUNTRY_PROFILES } from '@app/contracts/country';
import { CONFIG_PATHS, PAYMENT_PATHS } from '@app/contracts/paths';
import { PAGE_PATHS } from '@app/contracts/page-paths';
import { callApi } from '../../../test/api-client.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { localize } from '../../modules/platform/config/localize.ts';
import { ADVERTS, MENUS, PROMOTION_PAGES, SYSTEM_OPTIONS } from './demo-content.ts';

/**
 * The demo content must never promise what the product does not do: no welcome bonus, cash back, free
 * spins, draws or events that nothing pays, in any language, in the advert's text or its picture. (Cash
 * rain is paid since issue 14.)
 */
const PROMISES =
  /welcome bonus|bonus de bienvenue|boas-vindas|cash ?back|free spin|tour gratuit|giro grátis|jackpot|free coins|pièces offertes|moedas grátis|100 ?%|10[,. ]000|T&(amp;)?Cs|first deposit|premier dépôt|primeiro depósito|daily tasks|bonus on their/iu;

const ctx = useTestApp({ CHRISTMAS: '1' });

const staticDir = fileURLToPath(new URL('../../../static/', import.meta.url));

describe('demo content', () => {
  it('promises nothing the product does not pay, in any language or picture', () => {
    for (const advert of ADVERTS) {
      const texts = [
        advert.title,
        ...Object.values(advert.translations ?? {}).map((entry) => entry.title ?? ''),
      ];
      for (const text of texts) expect(text, advert.slug).not.toMatch(PROMISES);
      // The picture each language is served (demo-art.ts), its WebP read through the SVG it is drawn from.
      const images = LANGUAGES.map(
        (language) => localize({ ...advert, translations: advert.translations ?? {} }, language).image,
      );
      for (const image of new Set(images)) {
        const picture = readFileSync(
          `${staticDir}${image.replace('/statics/', '').replace(/\.webp$/, '.svg')}`,
          'utf8',
        );
        const words = picture.match(/<(title|text|tspan)[^>]*>[^<]*/g)?.join(' ') ?? '';
        expect(words, image).not.toMatch(PROMISES);
      }
    }
    for (const option of SYSTEM_OPTIONS) {
      const texts = [
        option.content,
        ...Object.values(option.translations ?? {}).map((entry) => entry.content ?? ''),
      ];
      for (const text of texts) expect(text, option.name).not.toMatch(PROMISES);
    }
  });

  it('names in its coin adverts the coins a package really pays, read from the packages the app sells', async () => {
    const items = (await callApi(ctx, PAYMENT_PATHS.payItems, { method: 'GET' })).data as PayItem[];
    const kenya = COUNTRY_PROFILES.KE;
    const kes = (minor: number) =>
      formatMoney(minor, { scale: kenya.scale, decimals: kenya.decimals, locale: kenya.locale });
    const offers = new Set(
      items.map((item) => `Deposit KES ${kes(item.payMoney)}, get ${kes(item.money)} coins`),
    );
    for (const position of [POSITION.DEPOSIT_POPUP, POSITION.HOME_SWIPE]) {
      const adverts = (
        await callApi(ctx, CONFIG_PATHS.advertsByPosition, { method: 'GET', query: `?typeId=${position}` })
      ).data as AdvertItem[];
      const coinAdverts = adverts.filter((advert) => /coins/i.test(advert.title));
      expect(coinAdverts.length, String(position)).toBeGreaterThan(0);
      for (const advert of coinAdverts) expect(offers, advert.title).toContain(advert.title);
    }
  });
});

/**
 * The web app's routes: the pages of PAGE_PATHS its router declares (`path={PAGE_PATHS.…}`, a page with
 * parameters by their names). A seeded link to a path that is not there would land on the catch-all (home).
 */
const routerSource = readFileSync(
  fileURLToPath(new URL('../../../../web/src/app/router.tsx', import.meta.url)),
  'utf8',
);
const routed = new Set([...routerSource.matchAll(/\bPAGE_PATHS\.(\w+)/g)].map((match) => match[1]!));
const ROUTES = Object.entries(PAGE_PATHS)
  .filter(([name]) => routed.has(name))
  .map(([, page]) =>
    typeof page === 'string'
      ? page
      : (page as (...names: string[]) => string)(...Array.from({ length: page.length }, () => ':param')),
  );
const routePattern = (path: string) =>
  new RegExp(`^${path.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/:[A-Za-z]+/g, '[^/]+')}$`);

function leadsToARoute(url: string): boolean {
  const path = url.split(/[?#]/)[0]!;
  return ROUTES.some((route) => routePattern(route).test(path));
}

describe('demo links', () => {
  it('reads the routes from the router', () => {
    expect(ROUTES).toContain('/promotion');
    expect(ROUTES).toContain('/activities/promotion/:param');
    expect(ROUTES.length).toBeGreaterThan(30);
  });

  it('leads every seeded menu entry, advert and promotion page to a route of the app', () => {
    const links = [
      ...MENUS.map((item) => ({ name: item.slug, url: item.url })),
      ...ADVERTS.map((item) => ({ name: item.slug, url: item.url })),
      ...PROMOTION_PAGES.map((item) => ({ name: `promotion page ${item.slug}`, url: item.url })),
    ];
    for (const { name, url } of links) {
      // No link at all (sponsors) is allowed; an address elsewhere must be https.
      if (url === '' || url.startsWith('https://')) continue;
      expect(url.startsWith('/'), name).toBe(true);
      expect(leadsToARoute(url), `${name}: ${url}`).toBe(true);
    }
  });

  it('leads every promotion image to a seeded promotion page', () => {
    const ids = new Set(PROMOTION_PAGES.map((item) => `/activities/promotion/${item.id}`));
    const images = ADVERTS.filter((item) => item.position === POSITION.PROMOTION_IMAGES);
    expect(images.length).toBe(PROMOTION_PAGES.length);
    for (const image of images) expect(ids, image.slug).toContain(image.url);
  });

  it('names none of the pages the app does not build (jackpot)', () => {
    for (const item of [...MENUS, ...ADVERTS]) {
      expect(item.url, item.slug).not.toMatch(/jackpot/i);
    }
  });
});
