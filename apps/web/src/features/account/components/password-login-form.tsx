import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n.ts';
import { useSettings } from '../../../lib/settings.ts';
import { login } from '../api/login.ts';
import { canSubmitLogin } from '../form-rules.ts';
import { MobileField } from './mobile-field.tsx';
import { PasswordField } from './password-field.tsx';
import { useCompleteLogin } from './use-complete-login.ts';
import { useSubmit } from '../../../lib/use-submit.ts';

/** Mobile and password (spec §2 Login); the button waits until both are valid (spec §4). */
export function PasswordLoginForm() {
  const { t } = useTranslation();
  const { country } = useSettings();
  const completeLogin = useCompleteLogin();
  const [mobile, setMobile] = useState('');
  const [password, setPassword] = useState('');
  const canSubmit = canSubmitLogin(mobile, password, country);
  const { busy, formProps } = useSubmit(canSubmit, async () => {
    completeLogin(await login({ mobile: mobile.trim(), password }));
  });
  return (
    <form className="account-form" aria-label={t('session.login')} {...formProps}>
      <MobileField id="login-mobile" value={mobile} onChange={setMobile} />
      <PasswordField
        id="login-password"
        label={t('account.password')}
        placeholder={t('account.passwordPlaceholder')}
        autoComplete="current-password"
        value={password}
        onChange={setPassword}
      />
      <button type="submit" className="button button--primary button--block" disabled={!canSubmit || busy}>
        {t('session.login')}
      </button>
    </form>
  );
}
