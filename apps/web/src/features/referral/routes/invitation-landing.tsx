import { GUID_COOKIE } from '@app/contracts/member-rules';
import { PAGE_PATHS } from '@app/contracts/page-paths';
import {
  GUID_COOKIE_MAX_AGE_SECONDS,
  guidCookieValue,
  isInviteCode,
  networkOf,
} from '@app/contracts/referral';
import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import { QueryStatus } from '../../../components/ui/query-status.tsx';
import { setCookie } from '../../../lib/cookies.ts';
import { useFeatureTranslation } from '../../../lib/i18n.ts';
import { useIsLoggedIn } from '../../../lib/session.ts';
import { useSettings } from '../../../lib/settings.ts';
import { recordInvitationVisit } from '../api/record-invitation-visit.ts';
import { REFERRAL_TEXTS } from '../texts.ts';
import '../components/referral.css';

/**
 * The invitation landing: `/invitation/{code}/{channel}` (the link the share popup sends) and
 * `/activities/register/{code}/{channel}` (spec §2, the theme-specific registration landing): both record
 * the visit (channel 1-5), keep the code and channel in the guid cookie for a day (platform-core §9; the
 * registration sends it as `guidCode`), and lead to registration with the code filled in. The theme picks
 * the layout: WinSlots a full-width banner, LuckyWin a centred card (`referral.css`).
 */
export function InvitationLanding() {
  const { t, ready } = useFeatureTranslation(REFERRAL_TEXTS);
  const { code = '', channel = '' } = useParams();
  const { theme, brandName } = useSettings();
  const isLoggedIn = useIsLoggedIn();
  const wellFormed = isInviteCode(code) && networkOf(Number(channel)) !== undefined;
  const [valid, setValid] = useState<boolean | undefined>(wellFormed ? undefined : false);
  useEffect(() => {
    if (!wellFormed || isLoggedIn) return;
    setCookie(GUID_COOKIE, guidCookieValue(code, Number(channel)), GUID_COOKIE_MAX_AGE_SECONDS);
    recordInvitationVisit(code, Number(channel)).then(
      (answer) => setValid(answer.valid),
      // The visit is only counted: a failure never keeps the friend from signing up.
      () => setValid(true),
    );
  }, [code, channel, wellFormed, isLoggedIn]);

  if (!ready) return <QueryStatus status="pending" error={undefined} onRetry={() => undefined} />;
  // After signing up the friend lands on home, not back on this invitation.
  const registerPath =
    valid === false
      ? `${PAGE_PATHS.register}?r=${encodeURIComponent(PAGE_PATHS.home)}`
      : `${PAGE_PATHS.register}?code=${encodeURIComponent(code.toUpperCase())}&r=${encodeURIComponent(PAGE_PATHS.home)}`;
  return (
    <div className={`invitation invitation--${theme}`} data-testid="invitation-landing">
      <div className="invitation__hero">
        <p className="invitation__brand">{brandName}</p>
        <h1 className="invitation__title">{t('referral.landingTitle')}</h1>
      </div>
      <div className="invitation__card">
        {isLoggedIn ? (
          <>
            <p>{t('referral.member')}</p>
            <Link className="button button--primary button--block" to={PAGE_PATHS.home}>
              {t('referral.goHome')}
            </Link>
          </>
        ) : (
          <>
            <p data-testid="invitation-text">
              {valid === false
                ? t('referral.invalid')
                : t('referral.landingText', { brand: brandName, code: code.toUpperCase() })}
            </p>
            <Link
              className="button button--primary button--block"
              to={registerPath}
              data-testid="invitation-sign-up"
            >
              {t('referral.signUp')}
            </Link>
          </>
        )}
      </div>
    </div>
  );
}
