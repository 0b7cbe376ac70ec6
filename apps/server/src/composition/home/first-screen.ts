/**
 * The composition layer's first screen: the page the server renders with the lobby, adverts, menus and the
 * member's state in it. It reads from config, games and member, so it sits above them all (docs/architecture.md).
 */
import type { Kysely } from 'kysely';
import { POSITION, type AdvertItem, type Language } from '@app/contracts/config';
import {
  isIndexOfHome,
  LANGUAGE_COOKIE,
  POPUP_SEEN_COOKIE,
  type FirstScreen,
} from '@app/contracts/first-screen';
import type { Game } from '@app/contracts/games';
import { TOKEN_COOKIE } from '@app/contracts/member-rules';
import { WEB_PLATFORM } from '@app/contracts/envelope';
import { chooseLanguage } from '@app/contracts/language';
import { PAGE_PATHS } from '@app/contracts/page-paths';
import { CONFIG_PATHS, GAME_PATHS } from '@app/contracts/paths';
import type { Database } from '../../db/schema.ts';
import type { Env } from '../../env.ts';
import { acceptedLanguages } from '../../http/request-context.ts';
import type { PreparePage } from '../../http/web.ts';
import { gamesConfig } from '../../modules/games/catalogue/games-config.ts';
import { getLobby, getRecentGames } from '../../modules/games/catalogue/games.service.ts';
import { authenticate } from '../../modules/platform/member/member.service.ts';
import {
  getAdverts,
  getAppSettings,
  getMenus,
  getPublishedSystemOptions,
} from '../../modules/platform/config/config.service.ts';

/** What the game centre's catalogue reads need (the lobby, a member's recent games). */
type GamesReader = Parameters<typeof getLobby>[0];

/** Operator content changes rarely; a few seconds of reuse spares the database on busy home pages. */
const REUSE_MS = 10_000;

export type HomeFirstScreen = {
  data: FirstScreen;
  banner: AdvertItem | undefined;
  popup: AdvertItem | undefined;
};

/**
 * The answers the home page asks for first (menus, adverts, options, the game lobby), ready to write into
 * the page, and the two images worth preloading: the first banner and the popup advert. With the lobby
 * written in, the game rows come in the server's markup instead of rendering seconds later when the
 * browser's own call answers (docs/benchmarks.md, total blocking time).
 */
export function createHomeFirstScreen(db: Kysely<Database>, env: Env, games: GamesReader) {
  const reused = new Map<Language, { at: number; value: Promise<HomeFirstScreen> }>();

  async function build(language: Language): Promise<HomeFirstScreen> {
    const advertsAt = (position: number) => getAdverts(db, position, { language, christmas: env.CHRISTMAS });
    const menusAt = (position: number) => getMenus(db, position, language);
    const [homeMenu, secondaryMenu, banners, sponsors, floating, popups, options, lobby] = await Promise.all([
      menusAt(POSITION.HOME_MENU),
      menusAt(POSITION.HOME_MENU_SECONDARY),
      advertsAt(POSITION.HOME_SWIPE),
      advertsAt(POSITION.HOME_SPONSORS),
      advertsAt(POSITION.FLOATING),
      advertsAt(POSITION.HOME_POPUP),
      getPublishedSystemOptions(db, {
        platform: WEB_PLATFORM,
        language,
        country: getAppSettings(env).country,
      }),
      getLobby(games, language),
    ]);
    const menuPath = (position: number) => `${CONFIG_PATHS.menusByPosition}?position=${position}`;
    const advertPath = (position: number) => `${CONFIG_PATHS.advertsByPosition}?typeId=${position}`;
    return {
      data: {
        generatedAt: Date.now(),
        language,
        responses: {
          [menuPath(POSITION.HOME_MENU)]: homeMenu,
          [menuPath(POSITION.HOME_MENU_SECONDARY)]: secondaryMenu,
          [advertPath(POSITION.HOME_SWIPE)]: banners,
          [advertPath(POSITION.HOME_SPONSORS)]: sponsors,
          [advertPath(POSITION.FLOATING)]: floating,
          [advertPath(POSITION.HOME_POPUP)]: popups,
          [CONFIG_PATHS.systemOptions]: options,
          [GAME_PATHS.lobby]: lobby,
        },
      },
      banner: banners[0],
      popup: popups[0],
    };
  }

  return function getHomeFirstScreen(language: Language): Promise<HomeFirstScreen> {
    const cached = reused.get(language);
    if (cached && Date.now() - cached.at < REUSE_MS) return cached.value;
    const value = build(language);
    reused.set(language, { at: Date.now(), value });
    // A failed build is not reused.
    value.catch(() => reused.delete(language));
    return value;
  };
}

/**
 * For each app page the server serves: the language the app will start in (chooseLanguage),
 * and on the home page the first screen's data plus the banner and (until seen this session) the popup
 * image to preload.
 */
export function createPreparePage(db: Kysely<Database>, env: Env): PreparePage {
  const games: GamesReader = { db, config: gamesConfig(env) };
  const getHomeFirstScreen = createHomeFirstScreen(db, env, games);
  const settings = getAppSettings(env);
  return async (request) => {
    // The rule the app starts with (its stored choice mirrored in the cookie, else the phone's language
    // where the market follows it), so the page is rendered in the language the app then hydrates in.
    const language = chooseLanguage(
      settings.country,
      request.cookies[LANGUAGE_COOKIE],
      acceptedLanguages(request.headers['accept-language']),
    );
    const [pathname = '/', query = ''] = request.url.split('?');
    // `/` without `r` is the home page: the app moves the address to /home before its router starts.
    const isIndex = isIndexOfHome(pathname, query);
    if (!isIndex && pathname !== PAGE_PATHS.home) return { language, preloadImages: [], render: false };
    const rendered = { render: true, renderUrl: isIndex ? PAGE_PATHS.home : undefined };

    const [home, recentGames] = await Promise.all([
      getHomeFirstScreen(language),
      recentGamesOf(request.cookies[TOKEN_COOKIE], language),
    ]);
    const popupSeen = request.cookies[POPUP_SEEN_COOKIE] === '1';
    const preloadImages = [home.banner?.img, popupSeen ? undefined : home.popup?.img].filter(
      (image): image is string => Boolean(image),
    );
    if (recentGames === undefined) return { language, firstScreen: home.data, preloadImages, ...rendered };
    // A member's page: their my-games row comes with it, so the server renders their game rows too.
    const firstScreen = {
      ...home.data,
      responses: { ...home.data.responses, [GAME_PATHS.recentGames]: recentGames },
    };
    return { language, firstScreen, preloadImages, ...rendered, personal: true };
  };

  /** A member's recent games (`v2/personal/recent-games`) for the token cookie's live session, if any. */
  async function recentGamesOf(token: string | undefined, language: Language): Promise<Game[] | undefined> {
    const session = await authenticate({ db }, token);
    return session && getRecentGames(games, session.member.id, language);
  }
}
