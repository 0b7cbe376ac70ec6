import { PAGE_PATHS } from '@app/contracts/page-paths';
import { Link } from 'react-router';
import { formatBadge } from '../../../lib/badge.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { useIsLoggedIn } from '../../../lib/session.ts';
import { useLobby } from '../api/get-lobby.ts';
import { useRecentGames } from '../api/get-recent-games.ts';
import { shownCategories } from '../game-rules.ts';
import type { GameLayout } from './home-games.tsx';
import './games.css';

/**
 * The drawer's game categories (spec §2): name and game count, the count as a badge capped at +99. On
 * WinSlots a category opens its own page; LuckyWin has none (spec: /categories is WinSlots only), so
 * there it picks the category's tab on the home page.
 */
export function DrawerCategories({ layout, onNavigate }: { layout: GameLayout; onNavigate: () => void }) {
  const { t } = useTranslation();
  const isLoggedIn = useIsLoggedIn();
  const lobby = useLobby();
  const recent = useRecentGames();
  const categories = shownCategories(lobby.data, {
    loggedIn: isLoggedIn,
    games: recent.data,
    name: t('games.myGames'),
  });
  if (categories.length === 0) return null;
  return (
    <nav aria-label={t('games.categories')} data-testid="drawer-categories">
      <h2 className="drawer__section">{t('games.categories')}</h2>
      <ul className="drawer__list">
        {categories.map((category) => (
          <li key={category.id}>
            <Link
              className="drawer__link"
              to={
                layout === 'rows'
                  ? PAGE_PATHS.categoryGames(category.id)
                  : `${PAGE_PATHS.home}?category=${category.id}`
              }
              onClick={onNavigate}
            >
              {category.cover ? (
                <img src={category.cover} alt="" width="28" height="28" loading="lazy" />
              ) : (
                <span className="drawer__icon-space" aria-hidden="true" />
              )}
              <span>{category.name}</span>
              <span
                className="badge badge--inline badge--count"
                aria-label={t('games.count', { n: category.games.length })}
              >
                {formatBadge(category.games.length)}
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
