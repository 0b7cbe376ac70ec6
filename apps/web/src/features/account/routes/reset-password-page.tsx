import { PAGE_PATHS } from '@app/contracts/page-paths';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { NavBar } from '../../../components/ui/nav-bar.tsx';
import { useTranslation } from '../../../lib/i18n.ts';
import { loginPath, safeRedirectPath } from '../../../lib/redirect.ts';
import { useSettings } from '../../../lib/settings.ts';
import { showToast } from '../../../lib/toast.ts';
import { resetPassword } from '../api/reset-password.ts';
import { MobileField } from '../components/mobile-field.tsx';
import { NewPasswordFields } from '../components/new-password-fields.tsx';
import { SmsCodeField } from '../components/sms-code-field.tsx';
import { useSubmit } from '../../../lib/use-submit.ts';
import { isMobileValid, isNewPasswordPairValid, isSmsCodeValid } from '../form-rules.ts';
import '../components/account.css';

/**
 * `/password/reset`: a forgotten password, so it works for visitors. The mobile first; once a code was
 * sent, the code and the new password. Success goes to login (keeping `r`).
 */
export function ResetPasswordPage() {
  const { t } = useTranslation();
  const { country } = useSettings();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [mobile, setMobile] = useState('');
  const [codeSent, setCodeSent] = useState(false);
  const [smsCode, setSmsCode] = useState('');
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');

  const mobileValid = isMobileValid(mobile, country);
  const canSubmit =
    codeSent && mobileValid && isSmsCodeValid(smsCode) && isNewPasswordPairValid(password, confirmation);
  const { busy, formProps } = useSubmit(canSubmit, async () => {
    await resetPassword({ mobile: mobile.trim(), smsCode, password, confirmPassword: confirmation });
    showToast(t('account.resetSuccess'), { kind: 'success' });
    const returnTo = safeRedirectPath(params.get('r'));
    void navigate(returnTo ? loginPath(returnTo) : PAGE_PATHS.login, { replace: true });
  });

  return (
    <div className="account">
      <NavBar title={t('account.resetTitle')} />
      <div className="account__body">
        <p className="account__intro">{t('account.resetIntro')}</p>
        <form className="account-form" aria-label={t('account.resetTitle')} {...formProps}>
          <MobileField id="reset-mobile" value={mobile} onChange={setMobile} />
          <SmsCodeField
            id="reset-code"
            value={smsCode}
            onChange={setSmsCode}
            mobile={mobile}
            canSend={mobileValid}
            purpose="reset"
            onSent={() => setCodeSent(true)}
          />
          {codeSent ? (
            <>
              <NewPasswordFields
                idPrefix="reset"
                labelKey="account.newPassword"
                password={password}
                confirmation={confirmation}
                onPasswordChange={setPassword}
                onConfirmationChange={setConfirmation}
              />
              <button
                type="submit"
                className="button button--primary button--block"
                disabled={!canSubmit || busy}
              >
                {t('account.resetSubmit')}
              </button>
            </>
          ) : null}
        </form>
      </div>
    </div>
  );
}
