import type { RoundResults } from '@app/contracts/lucky-refund';
import { PAGE_PATHS } from '@app/contracts/page-paths';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { NavBar } from '../../../components/ui/nav-bar.tsx';
import { QueryStatus } from '../../../components/ui/query-status.tsx';
import { useFeatureTranslation, type Translate } from '../../../lib/i18n.ts';
import { useQuery } from '../../../lib/query.ts';
import { toastError } from '../../../lib/toast.ts';
import { latestResultsQuery } from '../api/get-latest-results.ts';
import { getPreviousResults } from '../api/get-previous-results.ts';
import { roundResultsQuery } from '../api/get-round-results.ts';
import { pastRafflesQuery } from '../api/get-past-raffles.ts';
import { specialResultsQuery } from '../api/get-special-results.ts';
import { MyResults } from '../components/my-results.tsx';
import { RaffleCard } from '../components/raffle-card.tsx';
import { RoundCard } from '../components/round-card.tsx';
import { LUCKY_REFUND_TEXTS } from '../texts.ts';
import '../components/lucky-refund.css';

/**
 * The rounds' results, newest first, one at a time: the last paid round, then older ones on demand (each
 * asked by the one after it, `prev-results`), with their winners and a link to verify each draw.
 */
function RoundResultsBrowser({ t }: { t: Translate }) {
  // Rounds shown after the latest, newest first: the last one is on screen.
  const [older, setOlder] = useState<number[]>([]);
  const [busy, setBusy] = useState(false);
  const latest = useQuery(latestResultsQuery());
  const shownId = older.at(-1);
  const chosen = useQuery({ ...roundResultsQuery(shownId ?? 0), enabled: shownId !== undefined });
  const results: RoundResults | undefined = shownId === undefined ? latest.data : chosen.data;
  const round = results?.refund ?? null;
  const goOlder = async () => {
    if (!round || busy) return;
    setBusy(true);
    try {
      const previous = await getPreviousResults(round.id);
      if (previous.refund) setOlder((was) => [...was, previous.refund!.id]);
    } catch (error) {
      toastError(error);
    } finally {
      setBusy(false);
    }
  };
  if (!latest.data) {
    return <QueryStatus status={latest.status} error={latest.error} onRetry={() => void latest.refetch()} />;
  }
  return (
    <>
      <h2 className="lucky-refund__section-title">{t('lucky_refund.latest')}</h2>
      {round ? (
        <RoundCard
          round={round}
          status={round.status}
          remainingMillis={0}
          t={t}
          testId="lucky-refund-results-round"
        />
      ) : (
        <p className="page-status">{t('lucky_refund.noResults')}</p>
      )}
      <div className="lucky-refund__pager">
        <button
          type="button"
          className="button button--ghost"
          disabled={older.length === 0}
          onClick={() => setOlder((was) => was.slice(0, -1))}
        >
          {t('lucky_refund.newer')}
        </button>
        <button
          type="button"
          className="button button--ghost"
          disabled={!round || busy}
          onClick={() => void goOlder()}
        >
          {t('lucky_refund.older')}
        </button>
      </div>
    </>
  );
}

function Raffles({ t }: { t: Translate }) {
  const current = useQuery(specialResultsQuery());
  const past = useQuery(pastRafflesQuery());
  return (
    <>
      {current.data?.raffle ? <RaffleCard raffle={current.data.raffle} t={t} /> : null}
      {(past.data?.raffles ?? []).length > 0 ? (
        <>
          <h2 className="lucky-refund__section-title">{t('lucky_refund.pastRaffles')}</h2>
          {past.data!.raffles.map((raffle) => (
            <RaffleCard key={raffle.id} raffle={raffle} t={t} />
          ))}
        </>
      ) : null}
    </>
  );
}

function ResultsFrame({ variant, children }: { variant: string; children: (t: Translate) => ReactNode }) {
  const { t, ready } = useFeatureTranslation(LUCKY_REFUND_TEXTS);
  if (!ready) return <QueryStatus status="pending" error={undefined} onRetry={() => undefined} />;
  return (
    <div className={`lucky-refund lucky-refund--${variant}`} data-testid="lucky-refund-results-page">
      <NavBar
        title={t('lucky_refund.resultsLink')}
        end={
          <Link to={PAGE_PATHS.luckyRefund} className="lucky-refund__nav-link">
            {t('lucky_refund.indexLink')}
          </Link>
        }
      />
      <div className="lucky-refund__body">{children(t)}</div>
    </div>
  );
}

/** WinSlots: the rounds' results, the member's results, then the raffles, one under the other. */
export function ResultsWinslots() {
  return (
    <ResultsFrame variant="winslots">
      {(t) => (
        <>
          <RoundResultsBrowser t={t} />
          <MyResults t={t} />
          <Raffles t={t} />
        </>
      )}
    </ResultsFrame>
  );
}

/** LuckyWin: tabs for the rounds, the Saturday raffle and the member's results. */
export function ResultsLuckywin() {
  const [tab, setTab] = useState<'rounds' | 'raffle' | 'mine'>('rounds');
  return (
    <ResultsFrame variant="luckywin">
      {(t) => (
        <>
          <div className="lucky-refund__tabs" role="tablist">
            {(['rounds', 'raffle', 'mine'] as const).map((each) => (
              <button
                key={each}
                type="button"
                role="tab"
                aria-selected={tab === each}
                className={`lucky-refund__tab${tab === each ? ' lucky-refund__tab--active' : ''}`}
                onClick={() => setTab(each)}
              >
                {t(`lucky_refund.tabs.${each}`)}
              </button>
            ))}
          </div>
          {tab === 'rounds' ? (
            <RoundResultsBrowser t={t} />
          ) : tab === 'raffle' ? (
            <Raffles t={t} />
          ) : (
            <MyResults t={t} />
          )}
        </>
      )}
    </ResultsFrame>
  );
}
