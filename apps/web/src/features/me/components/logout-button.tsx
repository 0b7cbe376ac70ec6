import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n.ts';
import { clearSession, getToken } from '../../../lib/session.ts';
import { toastError } from '../../../lib/toast.ts';
import { logout } from '../api/logout.ts';

/**
 * Logout (spec §4, §8): the session ends on this phone whatever the server answers; a failure is told.
 * The app forgets the session first, so no call it makes meanwhile (a poll, a refetch) carries a token the
 * server is about to end and is answered 401. The player stays on the Me tab, which then shows the
 * visitor's view.
 */
export function LogoutButton() {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const onLogout = async () => {
    const token = getToken();
    setBusy(true);
    clearSession();
    try {
      if (token) await logout(token);
    } catch (error) {
      toastError(error);
    } finally {
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
