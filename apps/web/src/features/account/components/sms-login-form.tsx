import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n.ts';
import { useSettings } from '../../../lib/settings.ts';
import { loginWithSmsCode } from '../api/login-with-sms-code.ts';
import { isMobileValid, isSmsCodeValid } from '../form-rules.ts';
import { MobileField } from './mobile-field.tsx';
import { SmsCodeField } from './sms-code-field.tsx';
import { useCompleteLogin } from './use-complete-login.ts';
import { useSubmit } from '../../../lib/use-submit.ts';

/** Login with a code sent by SMS (spec §1): mobile, send code, the 6 digits. */
export function SmsLoginForm() {
  const { t } = useTranslation();
  const { country } = useSettings();
  const completeLogin = useCompleteLogin();
  const [mobile, setMobile] = useState('');
  const [code, setCode] = useState('');
  const mobileValid = isMobileValid(mobile, country);
  const canSubmit = mobileValid && isSmsCodeValid(code);
  const { busy, formProps } = useSubmit(canSubmit, async () => {
    completeLogin(await loginWithSmsCode({ mobile: mobile.trim(), code }));
  });
  return (
    <form className="account-form" aria-label={t('account.withSmsCode')} {...formProps}>
      <MobileField id="sms-login-mobile" value={mobile} onChange={setMobile} />
      <SmsCodeField
        id="sms-login-code"
        value={code}
        onChange={setCode}
        mobile={mobile}
        canSend={mobileValid}
        purpose="login"
      />
      <button type="submit" className="button button--primary button--block" disabled={!canSubmit || busy}>
        {t('session.login')}
      </button>
    </form>
  );
}
