import type { Game } from '@app/contracts/games';
import { Link } from 'react-router';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { CloseIcon } from '../../../components/ui/icons.tsx';
import { useTranslation } from '../../../lib/i18n.ts';
import { releasePopup } from '../../../lib/popup-lock.ts';
import { canDemo, LAUNCH_POPUP, playPath } from '../game-rules.ts';
import './games.css';

/** The game launch popup (spec §2): large cover, name, Demo only when the game has one, and Play. */
export function LaunchPopup({ game, onClose }: { game: Game; onClose: () => void }) {
  const { t } = useTranslation();
  // Demo and Play leave the page: the lock is given up now rather than left to the unmount (see the route
  // guard, app/require-auth.tsx), or the next page's popups would wait behind it.
  const leave = () => {
    releasePopup(LAUNCH_POPUP);
    onClose();
  };
  return (
    <Dialog label={game.name} onClose={onClose} className="launch-popup" testId="launch-popup">
      <button
        type="button"
        className="icon-button launch-popup__close"
        aria-label={t('common.close')}
        onClick={onClose}
      >
        <CloseIcon />
      </button>
      <img
        className="launch-popup__cover"
        src={game.largeCover || game.cover}
        alt=""
        width="240"
        height="240"
      />
      <h2 className="launch-popup__name">{game.name}</h2>
      <div className="launch-popup__actions">
        {canDemo(game) ? (
          <Link className="button button--ghost" to={playPath('demo', game.id)} onClick={leave}>
            {t('games.demo')}
          </Link>
        ) : null}
        <Link className="button button--primary" to={playPath('launch', game.id)} onClick={leave}>
          {t('games.play')}
        </Link>
      </div>
    </Dialog>
  );
}
