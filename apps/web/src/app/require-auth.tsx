import type { ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { ConfirmDialog } from '../components/ui/confirm-dialog.tsx';
import { LoginRequired } from '../components/ui/login-required.tsx';
import { useTranslation } from '../lib/i18n.ts';
import { releasePopup } from '../lib/popup-lock.ts';
import { loginPath } from '../lib/redirect.ts';
import { useIsLoggedIn } from '../lib/session.ts';
import { useGoBack } from '../lib/use-go-back.ts';
import { usePopup } from '../lib/use-popup.ts';

/**
 * Route guard (spec §4): a visitor on a page that needs login is asked to log in (msg_login); accepting
 * goes to /login with the page as `r`, declining goes back.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const isLoggedIn = useIsLoggedIn();
  const location = useLocation();
  const navigate = useNavigate();
  const goBack = useGoBack();
  const asking = usePopup('login-confirm', !isLoggedIn);
  if (isLoggedIn) return children;
  // The lock is given up before leaving, not left to the unmount: in the browser build the guard's
  // cleanup was seen not to run on this navigation, and a lock never released holds every later popup
  // (the casino page's top-up prompt after login waited forever behind it).
  const leave = (go: () => void) => {
    releasePopup('login-confirm');
    go();
  };
  return (
    <>
      <LoginRequired />
      {asking ? (
        <ConfirmDialog
          message={t('msg_login')}
          confirmLabel={t('session.login')}
          onConfirm={() =>
            leave(() => void navigate(loginPath(`${location.pathname}${location.search}`), { replace: true }))
          }
          onCancel={() => leave(goBack)}
        />
      ) : null}
    </>
  );
}
