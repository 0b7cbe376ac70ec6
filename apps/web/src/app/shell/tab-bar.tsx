import { PAGE_PATHS } from '@app/contracts/page-paths';
import type { ComponentType } from 'react';
import { NavLink } from 'react-router';
import { DepositIcon, HomeIcon, MeIcon, PromotionIcon, WithdrawIcon } from '../../components/ui/icons.tsx';
import { useTranslation } from '../../lib/i18n.ts';
import { TABS } from '../router.tsx';

const ICONS: Record<(typeof TABS)[number]['path'], ComponentType<{ size?: number }>> = {
  [PAGE_PATHS.home]: HomeIcon,
  [PAGE_PATHS.deposit]: DepositIcon,
  [PAGE_PATHS.promotion]: PromotionIcon,
  [PAGE_PATHS.withdraw]: WithdrawIcon,
  [PAGE_PATHS.me]: MeIcon,
};

export function TabBar() {
  const { t } = useTranslation();
  return (
    <nav className="tab-bar" aria-label={t('tabs.label')} data-testid="tab-bar">
      {TABS.map((tab) => {
        const Icon = ICONS[tab.path];
        return (
          // NavLink sets aria-current="page" on the active tab.
          <NavLink key={tab.path} to={tab.path} className="tab-bar__tab" end={tab.path !== PAGE_PATHS.me}>
            <Icon size={22} />
            <span className="tab-bar__label">{t(tab.key)}</span>
          </NavLink>
        );
      })}
    </nav>
  );
}
