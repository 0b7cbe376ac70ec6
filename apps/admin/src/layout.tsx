import type { ReactNode } from 'react';
import {
  LinkBase,
  useCanAccess,
  useCreatePath,
  useGetIdentity,
  useLocaleState,
  useLogout,
  useLocation,
} from 'ra-core';
import { LANGUAGES } from '@app/contracts/language';
import type { TextKey } from './texts.ts';
import { useText } from './use-text.ts';

const LANGUAGE_NAMES = { en: 'English', fr: 'Français', pt: 'Português', sw: 'Kiswahili' } as const;

/** The menu: each entry is shown only with the permission its screen needs (permissions.ts). */
const MENU: { resource: string; label: TextKey }[] = [
  { resource: 'players', label: 'menu.players' },
  { resource: 'kyc-reviews', label: 'menu.kycReviews' },
  { resource: 'exclusions', label: 'menu.register' },
  { resource: 'limit-changes', label: 'menu.limitChanges' },
  { resource: 'programmes', label: 'menu.programmes' },
  { resource: 'draws', label: 'menu.draws' },
  { resource: 'messages', label: 'menu.messages' },
  { resource: 'notices', label: 'menu.notices' },
  { resource: 'content', label: 'menu.content' },
  { resource: 'withdrawal-approvals', label: 'menu.approvals' },
  { resource: 'payment-cases', label: 'menu.paymentCases' },
  { resource: 'adjustments', label: 'menu.adjustments' },
  { resource: 'system-options', label: 'menu.options' },
  { resource: 'reports', label: 'menu.reports' },
  { resource: 'staff', label: 'menu.staff' },
  { resource: 'audit', label: 'menu.audit' },
  { resource: 'jobs', label: 'menu.jobs' },
  { resource: 'fleet', label: 'menu.fleet' },
  { resource: 'regulator-feed', label: 'menu.regulator' },
];

function MenuEntry({ resource, label }: (typeof MENU)[number]) {
  const t = useText();
  const { pathname } = useLocation();
  const path = useCreatePath()({ resource, type: 'list' });
  const { canAccess } = useCanAccess({ resource, action: 'list' });
  if (!canAccess) return null;
  const current = pathname.startsWith(path);
  return (
    <LinkBase
      to={path}
      className={current ? 'menu-entry current' : 'menu-entry'}
      aria-current={current ? 'page' : undefined}
    >
      {t(label)}
    </LinkBase>
  );
}

/** Every screen's frame: the header (who, language, logout) and the menu beside the page. */
export function Layout({ children }: { children?: ReactNode }) {
  const t = useText();
  const { identity } = useGetIdentity();
  const logout = useLogout();
  const [language, setLanguage] = useLocaleState();
  return (
    <div className="shell">
      <header className="top-bar">
        <strong className="brand">{t('app.title')}</strong>
        {identity && <span className="who">{t('app.signedInAs', { login: identity.login as string })}</span>}
        <label className="language">
          {t('app.language')}
          <select value={language} onChange={(event) => setLanguage(event.currentTarget.value)}>
            {LANGUAGES.map((code) => (
              <option key={code} value={code}>
                {LANGUAGE_NAMES[code]}
              </option>
            ))}
          </select>
        </label>
        <button type="button" className="secondary" onClick={() => void logout()}>
          {t('app.logout')}
        </button>
      </header>
      <nav className="menu" aria-label={t('app.title')}>
        {MENU.map((entry) => (
          <MenuEntry key={entry.resource} {...entry} />
        ))}
      </nav>
      <main className="page">{children}</main>
    </div>
  );
}
