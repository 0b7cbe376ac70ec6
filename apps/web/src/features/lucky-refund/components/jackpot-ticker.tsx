import { LUCKY_REFUND_TIMING } from '@app/contracts/lucky-refund-rules';
import { useEffect, useState } from 'react';
import type { Translate } from '../../../lib/i18n.ts';
import { getJackpot } from '../api/get-jackpot.ts';
import { useAmountText, useMarketTime } from './amounts.ts';

/**
 * The jackpot, asked again every 2 s only while `polling` (the open round's page is shown and visible,
 * spec §4, §9); the last answer stays on screen otherwise. A failed poll is only skipped.
 */
export function JackpotTicker({
  initial,
  polling,
  jackpotHour,
  t,
}: {
  initial: number;
  polling: boolean;
  jackpotHour: number;
  t: Translate;
}) {
  const [jackpot, setJackpot] = useState(initial);
  const amount = useAmountText(t);
  const times = useMarketTime();
  useEffect(() => setJackpot(initial), [initial]);
  useEffect(() => {
    if (!polling) return undefined;
    const controller = new AbortController();
    const timer = setInterval(() => {
      if (document.visibilityState !== 'visible') return;
      getJackpot(controller.signal).then(
        (answer) => setJackpot(answer.jackpot),
        () => undefined,
      );
    }, LUCKY_REFUND_TIMING.jackpotPollMs);
    return () => {
      clearInterval(timer);
      controller.abort();
    };
  }, [polling]);
  return (
    <section
      className="lucky-refund__jackpot"
      aria-label={t('lucky_refund.jackpot')}
      data-testid="lucky-refund-jackpot"
    >
      <span className="lucky-refund__jackpot-label">{t('lucky_refund.jackpot')}</span>
      <strong className="lucky-refund__jackpot-amount" data-testid="lucky-refund-jackpot-amount">
        {amount(jackpot)}
      </strong>
      <span className="lucky-refund__note">
        {t('lucky_refund.jackpotNote', { time: times.hour(jackpotHour) })}
      </span>
    </section>
  );
}
