import { siteDayOf } from '@app/contracts/market-calendar';
import { useEffect, useState } from 'react';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { CloseIcon } from '../../../components/ui/icons.tsx';
import { useFeatureTranslation } from '../../../lib/i18n.ts';
import { releasePopup } from '../../../lib/popup-lock.ts';
import { useQuery } from '../../../lib/query.ts';
import { useSession } from '../../../lib/session.ts';
import { useSettings } from '../../../lib/settings.ts';
import { readStorage, writeStorage } from '../../../lib/storage.ts';
import { usePopup } from '../../../lib/use-popup.ts';
import { dailyBonusQuery } from '../api/get-daily-bonus.ts';
import { SIGN_IN_TEXTS } from '../texts.ts';
import { DailyBonusPanel } from './daily-bonus-panel.tsx';

/** Where the popup remembers the member and site day it was last shown for. */
export const DAILY_BONUS_SHOWN_KEY = 'daily-bonus-shown';
/** Set once shown in this browser session too (the e2e fixtures set it to keep the home page clear). */
export const DAILY_BONUS_SESSION_KEY = 'daily_bonus_popup_seen';

/**
 * The daily sign-in opened from home (lazy: never in the home bundle): once per site day for a logged-in
 * member who has not claimed today, and only while no other popup holds the screen (the shared popup lock,
 * queued behind the home popup advert). Shown once means once shown, even if the member claims nothing.
 */
export function DailyBonusPopup() {
  const { t, ready } = useFeatureTranslation(SIGN_IN_TEXTS);
  const { profile } = useSession();
  const { country } = useSettings();
  const mark = `${profile?.id ?? ''}:${siteDayOf(new Date(), country)}`;
  const [done, setDone] = useState(
    () =>
      readStorage('localStorage', DAILY_BONUS_SHOWN_KEY) === mark ||
      readStorage('sessionStorage', DAILY_BONUS_SESSION_KEY) === '1',
  );
  const days = useQuery({ ...dailyBonusQuery(true), enabled: !done && profile !== undefined });
  const unclaimed = days.data?.some((entry) => entry.today && entry.status === 0) ?? false;
  const visible = usePopup('daily-bonus', ready && !done && unclaimed);

  useEffect(() => {
    if (!visible) return;
    writeStorage('localStorage', DAILY_BONUS_SHOWN_KEY, mark);
    writeStorage('sessionStorage', DAILY_BONUS_SESSION_KEY, '1');
  }, [visible, mark]);

  if (!visible) return null;
  const close = () => {
    releasePopup('daily-bonus');
    setDone(true);
  };
  return (
    <Dialog
      label={t('signIn.title')}
      onClose={close}
      className="daily-bonus-popup"
      testId="daily-bonus-popup"
    >
      <div className="daily-bonus-popup__head">
        <h2>{t('signIn.title')}</h2>
        <button type="button" className="icon-button" aria-label={t('common.close')} onClick={close}>
          <CloseIcon size={20} />
        </button>
      </div>
      <DailyBonusPanel onNavigate={close} />
    </Dialog>
  );
}
