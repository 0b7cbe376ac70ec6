import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n.ts';
import { clearSession } from '../../../lib/session.ts';
import { toastError } from '../../../lib/toast.ts';
import { logout } from '../api/logout.ts';

/**
 * Logout (spec §4, §8): the session ends on this phone whatever the server answers; a failure is told.
 * The player stays on the Me tab, which then shows the visitor's view.
 */
export function LogoutButton() {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const onLogout = async () => {
    setBusy(true);
    try {
      await logout();
    } catch (error) {
      toastError(error);
    } finally {
      clearSession();
      setBusy(false);
    }
  };
  return (
    <button
      type="button"
      className="button button--ghost button--block me__logout"
      disabled={busy}
      onClick={() => void onLogout()}
    >
      {t('me.logout')}
    </button>
  );
}
