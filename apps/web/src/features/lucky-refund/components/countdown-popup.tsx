import { LUCKY_REFUND_TIMING, ROUND_STATUS, showsCountdownPopup } from '@app/contracts/lucky-refund-rules';
import { PAGE_PATHS } from '@app/contracts/page-paths';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { hasCookie, setCookie } from '../../../lib/cookies.ts';
import { useFeatureTranslation } from '../../../lib/i18n.ts';
import { lockPopup, releasePopup } from '../../../lib/popup-lock.ts';
import { useQuery } from '../../../lib/query.ts';
import { useSession } from '../../../lib/session.ts';
import { activeQuery } from '../api/get-active.ts';
import { LUCKY_REFUND_TEXTS } from '../texts.ts';
import { useRoundClock } from './round-clock.ts';
import { COUNTDOWN_COOKIE } from './seen-rounds.ts';
import './lucky-refund.css';

const POPUP_ID = 'lucky-refund-countdown';

/**
 * The countdown popup on the home page (spec §4): shown when the round on sale is in its last 60 s and the
 * 120 s cookie is not set; it sets the cookie and takes the shared popup lock at once (another popup holding
 * it raises '{locker} is locked': this one is then not shown); it ends when the timer ends; its button goes
 * to the lucky refund index.
 */
export function LuckyRefundCountdownPopup() {
  const { t, ready } = useFeatureTranslation(LUCKY_REFUND_TEXTS);
  const { token } = useSession();
  const navigate = useNavigate();
  const active = useQuery(activeQuery(token));
  const [phase, setPhase] = useState<'waiting' | 'showing' | 'done'>('waiting');
  const round = active.data?.enable ? (active.data.round ?? null) : null;
  const clock = useRoundClock(round, active.updatedAt, phase === 'showing');
  const due = ready && round !== null && showsCountdownPopup(clock.status, hasCookie(COUNTDOWN_COOKIE));

  useEffect(() => {
    if (phase !== 'waiting' || !due) return;
    try {
      lockPopup(POPUP_ID);
    } catch (error) {
      // Another popup holds the screen: this countdown is not shown (not an error of the page).
      console.info((error as Error).message);
      setPhase('done');
      return;
    }
    setCookie(COUNTDOWN_COOKIE, '1', LUCKY_REFUND_TIMING.popupCookieSeconds);
    setPhase('showing');
  }, [phase, due]);

  // It ends when the timer ends.
  useEffect(() => {
    if (phase === 'showing' && clock.status !== ROUND_STATUS.countdown) setPhase('done');
  }, [phase, clock.status]);
  useEffect(() => {
    if (phase === 'done') releasePopup(POPUP_ID);
  }, [phase]);
  useEffect(() => () => releasePopup(POPUP_ID), []);

  if (phase !== 'showing' || !round) return null;
  const close = () => setPhase('done');
  return (
    <Dialog
      label={t('lucky_refund.countdownTitle')}
      onClose={close}
      className="lucky-refund-countdown"
      testId="lucky-refund-countdown"
    >
      <h2 className="lucky-refund-codes__title">{t('lucky_refund.countdownTitle')}</h2>
      <p
        className="lucky-refund-countdown__seconds"
        role="timer"
        data-testid="lucky-refund-countdown-seconds"
      >
        {Math.ceil(clock.remainingMillis / 1000)}
      </p>
      <p>
        {t('lucky_refund.countdownText', { id: round.id, seconds: Math.ceil(clock.remainingMillis / 1000) })}
      </p>
      <button
        type="button"
        className="button button--primary button--block"
        onClick={() => {
          close();
          void navigate(PAGE_PATHS.luckyRefund);
        }}
      >
        {t('lucky_refund.join')}
      </button>
      <button type="button" className="button button--ghost button--block" onClick={close}>
        {t('lucky_refund.close')}
      </button>
    </Dialog>
  );
}
