import { NavLink } from 'react-router';
import type { Translate } from '../../../lib/i18n.ts';

/** The three diamond pages, linked from each other. */
export function DiamondNav({ t }: { t: Translate }) {
  const className = ({ isActive }: { isActive: boolean }) =>
    `button button--small ${isActive ? 'button--primary' : 'button--ghost'}`;
  return (
    <nav className="diamonds__links" aria-label={t('diamonds.nav')}>
      <NavLink className={className} to="/diamond/tasks">
        {t('diamonds.tasksTitle')}
      </NavLink>
      <NavLink className={className} to="/diamond/spin">
        {t('diamonds.spinTitle')}
      </NavLink>
      <NavLink className={className} to="/diamond/exchange">
        {t('diamonds.exchangeTitle')}
      </NavLink>
    </nav>
  );
}
