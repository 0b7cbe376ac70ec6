import { PAGE_PATHS } from '@app/contracts/page-paths';
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { useTranslation } from '../../../lib/i18n.ts';
import { safeRedirectPath } from '../../../lib/redirect.ts';
import { catalogueMessage } from '../../../lib/request.ts';
import { showToast } from '../../../lib/toast.ts';
import { SOCIAL_LOGIN_QUERY } from '@app/contracts/member';
import { socialAuthorizeUrl } from '../api/social-authorize-url.ts';

/**
 * "Continue with Facebook", and what the login page does when the player comes back from it (the server
 * puts the outcome in the address): an unknown account (404, spec §4) asks whether to register with it
 * and goes to /register-facebook; a cancel or failure is told in a toast; a refusal (a closed account)
 * stays on screen with the catalogue's message in the player's language, as a login form's refusal would.
 */
export function SocialLogin() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const returnTo = safeRedirectPath(params.get('r'));
  const outcome = params.get(SOCIAL_LOGIN_QUERY.outcome);
  const ticket = params.get(SOCIAL_LOGIN_QUERY.ticket);
  const refusalCode = Number(params.get(SOCIAL_LOGIN_QUERY.code));
  const refusal =
    outcome === 'refused' && Number.isInteger(refusalCode) && refusalCode > 0
      ? catalogueMessage(refusalCode, t('account.socialFailed'), {
          until: params.get(SOCIAL_LOGIN_QUERY.until) ?? '',
        })
      : undefined;
  const [askToRegister, setAskToRegister] = useState(outcome === '404' && ticket !== null);

  useEffect(() => {
    if (outcome === 'cancelled') showToast(t('account.socialCancelled'));
    if (outcome === 'failed') showToast(t('account.socialFailed'), { kind: 'error' });
  }, [outcome, t]);

  const forgetOutcome = () => {
    const next = new URLSearchParams(params);
    next.delete(SOCIAL_LOGIN_QUERY.outcome);
    next.delete(SOCIAL_LOGIN_QUERY.ticket);
    setParams(next, { replace: true });
  };

  return (
    <>
      {refusal ? (
        <p className="account__refusal" role="alert" data-testid="social-refusal">
          {refusal}
        </p>
      ) : null}
      <div className="account__divider" aria-hidden="true">
        {t('account.or')}
      </div>
      <a className="button button--social button--block" href={socialAuthorizeUrl(returnTo)}>
        {t('account.continueWithFacebook')}
      </a>
      {askToRegister && ticket ? (
        <ConfirmDialog
          message={t('account.socialUnknown')}
          confirmLabel={t('session.register')}
          onConfirm={() => {
            const next = new URLSearchParams({ ticket });
            if (returnTo) next.set('r', returnTo);
            void navigate(`${PAGE_PATHS.registerFacebook}?${next.toString()}`, { replace: true });
          }}
          onCancel={() => {
            setAskToRegister(false);
            forgetOutcome();
          }}
        />
      ) : null}
    </>
  );
}
