import { PAGE_PATHS } from '@app/contracts/page-paths';
import { NavLink } from 'react-router';
import type { Translate } from '../../../lib/i18n.ts';

/** The three diamond pages, linked from each other. */
export function DiamondNav({ t }: { t: Translate }) {
  const className = ({ isActive }: { isActive: boolean }) =>
    `button button--small ${isActive ? 'button--primary' : 'button--ghost'}`;
  return (
    <nav className="diamonds__links" aria-label={t('diamonds.nav')}>
      <NavLink className={className} to={PAGE_PATHS.diamondTasks}>
        {t('diamonds.tasksTitle')}
      </NavLink>
      <NavLink className={className} to={PAGE_PATHS.diamondSpin}>
        {t('diamonds.spinTitle')}
      </NavLink>
      <NavLink className={className} to={PAGE_PATHS.diamondExchange}>
        {t('diamonds.exchangeTitle')}
      </NavLink>
    </nav>
  );
}
