import { useTranslation } from '../../../lib/i18n.ts';
import { MenuIcon } from '../../../components/ui/icons.tsx';
import { HomeAccount } from './home-account.tsx';

export type HomeHeaderProps = { logoSrc: string; brandName: string; onOpenMenu: () => void };

function Logo({ logoSrc, brandName }: Pick<HomeHeaderProps, 'logoSrc' | 'brandName'>) {
  return (
    <img
      className="home-header__logo"
      src={logoSrc}
      alt={brandName}
      width="120"
      height="32"
      fetchPriority="high"
      data-testid="brand-logo"
    />
  );
}

/** WinSlots: one dark bar, menu and logo on the left, account on the right. */
export function HomeHeaderBar({ logoSrc, brandName, onOpenMenu }: HomeHeaderProps) {
  const { t } = useTranslation();
  return (
    <header className="home-header home-header--bar">
      <button type="button" className="icon-button" aria-label={t('home.openMenu')} onClick={onOpenMenu}>
        <MenuIcon />
      </button>
      <Logo logoSrc={logoSrc} brandName={brandName} />
      <HomeAccount />
    </header>
  );
}

/** LuckyWin: a centred logo on a coloured band, account actions on their own row below it. */
export function HomeHeaderCentered({ logoSrc, brandName, onOpenMenu }: HomeHeaderProps) {
  const { t } = useTranslation();
  return (
    <header className="home-header home-header--centered">
      <div className="home-header__row">
        <button type="button" className="icon-button" aria-label={t('home.openMenu')} onClick={onOpenMenu}>
          <MenuIcon />
        </button>
        <Logo logoSrc={logoSrc} brandName={brandName} />
        <span className="icon-button-spacer" aria-hidden="true" />
      </div>
      <HomeAccount />
    </header>
  );
}
