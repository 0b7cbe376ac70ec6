import { ERRORS } from '@app/contracts/errors';
import {
  LOTTERY_MAX_PER_PURCHASE,
  type LotteryBuyResult,
  type LotteryDraw,
  type LotteryDraws,
  type LotteryNumbers,
  type LotteryPay,
} from '@app/contracts/lottery';
import { PAGE_PATHS } from '@app/contracts/page-paths';
import { COMBINATIONS, quickPick } from '@app/fair/lottery';
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
import { useDisplayLocale } from '../../../lib/use-date-format.ts';
import { useMoneyFormat } from '../../../lib/use-money-format.ts';
import { buyLotteryTickets } from '../api/buy-lottery-tickets.ts';
import { lotteryDrawsQuery } from '../api/get-lottery-draws.ts';
import { BallRow, numbersOfEntry, spokenNumbers } from '../components/balls.tsx';
import { useMarketTime, useWeekdays } from '../components/market-time.ts';
import { EMPTY_SELECTION, isComplete, NumberPicker, type Selection } from '../components/number-picker.tsx';
import { LOTTERY_TEXTS } from '../texts.ts';
import '../components/lottery.css';

type Money = ReturnType<typeof useMoneyFormat>;
const amountOf = (money: Money, minorUnits: number) => `${money.currency} ${money.format(minorUnits)}`;

/**
 * `/lottery` (docs/promotions.md "The 6+1 lottery and the cash draw"): the next main and daily draws (time,
 * close, public randomness round, estimated jackpot), the number picker with quick pick, extra quick-picked
 * tickets, payment with cash or free tickets, the rules and the latest results. Visitors see it all; buying
 * asks them to log in. Where the market's law turns the lottery off (Brazil) the page says so.
 */
export function LotteryPage() {
  const { t, ready } = useFeatureTranslation(LOTTERY_TEXTS);
  const query = useQuery(lotteryDrawsQuery());
  const { requireLogin, loginDialog } = useLoginGate();

  if (!ready) return <QueryStatus status="pending" error={undefined} onRetry={() => undefined} />;
  const unavailable = isApiError(query.error) && query.error.code === ERRORS.ACTIVITY_INVALID.code;
  return (
    <div className="lottery" data-testid="lottery-page">
      <NavBar title={t('lottery.title')} />
      <div className="lottery__body">
        <nav className="lottery__links">
          <Link
            to={PAGE_PATHS.lotteryTickets}
            className="button button--ghost button--small"
            data-testid="lottery-my-tickets"
          >
            {t('lottery.nav.myTickets')}
          </Link>
          <Link to={PAGE_PATHS.cashDraw} className="button button--ghost button--small">
            {t('lottery.nav.cashDraw')}
          </Link>
        </nav>
        {unavailable ? (
          <p className="page-status" data-testid="lottery-unavailable">
            {t('lottery.notAvailable')}
          </p>
        ) : !query.data ? (
          <QueryStatus status={query.status} error={query.error} onRetry={() => void query.refetch()} />
        ) : (
          <Sales data={query.data} t={t} requireLogin={requireLogin} onBought={() => void query.refetch()} />
        )}
      </div>
      {loginDialog}
    </div>
  );
}

