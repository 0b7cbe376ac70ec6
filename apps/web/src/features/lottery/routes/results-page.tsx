import type { DrawWinners, LotteryResult } from '@app/contracts/lottery';
import { drawVerifyPath } from '@app/contracts/paths';
import { useParams } from 'react-router';
import { NavBar } from '../../../components/ui/nav-bar.tsx';
import { QueryStatus } from '../../../components/ui/query-status.tsx';
import { useFeatureTranslation, type Translate } from '../../../lib/i18n.ts';
import { useQuery } from '../../../lib/query.ts';
import { useMoneyFormat } from '../../../lib/use-money-format.ts';
import { lotteryResultQuery } from '../api/get-lottery-result.ts';
import { lotteryWinnersQuery } from '../api/get-lottery-winners.ts';
import { BallRow, spokenNumbers } from '../components/balls.tsx';
import { DrawMoney } from '../components/draw-money.tsx';
import { useMarketTime } from '../components/market-time.ts';
import { LOTTERY_TEXTS } from '../texts.ts';
import '../components/lottery.css';

type Money = ReturnType<typeof useMoneyFormat>;

/**
 * `/lottery/results/:drawId`: the draw's times and public randomness round, its numbers once drawn, each
 * tier's winners and prize once settled, where the money went, the winners (masked), and the way to verify
 * the draw in the browser.
 */
export function LotteryResultsPage() {
  const { t, ready } = useFeatureTranslation(LOTTERY_TEXTS);
  const drawId = Number(useParams().drawId);
  const valid = Number.isSafeInteger(drawId) && drawId > 0;
  const result = useQuery({ ...lotteryResultQuery(valid ? drawId : 0), enabled: valid });
  const winners = useQuery({ ...lotteryWinnersQuery(valid ? drawId : 0), enabled: valid });
  const money = useMoneyFormat();
  if (!ready) return <QueryStatus status="pending" error={undefined} onRetry={() => undefined} />;
  return (
    <div className="lottery" data-testid="lottery-results-page">
      <NavBar title={t('lottery.results.title')} />
      <div className="lottery__body">
        {!valid ? (
          <p className="page-status">{t('lottery.results.unknown')}</p>
        ) : !result.data ? (
          <QueryStatus status={result.status} error={result.error} onRetry={() => void result.refetch()} />
        ) : (
          <Result result={result.data} winners={winners.data} t={t} money={money} />
        )}
      </div>
    </div>
  );
}

function Result({
  result,
  winners,
  t,
  money,
}: {
  result: LotteryResult;
  winners: DrawWinners | undefined;
  t: Translate;
  money: Money;
}) {
  const time = useMarketTime();
  const { draw } = result;
  const amount = (minorUnits: number) => `${money.currency} ${money.format(minorUnits)}`;
  return (
    <>
      <section className="lottery__card" aria-label={t(`lottery.kind.${draw.kind}`)}>
        <h2>
          {t(`lottery.kind.${draw.kind}`)} · {time(draw.drawAt)}
        </h2>
        {draw.numbers ? (
          <div data-testid="lottery-numbers">
            <p className="lottery__label">{t('lottery.results.numbers')}</p>
            <BallRow numbers={draw.numbers} label={spokenNumbers(draw.numbers, t('lottery.blue'))} />
          </div>
        ) : (
          <p className="lottery__note" data-testid="lottery-not-drawn">
            {draw.delayReason
              ? t('lottery.waiting')
              : draw.onSale
                ? t('lottery.onSale')
                : t('lottery.closed')}
          </p>
        )}
        <p className="lottery__note">{t('lottery.round', { round: draw.beaconRound })}</p>
        <p className="lottery__note">{t('lottery.sold', { count: draw.ticketCount })}</p>
        <a
          className="button button--ghost button--small"
          href={drawVerifyPath(draw.id)}
          data-testid="lottery-verify"
        >
          {t('lottery.results.verify')}
        </a>
      </section>
      <section className="lottery__card" aria-label={t('lottery.results.tiers')}>
        <h2>{t('lottery.results.tiers')}</h2>
        {result.tiers ? (
          <table className="lottery__tiers" data-testid="lottery-tiers">
            <thead>
              <tr>
                <th scope="col">{t('lottery.tier.head')}</th>
                <th scope="col">{t('lottery.results.winners')}</th>
                <th scope="col">{t('lottery.results.perWinner')}</th>
              </tr>
            </thead>
            <tbody>
              {result.tiers.map((tier) => (
                <tr key={tier.tier}>
                  <td>{tier.tier}</td>
                  <td>{tier.winners}</td>
                  <td>{tier.winners > 0 ? amount(tier.perWinner) : '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : (
          <p className="lottery__note">{t('lottery.results.notSettled')}</p>
        )}
        {result.fixedScaled ? <p className="lottery__note">{t('lottery.rules.scaled')}</p> : null}
      </section>
      {result.money ? <DrawMoney money={result.money} t={t} amount={amount} /> : null}
      {result.tiers ? (
        <section className="lottery__card" aria-label={t('lottery.results.winnersTitle')}>
          <h2>{t('lottery.results.winnersTitle')}</h2>
          {winners && winners.list.length === 0 ? (
            <p className="lottery__note">{t('lottery.results.noWinners')}</p>
          ) : null}
          <ul className="lottery__winners" data-testid="lottery-winners">
            {(winners?.list ?? []).map((winner, index) => (
              <li key={index}>
                <span>{winner.mobile}</span>
                <span className="lottery__note">{t('lottery.results.tier', { tier: winner.tier })}</span>
                <strong>{amount(winner.prize)}</strong>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </>
  );
}
