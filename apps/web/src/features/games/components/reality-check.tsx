import { useEffect, useRef, useState } from 'react';
import { getMemberInfo } from '../../../api/get-member-info.ts';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { useTranslation } from '../../../lib/i18n.ts';
import { releasePopup } from '../../../lib/popup-lock.ts';
import { useMoneyFormat } from '../../../lib/use-money-format.ts';
import { usePopup } from '../../../lib/use-popup.ts';

const POPUP_ID = 'reality-check';

type Check = { minutes: number; net: number | undefined };

/** Signed money: "+KES 20.00", "−KES 120.00". */
function signed(amount: number, money: ReturnType<typeof useMoneyFormat>): string {
  const sign = amount > 0 ? '+' : amount < 0 ? '−' : '';
  return `${sign}${money.currency} ${money.format(Math.abs(amount))}`;
}

/**
 * The reality check (issue 25 §3): every `everyMinutes` of real-money play (the market's
 * `compliance.breaks.realityCheckMinutes`), over whatever game the frame shows, the player is told how long
 * they have played and their net result since the game opened (the cash now less the cash then: nothing
 * else moves a member's cash while a game is open), and chooses to keep playing (the next check comes
 * `everyMinutes` later) or to stop (`onStop` leaves the game).
 */
export function RealityCheck({ everyMinutes, onStop }: { everyMinutes: number; onStop: () => void }) {
  const { t } = useTranslation();
  const money = useMoneyFormat();
  const [started] = useState(() => Date.now());
  const cashAtStart = useRef<number | undefined>(undefined);
  const [nextAt, setNextAt] = useState(() => started + everyMinutes * 60_000);
  const [check, setCheck] = useState<Check | undefined>();
  const open = usePopup(POPUP_ID, check !== undefined);

  useEffect(() => {
    getMemberInfo().then(
      (profile) => {
        cashAtStart.current = profile.money;
      },
      () => undefined,
    );
  }, []);

  useEffect(() => {
    let live = true;
    const timer = setTimeout(
      () => {
        const minutes = Math.round((Date.now() - started) / 60_000);
        getMemberInfo().then(
          (profile) =>
            live &&
            setCheck({
              minutes,
              net: cashAtStart.current === undefined ? undefined : profile.money - cashAtStart.current,
            }),
          // The balance could not be read: the time played is still told.
          () => live && setCheck({ minutes, net: undefined }),
        );
      },
      Math.max(0, nextAt - Date.now()),
    );
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [nextAt, started]);

  useEffect(() => () => releasePopup(POPUP_ID), []);

  if (!open || !check) return null;
  const keepPlaying = () => {
    releasePopup(POPUP_ID);
    setCheck(undefined);
    setNextAt(Date.now() + everyMinutes * 60_000);
  };
  const stop = () => {
    releasePopup(POPUP_ID);
    onStop();
  };
  return (
    <Dialog label={t('realityCheck.title')} onClose={keepPlaying} className="confirm" testId="reality-check">
      <p className="confirm__message">
        <strong>{t('realityCheck.title')}</strong>
      </p>
      <p className="confirm__message" data-testid="reality-check-played">
        {t('realityCheck.played', { count: check.minutes })}
      </p>
      {check.net !== undefined ? (
        <p className="confirm__message" data-testid="reality-check-net">
          {t('realityCheck.net', { amount: signed(check.net, money) })}
        </p>
      ) : null}
      <div className="confirm__actions">
        <button
          type="button"
          className="button button--ghost"
          onClick={stop}
          data-testid="reality-check-stop"
        >
          {t('realityCheck.stop')}
        </button>
        <button
          type="button"
          className="button button--primary"
          onClick={keepPlaying}
          data-testid="reality-check-continue"
        >
          {t('realityCheck.continue')}
        </button>
      </div>
    </Dialog>
  );
}
