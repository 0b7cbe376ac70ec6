import { useState } from 'react';
import { useParams } from 'react-router';
import { NavBar } from '../../../components/ui/nav-bar.tsx';
import { useTranslation } from '../../../lib/i18n.ts';
import { useSession } from '../../../lib/session.ts';
import { useSubmit } from '../../../lib/use-submit.ts';
import { reauthenticate } from '../api/reauthenticate.ts';
import { SmsCodeField } from '../components/sms-code-field.tsx';
import { useFinishReauth } from '../components/use-finish-reauth.ts';
import { isSmsCodeValid } from '../form-rules.ts';
import { maskMobile } from '@app/contracts/message-rules';
import { decodeReauthData, reauthTarget } from '../reauth-data.ts';
import '../components/account.css';

/**
 * `/authentication/sms/{data}` (login required, guarded in the router): a `reauth` code goes to the
 * member's own number (shown masked; the server refuses any other number), and the 6 digits prove it
 * is them. `data` is base64url JSON `{next}`; an unreadable one leads to the settings afterwards.
 */
export function AuthenticationSmsPage() {
  const { t } = useTranslation();
  const { data } = useParams();
  const { profile } = useSession();
  const finish = useFinishReauth(reauthTarget(decodeReauthData(data)?.next));
  const [code, setCode] = useState('');
  const mobile = profile?.mobile ?? '';
  const canSubmit = isSmsCodeValid(code);
  const { busy, formProps } = useSubmit(canSubmit, async () => {
    await reauthenticate({ smsCode: code });
    finish();
  });

  return (
    <div className="account">
      <NavBar title={t('account.reauthTitle')} />
      <div className="account__body">
        <p className="account__intro" data-testid="reauth-sms-intro">
          {/* Until the token login brings the profile, the number (and sending) waits. */}
          {mobile ? t('account.reauthSmsIntro', { mobile: maskMobile(mobile) }) : t('common.loading')}
        </p>
        <form className="account-form" aria-label={t('account.reauthBySms')} {...formProps}>
          <SmsCodeField
            id="reauth-code"
            value={code}
            onChange={setCode}
            mobile={mobile}
            canSend={mobile !== ''}
            purpose="reauth"
          />
          <button
            type="submit"
            className="button button--primary button--block"
            disabled={!canSubmit || busy}
          >
            {t('account.reauthConfirm')}
          </button>
        </form>
      </div>
    </div>
  );
}
