import { PAGE_PATHS } from '@app/contracts/page-paths';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { NavBar } from '../../../components/ui/nav-bar.tsx';
import { useTranslation } from '../../../lib/i18n.ts';
import { useSubmit } from '../../../lib/use-submit.ts';
import { reauthenticate } from '../api/reauthenticate.ts';
import { PasswordField } from '../components/password-field.tsx';
import { useFinishReauth } from '../components/use-finish-reauth.ts';
import { isLoginPasswordValid } from '../form-rules.ts';
import { encodeReauthData, reauthTarget } from '../reauth-data.ts';
import '../components/account.css';

/**
 * `/authentication/branch?next=…` (login required, guarded in the router): the member proves it is
 * them before a sensitive change, by password here or by a code sent to their own number on the next
 * step. Then on to `next` (a path on this site), else the settings.
 */
export function AuthenticationBranchPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const target = reauthTarget(params.get('next'));
  const finish = useFinishReauth(target);
  const [password, setPassword] = useState('');
  // Any password the login form accepts: older accounts may have a shorter one than 6.
  const canSubmit = isLoginPasswordValid(password);
  const { busy, formProps } = useSubmit(canSubmit, async () => {
    await reauthenticate({ password });
    finish();
  });

  return (
    <div className="account">
      <NavBar title={t('account.reauthTitle')} />
      <div className="account__body">
        <p className="account__intro">{t('account.reauthIntro')}</p>
        <form className="account-form" aria-label={t('account.reauthWithPassword')} {...formProps}>
          <PasswordField
            id="reauth-password"
            label={t('account.password')}
            placeholder={t('account.passwordPlaceholder')}
            autoComplete="current-password"
            value={password}
            onChange={setPassword}
          />
          <button
            type="submit"
            className="button button--primary button--block"
            disabled={!canSubmit || busy}
          >
            {t('account.reauthConfirm')}
          </button>
        </form>
        <div className="account__divider" aria-hidden="true">
          {t('account.or')}
        </div>
        <Link
          className="button button--ghost button--block"
          to={PAGE_PATHS.authenticationSms(encodeReauthData({ next: target }))}
        >
          {t('account.reauthWithSms')}
        </Link>
      </div>
    </div>
  );
}