function Sales({
  data,
  t,
  requireLogin,
  onBought,
}: {
  data: LotteryDraws;
  t: Translate;
  requireLogin: (action: () => void) => void;
  onBought: () => void;
}) {
  const money = useMoneyFormat();
  const { profile } = useSession();
  const [chosenId, setChosenId] = useState<number | null>(null);
  const [selection, setSelection] = useState<Selection>(EMPTY_SELECTION);
  const [lines, setLines] = useState<LotteryNumbers[]>([]);
  const [quick, setQuick] = useState(0);
  const [pay, setPay] = useState<LotteryPay>('cash');
  const [busy, setBusy] = useState(false);
  const [bought, setBought] = useState<LotteryBuyResult | null>(null);

  const onSale = data.upcoming.filter((draw) => draw.onSale);
  const draw = onSale.find((each) => each.id === chosenId) ?? onSale[0];
  const pending = isComplete(selection) ? [{ red: selection.red, blue: selection.blue }] : [];
  const picks = [...lines, ...pending];
  const count = picks.length + quick;
  const price = draw?.price ?? data.rules.price;
  const freeTickets = profile?.tickets ?? 0;

  const addLine = () => {
    if (!isComplete(selection)) {
      showToast(t('lottery.buy.incomplete'));
      return;
    }
    if (count >= LOTTERY_MAX_PER_PURCHASE) {
      showToast(t('lottery.buy.max', { count: LOTTERY_MAX_PER_PURCHASE }));
      return;
    }
    setLines([...lines, { red: selection.red, blue: selection.blue }]);
    setSelection(EMPTY_SELECTION);
  };

  const buy = async () => {
    if (!draw || busy) return;
    if (count === 0) {
      showToast(t('lottery.buy.empty'));
      return;
    }
    if (count > LOTTERY_MAX_PER_PURCHASE) {
      showToast(t('lottery.buy.max', { count: LOTTERY_MAX_PER_PURCHASE }));
      return;
    }
    setBusy(true);
    try {
      const result = await buyLotteryTickets({ drawId: draw.id, picks, quick, pay });
      const current = getProfile();
      if (current) {
        setProfile({
          ...current,
          money: result.money,
          withdrawMoney: result.withdrawMoney,
          tickets: result.freeTickets,
        });
      }
      setBought(result);
      setLines([]);
      setSelection(EMPTY_SELECTION);
      setQuick(0);
      showToast(t('lottery.buy.done', { count: result.tickets.length }), { kind: 'success' });
      onBought();
    } catch (error) {
      toastError(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <section className="lottery__card" aria-label={t('lottery.draws')}>
        <h2>{t('lottery.draws')}</h2>
        {data.upcoming.length === 0 ? <p className="lottery__note">{t('lottery.noDraw')}</p> : null}
        <div className="lottery__draws" role="radiogroup" aria-label={t('lottery.draws')}>
          {data.upcoming.map((each) => (
            <DrawCard
              key={each.id}
              draw={each}
              selected={each.id === draw?.id}
              onSelect={() => setChosenId(each.id)}
              t={t}
              money={money}
            />
          ))}
        </div>
      </section>

      {draw ? (
        <section className="lottery__card" aria-label={t('lottery.pick.title')}>
          <h2>{t('lottery.pick.title')}</h2>
          <NumberPicker selection={selection} onChange={setSelection} t={t} />
          <div className="lottery__actions">
            <button
              type="button"
              className="button button--ghost button--small"
              data-testid="lottery-quick-pick"
              onClick={() => setSelection(quickPick())}
            >
              {t('lottery.pick.quick')}
            </button>
            <button
              type="button"
              className="button button--ghost button--small"
              onClick={() => setSelection(EMPTY_SELECTION)}
            >
              {t('lottery.pick.clear')}
            </button>
            <button
              type="button"
              className="button button--ghost button--small"
              data-testid="lottery-add-line"
              disabled={!isComplete(selection)}
              onClick={addLine}
            >
              {t('lottery.pick.add')}
            </button>
          </div>
          {lines.length > 0 ? (
            <ul className="lottery__lines" data-testid="lottery-lines" aria-label={t('lottery.pick.lines')}>
              {lines.map((line, index) => (
                <li key={index}>
                  <BallRow numbers={line} label={spokenNumbers(line, t('lottery.blue'))} />
                  <button
                    type="button"
                    className="button button--ghost button--small"
                    onClick={() => setLines(lines.filter((_, at) => at !== index))}
                  >
                    {t('lottery.pick.remove')}
                  </button>
                </li>
              ))}
            </ul>
          ) : null}
          <div className="lottery__quick">
            <span id="lottery-quick-label">{t('lottery.pick.quickCount')}</span>
            <div className="stepper" role="group" aria-labelledby="lottery-quick-label">
              <button
                type="button"
                className="stepper__button"
                aria-label={t('lottery.less')}
                disabled={quick === 0}
                onClick={() => setQuick(quick - 1)}
              >
                −
              </button>
              <output className="stepper__value" data-testid="lottery-quick-count">
                {quick}
              </output>
              <button
                type="button"
                className="stepper__button"
                aria-label={t('lottery.more')}
                disabled={count >= LOTTERY_MAX_PER_PURCHASE}
                onClick={() => setQuick(quick + 1)}
              >
                +
              </button>
            </div>
          </div>
          <p className="lottery__note">{t('lottery.pick.quickHint')}</p>

          <fieldset className="lottery__pay">
            <legend>{t('lottery.pay.title')}</legend>
            <label>
              <input type="radio" name="pay" checked={pay === 'cash'} onChange={() => setPay('cash')} />
              <span>{t('lottery.pay.cash', { amount: amountOf(money, profile?.withdrawMoney ?? 0) })}</span>
            </label>
            <label>
              <input
                type="radio"
                name="pay"
                checked={pay === 'ticket'}
                onChange={() => setPay('ticket')}
                data-testid="lottery-pay-ticket"
              />
              <span>{t('lottery.pay.ticket', { count: freeTickets })}</span>
            </label>
          </fieldset>
          <p className="lottery__total" data-testid="lottery-total">
            {pay === 'cash'
              ? t('lottery.buy.total', { count, amount: amountOf(money, count * price) })
              : t('lottery.buy.totalTickets', { count })}
          </p>
          <button
            type="button"
            className="button button--primary button--block"
            data-testid="lottery-buy"
            disabled={busy || count === 0}
            onClick={() => requireLogin(() => void buy())}
          >
            {t('lottery.buy.action')}
          </button>
          {bought ? <Bought result={bought} t={t} /> : null}
        </section>
      ) : null}

      <Rules data={data} t={t} money={money} />
      <Recent draws={data.recent} t={t} />
    </>
  );
}

function DrawCard({
  draw,
  selected,
  onSelect,
  t,
  money,
}: {
  draw: LotteryDraw;
  selected: boolean;
  onSelect: () => void;
  t: Translate;
  money: Money;
}) {
  const time = useMarketTime();
  return (
    <button
      type="button"
      role="radio"
      aria-checked={selected}
      disabled={!draw.onSale}
      className={`draw-card${selected ? ' draw-card--on' : ''}`}
      onClick={onSelect}
      data-testid={`lottery-draw-${draw.kind}`}
      data-draw-id={draw.id}
    >
      <strong>{t(`lottery.kind.${draw.kind}`)}</strong>
      <span className="draw-card__jackpot">
        {t('lottery.jackpot')} <b>{amountOf(money, draw.jackpot)}</b>
      </span>
      <span>{t('lottery.drawAt', { time: time(draw.drawAt) })}</span>
      <span>
        {draw.onSale
          ? t('lottery.closesAt', { time: time(draw.salesCloseAt) })
          : t('lottery.opensAt', { time: time(draw.salesOpenAt) })}
      </span>
      <span className="lottery__note">{t('lottery.round', { round: draw.beaconRound })}</span>
      <span className="lottery__note">{t('lottery.sold', { count: draw.ticketCount })}</span>
    </button>
  );
}

function Bought({ result, t }: { result: LotteryBuyResult; t: Translate }) {
  return (
    <div className="lottery__bought" data-testid="lottery-bought" role="status">
      <p>{t('lottery.buy.done', { count: result.tickets.length })}</p>
      <ul className="lottery__lines">
        {result.tickets.map((ticket) => {
          const numbers = numbersOfEntry(ticket.entry);
          return (
            <li key={ticket.ticketNo}>
              <span className="lottery__note">
                {t('lottery.tickets.ticketNo', { number: ticket.ticketNo })}
              </span>
              <BallRow numbers={numbers} label={spokenNumbers(numbers, t('lottery.blue'))} />
            </li>
          );
        })}
      </ul>
      <Link to={PAGE_PATHS.lotteryTickets}>{t('lottery.nav.myTickets')}</Link>
    </div>
  );
}

function Rules({ data, t, money }: { data: LotteryDraws; t: Translate; money: Money }) {
  const weekday = useWeekdays();
  const numbers = new Intl.NumberFormat(useDisplayLocale(), { maximumFractionDigits: 0 });
  const { rules } = data;
  const schedule = rules.schedule
    .map((entry) =>
      t('lottery.rules.when', {
        kind: t(`lottery.kind.${entry.kind}`),
        days: entry.days.length === 7 ? t('lottery.rules.everyDay') : entry.days.map(weekday).join(', '),
        time: entry.time,
      }),
    )
    .join('; ');
  return (
    <section className="lottery__card" aria-label={t('lottery.rules.title')} data-testid="lottery-rules">
      <h2>{t('lottery.rules.title')}</h2>
      <p className="lottery__note">{t('lottery.rules.ticket', { price: amountOf(money, rules.price) })}</p>
      <p className="lottery__note" data-testid="lottery-return">
        {t('lottery.rules.return', { percent: rules.returnToPlayers, house: rules.houseShare })}
      </p>
      <p className="lottery__note">
        {t('lottery.rules.split', {
          fixed: rules.fixedReturn,
          first: rules.tiers[0]?.share ?? 0,
          second: rules.tiers[1]?.share ?? 0,
        })}
      </p>
      <table className="lottery__tiers">
        <thead>
          <tr>
            <th scope="col">{t('lottery.tier.head')}</th>
            <th scope="col">{t('lottery.tier.match')}</th>
            <th scope="col">{t('lottery.tier.odds')}</th>
            <th scope="col">{t('lottery.tier.prize')}</th>
          </tr>
        </thead>
        <tbody>
          {rules.tiers.map((tier) => (
            <tr key={tier.tier}>
              <td>{tier.tier}</td>
              <td>
                {tier.matches
                  .map(([red, blue]) => t(blue ? 'lottery.tier.withBlue' : 'lottery.tier.noBlue', { red }))
                  .join(' / ')}
              </td>
              <td>{t('lottery.tier.oneIn', { odds: numbers.format(COMBINATIONS / tier.count) })}</td>
              <td>
                {tier.fixed !== null
                  ? amountOf(money, tier.fixed)
                  : t('lottery.tier.share', { percent: tier.share ?? 0 })}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="lottery__note">
        {t('lottery.rules.jackpot', { seed: amountOf(money, rules.jackpotSeed) })}
      </p>
      <p className="lottery__note">
        {t('lottery.rules.schedule', { schedule, zone: rules.timeZone, minutes: rules.closeMinutesBefore })}
      </p>
      <p className="lottery__note">{t('lottery.rules.limit', { count: rules.maxTicketsPerDraw })}</p>
      <p className="lottery__note">{t('lottery.rules.scaled')}</p>
      <p className="lottery__note">{t('lottery.rules.verify')}</p>
      <p className="lottery__note">{t('lottery.rules.paid')}</p>
    </section>
  );
}

function Recent({ draws, t }: { draws: LotteryDraw[]; t: Translate }) {
  const time = useMarketTime();
  return (
    <section className="lottery__card" aria-label={t('lottery.recent')} data-testid="lottery-recent">
      <h2>{t('lottery.recent')}</h2>
      {draws.length === 0 ? <p className="lottery__note">{t('lottery.noRecent')}</p> : null}
      <ul className="lottery__results">
        {draws.map((draw) => (
          <li key={draw.id}>
            <Link to={PAGE_PATHS.lotteryResults(draw.id)} data-testid={`lottery-result-${draw.id}`}>
              <span>
                {t(`lottery.kind.${draw.kind}`)} · {time(draw.drawAt)}
              </span>
              {draw.numbers ? (
                <BallRow numbers={draw.numbers} label={spokenNumbers(draw.numbers, t('lottery.blue'))} />
              ) : (
                <span className="lottery__note">
                  {draw.delayReason ? t('lottery.waiting') : t('lottery.closed')}
                </span>
              )}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
