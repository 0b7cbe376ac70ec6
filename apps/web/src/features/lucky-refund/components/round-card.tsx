import type { Round } from '@app/contracts/lucky-refund';
import { isOnSale, ROUND_STATUS } from '@app/contracts/lucky-refund-rules';
import type { ReactNode } from 'react';
import type { Translate } from '../../../lib/i18n.ts';
import { useAmountText, useMarketTime } from './amounts.ts';
import { clockText } from './round-clock.ts';
import { VerifyLink } from './verify-link.tsx';
import { WinnersList } from './winners-list.tsx';

const STATUS_KEYS: Record<number, string> = {
  [ROUND_STATUS.initial]: 'initial',
  [ROUND_STATUS.open]: 'open',
  [ROUND_STATUS.countdown]: 'countdown',
  [ROUND_STATUS.drawing]: 'drawing',
  [ROUND_STATUS.finished]: 'finished',
};

/**
 * A round as a card: its number and status, the countdown while on sale (the clock's status and time left,
 * moved on the device), the public randomness it waits for once closed, the winners once paid, the codes
 * sold and players, and a link to verify the draw.
 */
export function RoundCard({
  round,
  status,
  remainingMillis,
  t,
  children,
  testId,
}: {
  round: Round;
  status: number;
  remainingMillis: number;
  t: Translate;
  children?: ReactNode;
  testId: string;
}) {
  const amount = useAmountText(t);
  const times = useMarketTime();
  const key = STATUS_KEYS[status] ?? 'drawing';
  return (
    <section
      className={`lucky-refund__card lucky-refund__round lucky-refund__round--${key}`}
      aria-label={t('lucky_refund.round', { id: round.id })}
      data-testid={testId}
      data-status={status}
    >
      <header className="lucky-refund__card-head">
        <h2>{t('lucky_refund.round', { id: round.id })}</h2>
        <span className="lucky-refund__status" data-testid={`${testId}-status`}>
          {t(`lucky_refund.status.${key}`, { time: times.time(round.startTime) })}
        </span>
      </header>
      {isOnSale(status) ? (
        <div className="lucky-refund__countdown" role="timer" aria-live="off">
          <span className="lucky-refund__note">{t('lucky_refund.endsIn')}</span>
          <strong className="lucky-refund__clock" data-testid={`${testId}-clock`}>
            {clockText(remainingMillis)}
          </strong>
          <span className="lucky-refund__note">
            {t('lucky_refund.closesAt', { time: times.time(round.finishTime) })}
          </span>
        </div>
      ) : null}
      {status === ROUND_STATUS.drawing ? (
        <p className="lucky-refund__note" data-testid={`${testId}-waiting`}>
          {round.delayReason
            ? t('lucky_refund.waiting', { round: round.beaconRound })
            : t('lucky_refund.drawAt', { round: round.beaconRound, time: times.time(round.drawTime) })}
        </p>
      ) : null}
      {status === ROUND_STATUS.finished ? (
        <>
          {round.sold === 0 ? (
            <p className="lucky-refund__note">{t('lucky_refund.noWinners')}</p>
          ) : (
            <>
              <p className="lucky-refund__note">
                {t('lucky_refund.prizeEach', { prize: amount(round.prize), refund: amount(round.refund) })}
              </p>
              <h3 className="lucky-refund__subtitle">{t('lucky_refund.winners')}</h3>
              <WinnersList winners={round.results} mine={round.codes} t={t} />
            </>
          )}
        </>
      ) : null}
      <p className="lucky-refund__note">
        {t('lucky_refund.sold', { count: round.sold, members: round.members })}
        {' · '}
        {t('lucky_refund.price', { amount: amount(round.price) })}
      </p>
      {status === ROUND_STATUS.drawing || status === ROUND_STATUS.finished ? (
        <VerifyLink drawId={round.id} t={t} />
      ) : (
        <p className="lucky-refund__note">
          {t('lucky_refund.terms', { winners: round.winners, percent: round.refundPercent })}
        </p>
      )}
      {children}
    </section>
  );
}
