import type { Game } from '@app/contracts/games';
import { GAME_PATHS } from '@app/contracts/paths';
import { readFirstScreenAnswer } from '../../../lib/first-screen.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { useQuery, type QueryOptions } from '../../../lib/query.ts';
import { request } from '../../../lib/request.ts';
import { isServerRender } from '../../../lib/server-page.ts';
import { getToken, useIsLoggedIn } from '../../../lib/session.ts';

/** The member's recently played games (spec §7 `v2/personal/recent-games`): the my-games category. */
function getRecentGames(): Promise<Game[]> {
  // A token the server no longer accepts must not send a visitor on the home page to the login screen.
  return request<Game[]>(GAME_PATHS.recentGames, { redirectOnStatus: false });
}

/** In the browser, the first member token these games were asked for: the page's own, if it had one. */
let firstToken: string | undefined;

/**
 * A member's home page comes with their recent games written in (the server read them for the token cookie
 * the page was asked with), so their game rows are in the server's markup too. Only for that member: after
 * a logout and another member's login on this page, the written answer is not theirs.
 */
function writtenRecentGames(language: string, token: string | undefined) {
  if (token === undefined) return undefined;
  if (!isServerRender()) {
    firstToken ??= token;
    if (token !== firstToken) return undefined;
  }
  return readFirstScreenAnswer<Game[]>(GAME_PATHS.recentGames, language);
}

export function recentGamesQuery(language: string): QueryOptions<Game[]> {
  const token = getToken();
  const written = () => writtenRecentGames(language, token);
  return {
    // The token is part of the key: another member logging in on this phone never sees these.
    queryKey: ['recent-games', language, token ?? ''],
    queryFn: getRecentGames,
    staleTime: 30_000,
    initialData: () => written()?.data,
    initialDataUpdatedAt: () => written()?.updatedAt,
  };
}

/** Logged-in members only (spec: my games needs login). */
export function useRecentGames() {
  const { language } = useTranslation();
  const isLoggedIn = useIsLoggedIn();
  return useQuery({ ...recentGamesQuery(language), enabled: isLoggedIn });
}
