import type { Game } from '@app/contracts/games';
import { PAGE_PATHS } from '@app/contracts/page-paths';
import { Suspense, useCallback, useState } from 'react';
import { Navigate, useParams } from 'react-router';
import { NavBar } from '../../../components/ui/nav-bar.tsx';
import { QueryStatus } from '../../../components/ui/query-status.tsx';
import { useTranslation } from '../../../lib/i18n.ts';
import { lazyPage } from '../../../lib/lazy-page.ts';
import { useIsLoggedIn } from '../../../lib/session.ts';
import { useSettings } from '../../../lib/settings.ts';
import { usePopup } from '../../../lib/use-popup.ts';
import { useLobby } from '../api/get-lobby.ts';
import { useRecentGames } from '../api/get-recent-games.ts';
import { GameCard } from '../components/game-card.tsx';
import { LAUNCH_POPUP, shownCategories } from '../game-rules.ts';
import '../components/games.css';

const LaunchPopup = lazyPage(() =>
  import('../components/launch-popup.tsx').then((module) => module.LaunchPopup),
);

/**
 * `/categories/{id}/games` (spec §2, WinSlots only): every game of one category, the "more" of its home
 * row. LuckyWin has no such page and goes home.
 */
export function CategoryGamesPage() {
  const { t } = useTranslation();
  const { theme } = useSettings();
  const { id } = useParams();
  const isLoggedIn = useIsLoggedIn();
  const lobby = useLobby();
  const recent = useRecentGames();
  const [opened, setOpened] = useState<Game | undefined>(undefined);
  const onOpen = useCallback((game: Game) => setOpened(game), []);
  const onClose = useCallback(() => setOpened(undefined), []);
  const showPopup = usePopup(LAUNCH_POPUP, opened !== undefined);
  if (theme !== 'winslots') return <Navigate to={PAGE_PATHS.home} replace />;

  const category = shownCategories(lobby.data, {
    loggedIn: isLoggedIn,
    games: recent.data,
    name: t('games.myGames'),
  }).find((candidate) => String(candidate.id) === id);

  return (
    <div className="category-games">
      <NavBar title={category?.name ?? t('games.title')} />
      {lobby.status !== 'success' ? (
        <QueryStatus
          status={lobby.status}
          error={lobby.error}
          onRetry={() => void lobby.refetch().catch(() => undefined)}
        />
      ) : category ? (
        <ul className="game-grid">
          {category.games.map((game, index) => (
            <li key={game.id}>
              <GameCard game={game} onOpen={onOpen} eager={index < 4} />
            </li>
          ))}
        </ul>
      ) : (
        <p className="game-records__empty">{t('games.none')}</p>
      )}
      {showPopup && opened ? (
        <Suspense fallback={null}>
          <LaunchPopup game={opened} onClose={onClose} />
        </Suspense>
      ) : null}
    </div>
  );
}
