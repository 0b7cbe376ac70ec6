import { ERRORS } from '@app/contracts/errors';
import {
  CashDrawSeedSchema,
  type CashDrawCurrent,
  type CashDrawDraw,
  type CashDrawEnterResult,
  type LotteryPay,
} from '@app/contracts/lottery';
import { PAGE_PATHS } from '@app/contracts/page-paths';
import { drawVerifyPath } from '@app/contracts/paths';
import { useState } from 'react';
import { Link } from 'react-router';
import { NavBar } from '../../../components/ui/nav-bar.tsx';
import { QueryStatus } from '../../../components/ui/query-status.tsx';
import { useFeatureTranslation, type Translate } from '../../../lib/i18n.ts';
import { useQuery } from '../../../lib/query.ts';
import { isApiError } from '../../../lib/request.ts';
import { getProfile, setProfile, useSession } from '../../../lib/session.ts';
import { showToast, toastError } from '../../../lib/toast.ts';
import { useLoginGate } from '../../../lib/use-login-gate.tsx';
import { useMoneyFormat } from '../../../lib/use-money-format.ts';
import { enterCashDraw } from '../api/enter-cash-draw.ts';
import { cashDrawQuery } from '../api/get-cash-draw.ts';
import { myCashDrawEntriesQuery } from '../api/get-my-cash-draw-entries.ts';
import { useMarketTime } from '../components/market-time.ts';
import { LOTTERY_TEXTS } from '../texts.ts';
import '../components/lottery.css';

type Money = ReturnType<typeof useMoneyFormat>;

/**
 * `/cash-draw` (docs/promotions.md "The 6+1 lottery and the cash draw"): the draw on sale with its time,
 * close, randomness round and pool, an entry with the player's own seed (spec §5: 5 to 10 letters and
 * digits, checked here with the server's schema), the member's entries and the latest results.
 */
export function CashDrawPage() {
  const { t, ready } = useFeatureTranslation(LOTTERY_TEXTS);
  const query = useQuery(cashDrawQuery());
  const { isLoggedIn, requireLogin, loginDialog } = useLoginGate();
  if (!ready) return <QueryStatus status="pending" error={undefined} onRetry={() => undefined} />;
  const unavailable = isApiError(query.error) && query.error.code === ERRORS.ACTIVITY_INVALID.code;
  return (
    <div className="lottery" data-testid="cash-draw-page">
      <NavBar title={t('cash_draw.title')} />
      <div className="lottery__body">
        <nav className="lottery__links">
          <Link to={PAGE_PATHS.lottery} className="button button--ghost button--small">
            {t('lottery.title')}
          </Link>
        </nav>
        {unavailable ? (
          <p className="page-status" data-testid="cash-draw-unavailable">
            {t('cash_draw.notAvailable')}
          </p>
        ) : !query.data ? (
          <QueryStatus status={query.status} error={query.error} onRetry={() => void query.refetch()} />
        ) : (
          <>
            <Entry
              data={query.data}
              t={t}
              requireLogin={requireLogin}
              onEntered={() => void query.refetch()}
            />
            {isLoggedIn ? <MyEntries t={t} /> : null}
            <Recent data={query.data} t={t} />
          </>
        )}
      </div>
      {loginDialog}
    </div>
  );
}

