import { PAGE_PATHS } from '@app/contracts/page-paths';
import { ERRORS } from '@app/contracts/errors';
import type { Profile } from '@app/contracts/member';
import { useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { NavBar } from '../../../components/ui/nav-bar.tsx';
import { hasTranslation, useTranslation } from '../../../lib/i18n.ts';
import { isApiError } from '../../../lib/request.ts';
import { setProfile } from '../../../lib/session.ts';
import { useSettings } from '../../../lib/settings.ts';
import { showToast } from '../../../lib/toast.ts';
import { useSubmit } from '../../../lib/use-submit.ts';
import { modifyMobile } from '../api/modify-mobile.ts';
import { MobileField } from '../components/mobile-field.tsx';
import { SmsCodeField } from '../components/sms-code-field.tsx';
import { isMobileValid, isSmsCodeValid } from '../form-rules.ts';
import { reauthTarget } from '../reauth-data.ts';
import '../components/account.css';

/**
 * The nav bar title: `title` names one of our texts (`account.titles.<title>`). Anything else falls back
 * to the default rather than being shown as written: the address must not put its own words on our page.
 */
export function mobilePageTitleKey(title: string | undefined): string {
  const key = `account.titles.${title ?? ''}`;
  return title && /^\w+$/.test(title) && hasTranslation(key) ? key : 'account.titles.changeMobile';
}

/**
 * `/account/mobile/{redirect}/{title}` (login required, guarded in the router): a new mobile number,
 * proven by a `mobile` code sent to it. The server only takes it within 5 minutes of a
 * re-authentication; without one (REAUTH_REQUIRED) the member is sent to confirm it is them and
 * brought back here. Success goes to `redirect` (a path on this site), else the settings.
 */
export function ModifyMobilePage() {
  const { t } = useTranslation();
  const { country } = useSettings();
  const navigate = useNavigate();
  const location = useLocation();
  // React Router hands the segments over decoded: `%2Fme%2Fsettings` is `/me/settings` here.
  const { redirect, title } = useParams();
  const [mobile, setMobile] = useState('');
  const [code, setCode] = useState('');
  const mobileValid = isMobileValid(mobile, country);
  const canSubmit = mobileValid && isSmsCodeValid(code);

  const { busy, formProps } = useSubmit(canSubmit, async () => {
    let updated: Profile;
    try {
      updated = await modifyMobile({ mobile: mobile.trim(), smsCode: code });
    } catch (error) {
      if (!isApiError(error) || error.code !== ERRORS.REAUTH_REQUIRED.code) throw error;
      // Replaced, so that once confirmed the member comes back to this page with one entry in history.
      showToast(error.message);
      const here = `${location.pathname}${location.search}`;
      void navigate(`${PAGE_PATHS.authenticationBranch}?next=${encodeURIComponent(here)}`, { replace: true });
      return;
    }
    // The same session with the new number: the Me tab and every later screen show it at once.
    setProfile(updated);
    showToast(t('account.mobileChanged'), { kind: 'success' });
    void navigate(reauthTarget(redirect), { replace: true });
  });

  return (
    <div className="account">
      <NavBar title={t(mobilePageTitleKey(title))} />
      <div className="account__body">
        <p className="account__intro">{t('account.mobileIntro')}</p>
        <form className="account-form" aria-label={t(mobilePageTitleKey(title))} {...formProps}>
          <MobileField id="new-mobile" label={t('account.newMobile')} value={mobile} onChange={setMobile} />
          <SmsCodeField
            id="new-mobile-code"
            value={code}
            onChange={setCode}
            mobile={mobile}
            canSend={mobileValid}
            purpose="mobile"
          />
          <button
            type="submit"
            className="button button--primary button--block"
            disabled={!canSubmit || busy}
          >
            {t('account.mobileSubmit')}
          </button>
        </form>
      </div>
    </div>
  );
}
