import type { Game } from '@app/contracts/games';
import { Link } from 'react-router';
import { useTranslation } from '../../../lib/i18n.ts';
import { canDemo, labelsOf, playPath } from '../game-rules.ts';

type GameCardProps = {
  game: Game;
  /** The cover opens the launch popup (cover, name, Demo, Play). */
  onOpen: (game: Game) => void;
  /**
   * The cover loads at once rather than when near the screen. Lazy covers also ask for a low priority: a
   * page served with its cards (the home page) would otherwise fetch them ahead of its scripts and banner.
   */
  eager?: boolean;
};

/** The game card (spec §2): cover with labels and players online, name, Demo (when it has one) and Play. */
export function GameCard({ game, onOpen, eager = false }: GameCardProps) {
  const { t } = useTranslation();
  return (
    <article className="game-card" data-testid="game-card" aria-label={game.name}>
      <button
        type="button"
        className="game-card__cover"
        onClick={() => onOpen(game)}
        aria-label={t('games.open', { name: game.name })}
      >
        <img
          src={game.cover}
          alt=""
          width="180"
          height="180"
          loading={eager ? 'eager' : 'lazy'}
          fetchPriority={eager ? 'auto' : 'low'}
          decoding="async"
        />
        <span className="game-card__labels">
          {labelsOf(game).map((label) => (
            <span key={label} className={`game-label game-label--${label}`}>
              {t(`games.label.${label}`)}
            </span>
          ))}
        </span>
        {game.onlineUsers > 0 ? (
          <span className="game-card__online">{t('games.online', { n: game.onlineUsers })}</span>
        ) : null}
      </button>
      <h3 className="game-card__name">{game.name}</h3>
      <div className="game-card__actions">
        {canDemo(game) ? (
          <Link className="button button--small button--ghost" to={playPath('demo', game.id)}>
            {t('games.demo')}
          </Link>
        ) : null}
        <Link className="button button--small button--primary" to={playPath('launch', game.id)}>
          {t('games.play')}
        </Link>
      </div>
    </article>
  );
}
