import type { MenuItem } from '@app/contracts/config';
import { useEffect, useRef, type ReactNode } from 'react';
import { formatBadge } from '../../../lib/badge.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { AdvertLink } from '../../../components/ui/advert-link.tsx';
import { CloseIcon } from '../../../components/ui/icons.tsx';
import { LanguageSwitcher } from '../../../components/ui/language-switcher.tsx';
import { isMessagesMenu } from './menu-grid.tsx';

type HomeDrawerProps = {
  open: boolean;
  menus: MenuItem[];
  unreadMessages: number;
  logoSrc: string;
  brandName: string;
  onClose: () => void;
  /** Composed in by the app above the menus (the game categories). */
  children?: ReactNode;
};

/**
 * The side menu. It stays mounted (hidden) so opening is a CSS transform, not a render on a slow phone;
 * `inert` keeps its links out of the tab order while closed.
 */
export function HomeDrawer({
  open,
  menus,
  unreadMessages,
  logoSrc,
  brandName,
  onClose,
  children,
}: HomeDrawerProps) {
  const { t } = useTranslation();
  const closeButton = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return undefined;
    closeButton.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open, onClose]);

  return (
    <div className={`drawer${open ? ' is-open' : ''}`} inert={!open} data-testid="home-drawer">
      <div className="drawer__scrim" onClick={onClose} aria-hidden="true" />
      <div className="drawer__panel" role="dialog" aria-modal="true" aria-label={t('home.menu')}>
        <div className="drawer__head">
          <img src={logoSrc} alt={brandName} width="120" height="32" loading="lazy" />
          <button
            ref={closeButton}
            type="button"
            className="icon-button"
            aria-label={t('common.close')}
            onClick={onClose}
          >
            <CloseIcon />
          </button>
        </div>
        {children}
        <nav aria-label={t('home.menu')}>
          <ul className="drawer__list">
            {menus.map((menu) => {
              const badge = isMessagesMenu(menu) ? formatBadge(unreadMessages) : undefined;
              return (
                <li key={menu.id}>
                  <AdvertLink url={menu.url} className="drawer__link" onNavigate={onClose}>
                    <img src={menu.img || menu.image} alt="" width="28" height="28" loading="lazy" />
                    <span>{menu.title}</span>
                    {badge ? <span className="badge badge--inline">{badge}</span> : null}
                  </AdvertLink>
                </li>
              );
            })}
          </ul>
        </nav>
        <LanguageSwitcher />
      </div>
    </div>
  );
}
