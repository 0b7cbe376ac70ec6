import type { Game } from '@app/contracts/games';
import { GAME_PATHS } from '@app/contracts/paths';
import { useTranslation } from '../../../lib/i18n.ts';
import { useQuery, type QueryOptions } from '../../../lib/query.ts';
import { request } from '../../../lib/request.ts';
import { getToken, useSession } from '../../../lib/session.ts';

/** The member's recently played games (spec §7 `v2/personal/recent-games`): the my-games category. */
export function getRecentGames(): Promise<Game[]> {
  // A token the server no longer accepts must not send a visitor on the home page to the login screen.
  return request<Game[]>(GAME_PATHS.recentGames, { redirectOnStatus: false });
}

export function getRecentGamesQueryOptions(language: string): QueryOptions<Game[]> {
  return {
    // The token is part of the key: another member logging in on this phone never sees these.
    queryKey: ['recent-games', language, getToken() ?? ''],
    queryFn: getRecentGames,
    staleTime: 30_000,
  };
}

/** Logged-in members only (spec: my games needs login). */
export function useRecentGames() {
  const { language } = useTranslation();
  const { isLoggedIn } = useSession();
  return useQuery({ ...getRecentGamesQueryOptions(language), enabled: isLoggedIn });
}
