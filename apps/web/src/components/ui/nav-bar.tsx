import type { ReactNode } from 'react';
import { useTranslation } from '../../lib/i18n.ts';
import { useGoBack } from '../../lib/use-go-back.ts';
import { BackIcon } from './icons.tsx';

type NavBarProps = {
  title: string;
  end?: ReactNode;
  /** Replaces going back (a page that cannot be left now says why instead). */
  onBack?: () => void;
};

/** The 46 px title bar of inner pages, with back. */
export function NavBar({ title, end, onBack }: NavBarProps) {
  const { t } = useTranslation();
  const goBack = useGoBack();
  return (
    <header className="nav-bar">
      <button
        type="button"
        className="nav-bar__back icon-button"
        onClick={onBack ?? goBack}
        aria-label={t('common.back')}
      >
        <BackIcon />
      </button>
      <h1 className="nav-bar__title">{title}</h1>
      <div className="nav-bar__end">{end}</div>
    </header>
  );
}
