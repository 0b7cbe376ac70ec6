import type { MarketCompliance } from '@app/contracts/compliance';
import { GUID_COOKIE } from '@app/contracts/member-rules';
import { SYSTEM_OPTION } from '@app/contracts/config';
import { PAGE_PATHS } from '@app/contracts/page-paths';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useSystemOptions } from '../../../api/get-system-options.ts';
import { NavBar } from '../../../components/ui/nav-bar.tsx';
import { getCookie } from '../../../lib/cookies.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { useSettings } from '../../../lib/settings.ts';
import { register } from '../api/register.ts';
import { getSocialTicket } from '../api/get-social-ticket.ts';
import { toastError } from '../../../lib/toast.ts';
import { AccountLink } from '../components/account-links.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { MobileField } from '../components/mobile-field.tsx';
import { NewPasswordFields } from '../components/new-password-fields.tsx';
import { SmsCodeField } from '../components/sms-code-field.tsx';
import { useCompleteLogin } from '../components/use-complete-login.ts';
import { useSubmit } from '../../../lib/use-submit.ts';
import { isMobileValid, isNewPasswordPairValid, isSmsCodeValid } from '../form-rules.ts';
import type { RegistrationGate } from '../components/registration-gate-fields.tsx';
import '../components/account.css';

// Only where the market's law asks for more at registration: elsewhere the page does not load it.
const RegistrationGateFields = lazy(() =>
  import('../components/registration-gate-fields.tsx').then((module) => ({
    default: module.RegistrationGateFields,
  })),
);

/**
 * Whether the market's law asks a registration for more than the number and password (issue 25 §1 §2; the
 * country profile's `compliance`): the identity verified before the account exists, or limits chosen now.
 */
function isRegistrationGated(compliance: MarketCompliance): boolean {
  return compliance.identity.requiredBefore === 'registration' || compliance.limits.requiredAtRegistration;
}

/** System option 160 turns the SMS code on for registration; the operator writes 1 (or true) for on. */
export function isSwitchOn(content: string | undefined): boolean {
  return content === '1' || content?.toLowerCase() === 'true';
}

/**
 * `/register`: mobile, password twice, invitation code, and the SMS code when the operator asks for it;
 * where the market's law asks, the identity (verified before the account exists) and deposit limits.
 * `/register-facebook` is the same form for a player whose social account is not linked yet: it greets
 * them by the account's name and links the new member to it (the `ticket` from the social login).
 */
export function RegisterPage({ social = false }: { social?: boolean }) {
  const { t } = useTranslation();
  const { country } = useSettings();
  const options = useSystemOptions();
  const completeLogin = useCompleteLogin();
  const [params] = useSearchParams();
  const [mobile, setMobile] = useState('');
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [inviteCode, setInviteCode] = useState(() => params.get('code') ?? params.get('inviteCode') ?? '');
  const [smsCode, setSmsCode] = useState('');
  const ticket = social ? params.get('ticket') : null;
  const [socialName, setSocialName] = useState<string | undefined>();
  useEffect(() => {
    if (!ticket) return;
    getSocialTicket(ticket).then(
      (account) => setSocialName(account.name),
      (error: unknown) => toastError(error),
    );
  }, [ticket]);

  const gated = isRegistrationGated(country.compliance);
  const [gate, setGate] = useState<RegistrationGate>();
  const needsSmsCode = isSwitchOn(options.get(SYSTEM_OPTION.SMS_CODE_SWITCH));
  const tips = options.get(SYSTEM_OPTION.REGISTER_TIPS);
  const mobileValid = isMobileValid(mobile, country);
  const canSubmit =
    mobileValid &&
    isNewPasswordPairValid(password, confirmation) &&
    (!needsSmsCode || isSmsCodeValid(smsCode)) &&
    (!gated || gate !== undefined);

  const { busy, formProps } = useSubmit(canSubmit, async () => {
    const guidCode = getCookie(GUID_COOKIE);
    const response = await register({
      mobile: mobile.trim(),
      password,
      confirmPassword: confirmation,
      smsCode: needsSmsCode ? smsCode : undefined,
      inviteCode: inviteCode.trim() || undefined,
      guidCode: guidCode || undefined,
      socialTicket: ticket ?? undefined,
      ...gate,
    });
    completeLogin(response);
  });

  return (
    <div className="account">
      <NavBar title={t('session.register')} />
      <div className="account__body">
        <h2 className="account__title">{t('account.registerTitle')}</h2>
        {social ? (
          <p className="account__intro" data-testid="social-greeting">
            {socialName
              ? t('account.socialRegisterIntro', { name: socialName })
              : t('account.socialRegisterPending')}
          </p>
        ) : null}
        <form className="account-form" aria-label={t('session.register')} {...formProps}>
          <MobileField id="register-mobile" value={mobile} onChange={setMobile} />
          <NewPasswordFields
            idPrefix="register"
            labelKey="account.password"
            password={password}
            confirmation={confirmation}
            onPasswordChange={setPassword}
            onConfirmationChange={setConfirmation}
          />
          <Field id="register-invite" label={t('account.inviteCode')}>
            <input
              id="register-invite"
              name="inviteCode"
              className="field__input"
              type="text"
              autoComplete="off"
              maxLength={32}
              value={inviteCode}
              onChange={(event) => setInviteCode(event.currentTarget.value)}
            />
          </Field>
          {gated ? (
            <Suspense fallback={null}>
              <RegistrationGateFields onChange={setGate} />
            </Suspense>
          ) : null}
          {needsSmsCode ? (
            <SmsCodeField
              id="register-code"
              value={smsCode}
              onChange={setSmsCode}
              mobile={mobile}
              canSend={mobileValid}
              purpose="register"
            />
          ) : null}
          <button
            type="submit"
            className="button button--primary button--block"
            disabled={!canSubmit || busy}
          >
            {t('session.register')}
          </button>
        </form>
        {tips ? (
          <section className="account__tips" aria-label={t('account.registerTips')}>
            <p>{tips}</p>
          </section>
        ) : null}
        <p className="account__switch">
          {t('account.haveAccount')}{' '}
          <AccountLink to={PAGE_PATHS.login} className="account__link account__link--strong">
            {t('session.login')}
          </AccountLink>
        </p>
      </div>
    </div>
  );
}
