import { LOBBY_RETRIES, lobbyRetryDelay } from '@app/contracts/game-rules';
// Types only: a value from games.ts would bring zod into the home bundle.
import type { Lobby } from '@app/contracts/games';
import { GAME_PATHS } from '@app/contracts/paths';
import { readFirstScreenAnswer } from '../../../lib/first-screen.ts';
import { readLocalCopy, withLocalCopy, writeLocalCopy } from '../../../lib/local-copy.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { useQuery, type QueryOptions } from '../../../lib/query.ts';
import { request } from '../../../lib/request.ts';
import { withRetry } from '../retry.ts';

/** The lobby (spec §7 `v2/lobby`): categories and games, names in the player's language. */
function getLobby(): Promise<Lobby> {
  // A failed load is retried here (below), not answered by moving the player to another screen.
  return request<Lobby>(GAME_PATHS.lobby, { redirectOnStatus: false });
}

/** Spec §4, §9: the game list load retries 5 times, after 1 s, 2 s, 3 s, 4 s and 5 s. */
export const LOBBY_RETRY = { retry: LOBBY_RETRIES, retryDelay: lobbyRetryDelay } as const;

export function lobbyQuery(language: string): QueryOptions<Lobby> {
  // The home page comes with the lobby written in (the server's first-screen data), so its game rows are
  // in the server's markup; any other start, or a page kept too long, calls the API as usual.
  // Without it (the installed app opened offline), the last lobby kept on the phone shows at once, stale,
  // so it is asked for again; an answer that cannot come leaves the kept one on screen.
  const written = () => readFirstScreenAnswer<Lobby>(GAME_PATHS.lobby, language);
  const copyKey = `lobby:${language}`;
  return {
    queryKey: ['game-lobby', language],
    queryFn: () => withLocalCopy(copyKey, () => withRetry(getLobby, LOBBY_RETRY)),
    // Online counts move; the catalogue itself rarely does.
    staleTime: 60_000,
    initialData: () => {
      const answer = written();
      if (!answer) return readLocalCopy<Lobby>(copyKey);
      writeLocalCopy(copyKey, answer.data);
      return answer.data;
    },
    initialDataUpdatedAt: () => written()?.updatedAt,
  };
}

export function useLobby() {
  const { language } = useTranslation();
  return useQuery(lobbyQuery(language));
}
