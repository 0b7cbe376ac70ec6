import type { CashDrawResult } from '@app/contracts/lottery';
import { drawVerifyPath } from '@app/contracts/paths';
import { useParams } from 'react-router';
import { NavBar } from '../../../components/ui/nav-bar.tsx';
import { QueryStatus } from '../../../components/ui/query-status.tsx';
import { useFeatureTranslation, type Translate } from '../../../lib/i18n.ts';
import { useQuery } from '../../../lib/query.ts';
import { useMoneyFormat } from '../../../lib/use-money-format.ts';
import { cashDrawResultQuery } from '../api/get-cash-draw-result.ts';
import { DrawMoney } from '../components/draw-money.tsx';
import { useMarketTime } from '../components/market-time.ts';
import { LOTTERY_TEXTS } from '../texts.ts';
import '../components/lottery.css';

/**
 * `/cash-draw/results/:drawId`: the winning lines in rank order (with the seeds they were committed with),
 * the masked winners and their prizes, where the money went, and the draw's verification.
 */
export function CashDrawResultsPage() {
  const { t, ready } = useFeatureTranslation(LOTTERY_TEXTS);
  const drawId = Number(useParams().drawId);
  const valid = Number.isSafeInteger(drawId) && drawId > 0;
  const query = useQuery({ ...cashDrawResultQuery(valid ? drawId : 0), enabled: valid });
  if (!ready) return <QueryStatus status="pending" error={undefined} onRetry={() => undefined} />;
  return (
    <div className="lottery" data-testid="cash-draw-results-page">
      <NavBar title={t('cash_draw.resultsTitle')} />
      <div className="lottery__body">
        {!valid ? (
          <p className="page-status">{t('lottery.results.unknown')}</p>
        ) : !query.data ? (
          <QueryStatus status={query.status} error={query.error} onRetry={() => void query.refetch()} />
        ) : (
          <Result result={query.data} t={t} />
        )}
      </div>
    </div>
  );
}

function Result({ result, t }: { result: CashDrawResult; t: Translate }) {
  const time = useMarketTime();
  const money = useMoneyFormat();
  const amount = (minorUnits: number) => `${money.currency} ${money.format(minorUnits)}`;
  const { draw } = result;
  return (
    <>
      <section className="lottery__card">
        <h2>{time(draw.drawAt)}</h2>
        <p className="lottery__note">{t('lottery.round', { round: draw.beaconRound })}</p>
        <p className="lottery__note">{t('cash_draw.entries', { count: draw.ticketCount })}</p>
        {result.winners ? (
          <ol className="lottery__winners" data-testid="cash-draw-winners">
            {result.winners.map((winner) => (
              <li key={winner.rank}>
                <span>{t('cash_draw.rank', { rank: winner.rank })}</span>
                <code className="lottery__code">{`${winner.ticketNo}|${winner.entry}`}</code>
                <span>{winner.mobile}</span>
                <strong>{amount(winner.prize)}</strong>
              </li>
            ))}
          </ol>
        ) : (
          <p className="lottery__note">
            {draw.delayReason ? t('lottery.waiting') : t('lottery.results.notSettled')}
          </p>
        )}
        <a className="button button--ghost button--small" href={drawVerifyPath(draw.id)}>
          {t('lottery.results.verify')}
        </a>
      </section>
      {result.money ? <DrawMoney money={result.money} t={t} amount={amount} /> : null}
    </>
  );
}
