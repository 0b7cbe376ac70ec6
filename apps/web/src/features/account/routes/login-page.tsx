import { PAGE_PATHS } from '@app/contracts/page-paths';
import { useState } from 'react';
import { NavBar } from '../../../components/ui/nav-bar.tsx';
import { useTranslation } from '../../../lib/i18n.ts';
import { AccountLink } from '../components/account-links.tsx';
import { PasswordLoginForm } from '../components/password-login-form.tsx';
import { SmsLoginForm } from '../components/sms-login-form.tsx';
import { SocialLogin } from '../components/social-login.tsx';
import '../components/account.css';

type LoginMode = 'password' | 'sms';

/** `/login` (spec §2, §4): by password or by SMS code, with forgot-password and register links. */
export function LoginPage() {
  const { t } = useTranslation();
  const [mode, setMode] = useState<LoginMode>('password');
  const tab = (value: LoginMode, label: string) => (
    <button
      type="button"
      role="tab"
      id={`login-tab-${value}`}
      aria-selected={mode === value}
      aria-controls="login-panel"
      className="account-tabs__tab"
      onClick={() => setMode(value)}
    >
      {label}
    </button>
  );
  return (
    <div className="account">
      <NavBar title={t('session.login')} />
      <div className="account__body">
        <div className="account-tabs" role="tablist" aria-label={t('account.loginModes')}>
          {tab('password', t('account.withPassword'))}
          {tab('sms', t('account.withSmsCode'))}
        </div>
        <div id="login-panel" role="tabpanel" aria-labelledby={`login-tab-${mode}`}>
          {mode === 'password' ? <PasswordLoginForm /> : <SmsLoginForm />}
        </div>
        <SocialLogin />
        <p className="account__links">
          <AccountLink to={PAGE_PATHS.resetPassword} className="account__link">
            {t('account.forgotPassword')}
          </AccountLink>
        </p>
        <p className="account__switch">
          {t('account.noAccount')}{' '}
          <AccountLink to={PAGE_PATHS.register} className="account__link account__link--strong">
            {t('session.register')}
          </AccountLink>
        </p>
      </div>
    </div>
  );
}
