import { dismissInstallPrompt, promptInstall, useInstallPrompt } from '../../lib/install-prompt.ts';
import { useTranslation } from '../../lib/i18n.ts';
import { usePopup } from '../../lib/use-popup.ts';
import { Dialog } from './dialog.tsx';

/** Our install prompt (spec §4), waiting its turn behind any other popup. */
export function InstallPrompt() {
  const { t } = useTranslation();
  const { shouldShow } = useInstallPrompt();
  const visible = usePopup('install-prompt', shouldShow);
  if (!visible) return null;
  return (
    <Dialog
      label={t('install.title')}
      onClose={dismissInstallPrompt}
      className="install"
      testId="install-prompt"
    >
      <h2 className="install__title">{t('install.title')}</h2>
      <p className="install__text">{t('install.text')}</p>
      <div className="confirm__actions">
        <button type="button" className="button button--ghost" onClick={dismissInstallPrompt}>
          {t('install.later')}
        </button>
        <button type="button" className="button button--primary" onClick={() => void promptInstall()}>
          {t('install.install')}
        </button>
      </div>
    </Dialog>
  );
}

/** The same offer as a plain button (the app-download page). */
export function InstallButton() {
  const { t } = useTranslation();
  const { canInstall } = useInstallPrompt();
  return (
    <div className="install-button">
      <button
        type="button"
        className="button button--primary button--block"
        disabled={!canInstall}
        onClick={() => void promptInstall()}
      >
        {t('install.install')}
      </button>
      {canInstall ? null : <p className="install-button__hint">{t('install.unavailable')}</p>}
    </div>
  );
}
