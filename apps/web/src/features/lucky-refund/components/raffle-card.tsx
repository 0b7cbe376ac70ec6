import type { Raffle } from '@app/contracts/lucky-refund';
import { ROUND_STATUS } from '@app/contracts/lucky-refund-rules';
import type { Translate } from '../../../lib/i18n.ts';
import { useAmountText, useMarketTime } from './amounts.ts';
import { VerifyLink } from './verify-link.tsx';
import { WinnersList } from './winners-list.tsx';

/** The Saturday raffle: the week's codes entered, when it is drawn, its winners and their shares once paid. */
export function RaffleCard({ raffle, t }: { raffle: Raffle; t: Translate }) {
  const amount = useAmountText(t);
  const times = useMarketTime();
  const drawn = raffle.status === ROUND_STATUS.finished;
  return (
    <section
      className="lucky-refund__card lucky-refund__raffle"
      aria-label={t('lucky_refund.raffle')}
      data-testid="lucky-refund-raffle"
    >
      <header className="lucky-refund__card-head">
        <h2>{t('lucky_refund.raffle')}</h2>
        <span className="lucky-refund__status">{times.moment(raffle.finishTime)}</span>
      </header>
      <p className="lucky-refund__note">{t('lucky_refund.raffleEntries', { count: raffle.entries })}</p>
      {drawn ? (
        raffle.winners.length > 0 ? (
          <>
            <p data-testid="lucky-refund-raffle-shared">
              {t('lucky_refund.raffleShared', { amount: amount(raffle.jackpot) })}
            </p>
            <WinnersList winners={raffle.winners} t={t} />
          </>
        ) : (
          <p>{t('lucky_refund.raffleNone')}</p>
        )
      ) : (
        <p className="lucky-refund__note">
          {t('lucky_refund.raffleCloses', { time: times.moment(raffle.finishTime) })} ·{' '}
          {amount(raffle.jackpot)}
        </p>
      )}
      {raffle.status === ROUND_STATUS.drawing || drawn ? <VerifyLink drawId={raffle.id} t={t} /> : null}
    </section>
  );
}
