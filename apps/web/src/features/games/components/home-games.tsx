import { PAGE_PATHS } from '@app/contracts/page-paths';
import type { Game } from '@app/contracts/games';
import { Suspense, useCallback, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from '../../../lib/i18n.ts';
import { lazyPage } from '../../../lib/lazy-page.ts';
import { isApiError } from '../../../lib/request.ts';
import { useIsLoggedIn } from '../../../lib/session.ts';
import { usePopup } from '../../../lib/use-popup.ts';
import { useLobby } from '../api/get-lobby.ts';
import { useRecentGames } from '../api/get-recent-games.ts';
import { LAUNCH_POPUP, rowOf, shownCategories, type ShownCategory } from '../game-rules.ts';
import { GameCard } from './game-card.tsx';
import { PolicyBanner } from './policy-banner.tsx';
import './games-home.css';

// Behind a tap, so not in the home bundle.
const LaunchPopup = lazyPage(() => import('./launch-popup.tsx').then((module) => module.LaunchPopup));

/** How the theme lays the games out (app/theme.ts): WinSlots rows of 9 with "more", or tabs and a grid. */
export type GameLayout = 'rows' | 'tabs';

function Skeleton() {
  const { t } = useTranslation();
  return (
    <ul className="game-grid" aria-busy="true" aria-label={t('common.loading')}>
      {[0, 1, 2, 3].map((index) => (
        <li key={index} className="game-card game-card--skeleton" />
      ))}
    </ul>
  );
}

function Grid({ games, onOpen }: { games: Game[]; onOpen: (game: Game) => void }) {
  return (
    <ul className="game-grid">
      {games.map((game) => (
        <li key={game.id}>
          <GameCard game={game} onOpen={onOpen} />
        </li>
      ))}
    </ul>
  );
}

/** LuckyWin: category tabs over a two-column grid of the chosen category (`?category=` picks one). */
function TabbedGames({ categories, onOpen }: { categories: ShownCategory[]; onOpen: (game: Game) => void }) {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const [chosen, setChosen] = useState<number | undefined>(() => {
    const fromQuery = Number(searchParams.get('category'));
    return Number.isInteger(fromQuery) && fromQuery !== 0 ? fromQuery : undefined;
  });
  const current = categories.find((category) => category.id === chosen) ?? categories[0];
  if (!current) return null;
  return (
    <>
      <div className="home-games__tabs" role="tablist" aria-label={t('games.categories')}>
        {categories.map((category) => (
          <button
            key={category.id}
            type="button"
            role="tab"
            className="home-games__tab"
            aria-selected={category.id === current.id}
            onClick={() => setChosen(category.id)}
          >
            {category.name}
          </button>
        ))}
      </div>
      <div role="tabpanel" aria-label={current.name}>
        <Grid games={current.games} onOpen={onOpen} />
      </div>
    </>
  );
}

/** WinSlots: the categories as rows of up to 9 games with a "more" link; the tabs jump to a row. */
function GameRows({ categories, onOpen }: { categories: ShownCategory[]; onOpen: (game: Game) => void }) {
  const { t } = useTranslation();
  return (
    <>
      <nav className="home-games__tabs" aria-label={t('games.categories')}>
        {categories.map((category) => (
          <button
            key={category.id}
            type="button"
            className="home-games__tab"
            // Scrolled in place: a #fragment would be a navigation, and the router would reset the page.
            onClick={() =>
              document
                .getElementById(`game-category-${category.id}`)
                ?.scrollIntoView({ behavior: 'smooth', block: 'start' })
            }
          >
            {category.name}
          </button>
        ))}
      </nav>
      {categories.map((category) => {
        const row = rowOf(category);
        return (
          <section
            key={category.id}
            id={`game-category-${category.id}`}
            className="game-row"
            aria-label={category.name}
            data-testid="game-row"
          >
            <div className="game-row__head">
              <h2 className="game-row__title">{category.name}</h2>
              {row.more && category.id > 0 ? (
                <Link className="game-row__more" to={PAGE_PATHS.categoryGames(category.id)}>
                  {t('games.more', { total: category.games.length })}
                </Link>
              ) : null}
            </div>
            <ul className="game-row__list">
              {row.games.map((game) => (
                <li key={game.id}>
                  <GameCard game={game} onOpen={onOpen} />
                </li>
              ))}
            </ul>
          </section>
        );
      })}
    </>
  );
}

/**
 * The home game area (spec §2): my games for a logged-in member who has played, then the lobby's
 * categories, empty ones hidden. A tap on a cover opens the launch popup. The lobby load retries 5 times
 * (api/get-lobby.ts); after that the player can try again.
 *
 * The lobby usually comes with the page (first-screen data), so the server renders the rows and the
 * covers load lazily, after the page's scripts. A member's rows wait for my games (written into their page
 * too, asked for otherwise): shown first, they would all move down when my games arrives, which is a layout
 * shift across the screen.
 */
export function HomeGames({ layout }: { layout: GameLayout }) {
  const { t } = useTranslation();
  const isLoggedIn = useIsLoggedIn();
  const lobby = useLobby();
  const recent = useRecentGames();
  const [opened, setOpened] = useState<Game | undefined>(undefined);
  const onOpen = useCallback((game: Game) => setOpened(game), []);
  const onClose = useCallback(() => setOpened(undefined), []);
  const showPopup = usePopup(LAUNCH_POPUP, opened !== undefined);

  const categories = shownCategories(lobby.data, {
    loggedIn: isLoggedIn,
    games: recent.data,
    name: t('games.myGames'),
  });

  const waitingForMyGames = isLoggedIn && recent.status === 'pending';

  let body;
  if (lobby.status === 'pending' || waitingForMyGames) body = <Skeleton />;
  else if (lobby.status === 'error')
    body = (
      <div className="home-games__status" role="alert">
        <p>{isApiError(lobby.error) ? lobby.error.message : t('errors.INTERNAL')}</p>
        <button
          type="button"
          className="button button--small button--primary"
          onClick={() => void lobby.refetch().catch(() => undefined)}
        >
          {t('common.retry')}
        </button>
      </div>
    );
  else if (categories.length === 0) body = <p className="home-games__status">{t('games.none')}</p>;
  else if (layout === 'rows') body = <GameRows categories={categories} onOpen={onOpen} />;
  else body = <TabbedGames categories={categories} onOpen={onOpen} />;

  return (
    <section className="home-games" aria-label={t('games.title')} data-testid="home-games">
      <PolicyBanner />
      {body}
      {showPopup && opened ? (
        <Suspense fallback={null}>
          <LaunchPopup game={opened} onClose={onClose} />
        </Suspense>
      ) : null}
    </section>
  );
}
