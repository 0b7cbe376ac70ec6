import { isOnSale, ROUND_STATUS } from '@app/contracts/lucky-refund-rules';
import { PAGE_PATHS } from '@app/contracts/page-paths';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { NavBar } from '../../../components/ui/nav-bar.tsx';
import { QueryStatus } from '../../../components/ui/query-status.tsx';
import { useFeatureTranslation, type Translate } from '../../../lib/i18n.ts';
import { BuyPanel } from '../components/buy-panel.tsx';
import { CodesPopup } from '../components/codes-popup.tsx';
import { JackpotTicker } from '../components/jackpot-ticker.tsx';
import { MyCodes } from '../components/my-codes.tsx';
import { PreviousResultsPopup } from '../components/previous-results-popup.tsx';
import { RaffleCard } from '../components/raffle-card.tsx';
import { RoundCard } from '../components/round-card.tsx';
import { Rules } from '../components/rules.tsx';
import { useLuckyRefundIndex, type IndexState } from '../components/use-index.ts';
import { LUCKY_REFUND_TEXTS } from '../texts.ts';
import '../components/lucky-refund.css';

type Parts = { state: IndexState; t: Translate };

/** The page's frame and what both themes share: loading, the programme off, the popups. */
function IndexFrame({ variant, children }: { variant: string; children: (parts: Parts) => ReactNode }) {
  const { t, ready } = useFeatureTranslation(LUCKY_REFUND_TEXTS);
  const state = useLuckyRefundIndex();
  if (!ready) return <QueryStatus status="pending" error={undefined} onRetry={() => undefined} />;
  const { active, round, clock } = state;
  return (
    <div className={`lucky-refund lucky-refund--${variant}`} data-testid="lucky-refund-page">
      <NavBar
        title={t('lucky_refund.title')}
        end={
          <Link to={PAGE_PATHS.luckyRefundResults} className="lucky-refund__nav-link">
            {t('lucky_refund.resultsLink')}
          </Link>
        }
      />
      <div className="lucky-refund__body">
        {!active ? (
          <QueryStatus status={state.activeStatus} error={state.activeError} onRetry={state.retry} />
        ) : !active.enable ? (
          <p className="page-status" data-testid="lucky-refund-off">
            {t('lucky_refund.off')}
          </p>
        ) : (
          children({ state, t })
        )}
      </div>
      {round ? (
        <>
          <CodesPopup advert={state.codesAdvert} roundId={round.id} t={t} onClose={state.closeCodes} />
          <PreviousResultsPopup
            round={{ id: round.id, status: clock.status, remainingMillis: clock.remainingMillis }}
            previousId={active?.previousId ?? null}
            t={t}
          />
        </>
      ) : null}
    </div>
  );
}

function CurrentRound({ state, t }: Parts) {
  const { round, clock, myCodes } = state;
  if (!round) return <p className="page-status">{t('lucky_refund.noRound')}</p>;
  return (
    <RoundCard
      round={round}
      status={clock.status}
      remainingMillis={clock.remainingMillis}
      t={t}
      testId="lucky-refund-round"
    >
      {myCodes.length > 0 ? (
        <button
          type="button"
          className="button button--ghost"
          onClick={state.showMyCodes}
          data-testid="lucky-refund-my-codes"
        >
          {t('lucky_refund.myCodes', { count: myCodes.length })}
        </button>
      ) : null}
    </RoundCard>
  );
}

function PreviousRound({ state, t }: Parts) {
  const { previous, previousCodes } = state;
  if (!previous) return null;
  return (
    <RoundCard
      round={previous}
      status={previous.status}
      remainingMillis={0}
      t={t}
      testId="lucky-refund-previous-round"
    >
      <MyCodes
        codes={previousCodes}
        t={t}
        testId="lucky-refund-previous-codes"
        drawId={previous.status === ROUND_STATUS.finished ? previous.id : undefined}
      />
    </RoundCard>
  );
}

function Jackpot({ state, t }: Parts) {
  const { active, round, clock } = state;
  if (!active) return null;
  // Asked again every 2 s only while the open round's page is shown (spec §4).
  const polling = round !== null && isOnSale(clock.status);
  return <JackpotTicker initial={active.jackpot} polling={polling} jackpotHour={active.jackpotHour} t={t} />;
}

function Buy({ state, t }: Parts) {
  const { round, clock } = state;
  if (!round || !isOnSale(clock.status)) return null;
  return <BuyPanel round={round} t={t} onBought={state.afterPurchase} />;
}

/** WinSlots: the jackpot on top, the round and its purchase, then the round before, the raffle, the rules. */
export function IndexWinslots() {
  return (
    <IndexFrame variant="winslots">
      {(parts) => (
        <>
          <Jackpot {...parts} />
          <CurrentRound {...parts} />
          <Buy {...parts} />
          <PreviousRound {...parts} />
          {parts.state.active?.raffle ? <RaffleCard raffle={parts.state.active.raffle} t={parts.t} /> : null}
          <Rules text={parts.state.active?.rules ?? ''} t={parts.t} />
        </>
      )}
    </IndexFrame>
  );
}

/** LuckyWin: a hero with the round's countdown and the jackpot, then Buy / My codes tabs, then the rest. */
export function IndexLuckywin() {
  const [tab, setTab] = useState<'buy' | 'codes'>('buy');
  return (
    <IndexFrame variant="luckywin">
      {(parts) => (
        <>
          <div className="lucky-refund__hero">
            <CurrentRound {...parts} />
            <Jackpot {...parts} />
          </div>
          <div className="lucky-refund__tabs" role="tablist">
            {(['buy', 'codes'] as const).map((each) => (
              <button
                key={each}
                type="button"
                role="tab"
                aria-selected={tab === each}
                className={`lucky-refund__tab${tab === each ? ' lucky-refund__tab--active' : ''}`}
                onClick={() => setTab(each)}
              >
                {each === 'codes'
                  ? `${parts.t('lucky_refund.tabs.codes')} (${parts.state.myCodes.length})`
                  : parts.t('lucky_refund.tabs.buy')}
              </button>
            ))}
          </div>
          {tab === 'buy' ? (
            <Buy {...parts} />
          ) : parts.state.myCodes.length > 0 ? (
            <section className="lucky-refund__card">
              <MyCodes codes={parts.state.myCodes} t={parts.t} testId="lucky-refund-codes-list" />
            </section>
          ) : (
            <p className="page-status">{parts.t('lucky_refund.noResults')}</p>
          )}
          <PreviousRound {...parts} />
          {parts.state.active?.raffle ? <RaffleCard raffle={parts.state.active.raffle} t={parts.t} /> : null}
          <Rules text={parts.state.active?.rules ?? ''} t={parts.t} />
        </>
      )}
    </IndexFrame>
  );
}