function Entry({
  data,
  t,
  requireLogin,
  onEntered,
}: {
  data: CashDrawCurrent;
  t: Translate;
  requireLogin: (action: () => void) => void;
  onEntered: () => void;
}) {
  const money = useMoneyFormat();
  const time = useMarketTime();
  const { profile } = useSession();
  const [seed, setSeed] = useState('');
  const [pay, setPay] = useState<LotteryPay>('cash');
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [entered, setEntered] = useState<CashDrawEnterResult | null>(null);
  const draw = data.current;
  const seedValid = seed === '' || CashDrawSeedSchema.safeParse(seed).success;

  const enter = async () => {
    if (!draw || busy) return;
    if (!seedValid) {
      setTouched(true);
      return;
    }
    setBusy(true);
    try {
      const result = await enterCashDraw({ drawId: draw.id, pay, ...(seed ? { seed } : {}) });
      const current = getProfile();
      if (current) {
        setProfile({
          ...current,
          money: result.money,
          withdrawMoney: result.withdrawMoney,
          tickets: result.freeTickets,
        });
      }
      setEntered(result);
      setSeed('');
      setTouched(false);
      showToast(t('cash_draw.entered', { code: result.code }), { kind: 'success' });
      onEntered();
    } catch (error) {
      toastError(error);
    } finally {
      setBusy(false);
    }
  };

  if (!draw) {
    return (
      <section className="lottery__card">
        <p className="lottery__note">{t('cash_draw.noDraw')}</p>
      </section>
    );
  }
  return (
    <section className="lottery__card" aria-label={t('cash_draw.current')} data-testid="cash-draw-current">
      <h2>{t('cash_draw.current')}</h2>
      <p className="draw-card__jackpot">
        {t('cash_draw.pool')} <b data-testid="cash-draw-pool">{amountOf(money, draw.pool)}</b>
      </p>
      <p className="lottery__note">
        {t('cash_draw.prizes', { shares: draw.shares.map((share) => `${share} %`).join(' · ') })}
      </p>
      <p>{t('lottery.drawAt', { time: time(draw.drawAt) })}</p>
      <p>
        {draw.onSale
          ? t('lottery.closesAt', { time: time(draw.salesCloseAt) })
          : t('lottery.opensAt', { time: time(draw.salesOpenAt) })}
      </p>
      <p className="lottery__note">{t('lottery.round', { round: draw.beaconRound })}</p>
      <p className="lottery__note">{t('cash_draw.entries', { count: draw.ticketCount })}</p>
      <label className="lottery__seed">
        <span>{t('cash_draw.seed')}</span>
        <input
          type="text"
          value={seed}
          maxLength={10}
          autoComplete="off"
          autoCapitalize="off"
          spellCheck={false}
          inputMode="text"
          aria-invalid={touched && !seedValid}
          aria-describedby="cash-draw-seed-hint"
          data-testid="cash-draw-seed"
          onInput={(event) => setSeed((event.target as HTMLInputElement).value)}
          onBlur={() => setTouched(true)}
        />
      </label>
      {touched && !seedValid ? (
        <p className="lottery__error" role="alert" data-testid="cash-draw-seed-error">
          {t('cash_draw.seedInvalid')}
        </p>
      ) : null}
      <p className="lottery__note" id="cash-draw-seed-hint">
        {t('cash_draw.seedHint')}
      </p>
      <fieldset className="lottery__pay">
        <legend>{t('lottery.pay.title')}</legend>
        <label>
          <input type="radio" name="cash-draw-pay" checked={pay === 'cash'} onChange={() => setPay('cash')} />
          <span>{t('lottery.pay.cash', { amount: amountOf(money, profile?.withdrawMoney ?? 0) })}</span>
        </label>
        <label>
          <input
            type="radio"
            name="cash-draw-pay"
            checked={pay === 'ticket'}
            onChange={() => setPay('ticket')}
          />
          <span>{t('lottery.pay.ticket', { count: profile?.tickets ?? 0 })}</span>
        </label>
      </fieldset>
      <button
        type="button"
        className="button button--primary button--block"
        data-testid="cash-draw-enter"
        disabled={busy || !draw.onSale}
        onClick={() => requireLogin(() => void enter())}
      >
        {pay === 'cash'
          ? t('cash_draw.enter', { amount: amountOf(money, draw.price) })
          : t('cash_draw.enterTicket')}
      </button>
      {entered ? (
        <p className="lottery__bought" role="status" data-testid="cash-draw-entered">
          {t('cash_draw.line', { line: `${entered.ticketNo}|${entered.entry}` })}
        </p>
      ) : null}
      <p className="lottery__note">
        {t('cash_draw.rules', { percent: 100 - data.houseShare, max: data.maxEntriesPerDraw })}
      </p>
      <p className="lottery__note">{t('lottery.rules.verify')}</p>
    </section>
  );
}

const amountOf = (money: Money, minorUnits: number) => `${money.currency} ${money.format(minorUnits)}`;

function MyEntries({ t }: { t: Translate }) {
  const query = useQuery(myCashDrawEntriesQuery());
  const time = useMarketTime();
  const money = useMoneyFormat();
  const list = query.data?.list ?? [];
  return (
    <section
      className="lottery__card"
      aria-label={t('cash_draw.myEntries')}
      data-testid="cash-draw-my-entries"
    >
      <h2>{t('cash_draw.myEntries')}</h2>
      {query.data && list.length === 0 ? <p className="lottery__note">{t('cash_draw.noEntries')}</p> : null}
      <ul className="lottery__tickets">
        {list.map((entry) => (
          <li key={`${entry.drawId}:${entry.ticketNo}`} className="lottery__ticket">
            <div className="lottery__ticket-head">
              <span>{time(entry.drawAt)}</span>
              <span className="lottery__note">
                {t('lottery.tickets.ticketNo', { number: entry.ticketNo })}
              </span>
            </div>
            <code className="lottery__code">{entry.entry}</code>
            <div className="lottery__ticket-foot">
              <strong>
                {entry.status !== 'settled'
                  ? t('lottery.tickets.pending')
                  : entry.rank !== null
                    ? t('cash_draw.won', { rank: entry.rank, amount: amountOf(money, entry.prize ?? 0) })
                    : t('lottery.tickets.lost')}
              </strong>
              <span className="lottery__ticket-links">
                <Link to={PAGE_PATHS.cashDrawResults(entry.drawId)}>{t('lottery.tickets.results')}</Link>
                {entry.status !== 'scheduled' && entry.status !== 'open' ? (
                  <a href={drawVerifyPath(entry.drawId, entry.ticketNo)}>{t('lottery.tickets.verify')}</a>
                ) : null}
              </span>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

function Recent({ data, t }: { data: CashDrawCurrent; t: Translate }) {
  const time = useMarketTime();
  return (
    <section className="lottery__card" aria-label={t('lottery.recent')}>
      <h2>{t('lottery.recent')}</h2>
      {data.recent.length === 0 ? <p className="lottery__note">{t('lottery.noRecent')}</p> : null}
      <ul className="lottery__results">
        {data.recent.map((draw: CashDrawDraw) => (
          <li key={draw.id}>
            <Link to={PAGE_PATHS.cashDrawResults(draw.id)}>
              <span>{time(draw.drawAt)}</span>
              <span className="lottery__note">
                {draw.winners
                  ? t('cash_draw.winningTickets', { tickets: draw.winners.join(', ') || '—' })
                  : draw.delayReason
                    ? t('lottery.waiting')
                    : t('lottery.closed')}
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
