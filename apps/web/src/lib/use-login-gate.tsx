import { useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { ConfirmDialog } from '../components/ui/confirm-dialog.tsx';
import { useTranslation } from './i18n.ts';
import { releasePopup } from './popup-lock.ts';
import { loginPath } from './redirect.ts';
import { useIsLoggedIn } from './session.ts';
import { usePopup } from './use-popup.ts';

/**
 * An action on a page visitors may see that only members may take (spec §6: sign-in, cash rain, spins,
 * tasks, claims): for a member `requireLogin(action)` runs it; for a visitor it asks "You have not logged in
 * yet, please login !" (msg_login), and accepting goes to /login with this page as `r`. Render
 * `loginDialog` once in the page.
 */
export function useLoginGate(): {
  isLoggedIn: boolean;
  requireLogin: (action: () => void) => void;
  loginDialog: ReactNode;
} {
  const { t } = useTranslation();
  const isLoggedIn = useIsLoggedIn();
  const location = useLocation();
  const navigate = useNavigate();
  const [asking, setAsking] = useState(false);
  const shown = usePopup('login-gate', asking);
  const close = () => {
    releasePopup('login-gate');
    setAsking(false);
  };
  const requireLogin = (action: () => void) => {
    if (isLoggedIn) action();
    else setAsking(true);
  };
  const loginDialog = shown ? (
    <ConfirmDialog
      message={t('msg_login')}
      confirmLabel={t('session.login')}
      onConfirm={() => {
        close();
        void navigate(loginPath(`${location.pathname}${location.search}`));
      }}
      onCancel={close}
    />
  ) : null;
  return { isLoggedIn, requireLogin, loginDialog };
}
