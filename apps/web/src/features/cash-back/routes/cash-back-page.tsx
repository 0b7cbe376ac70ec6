import type { CashBackRecord, CashBackSummary } from '@app/contracts/cash-back';
import { ERRORS } from '@app/contracts/errors';
import { useMemo, useState } from 'react';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { NavBar } from '../../../components/ui/nav-bar.tsx';
import { QueryStatus } from '../../../components/ui/query-status.tsx';
import { useFeatureTranslation, useTranslation, type Translate } from '../../../lib/i18n.ts';
import { useQuery } from '../../../lib/query.ts';
import { isApiError } from '../../../lib/request.ts';
import { getProfile, setProfile } from '../../../lib/session.ts';
import { useSettings } from '../../../lib/settings.ts';
import { showToast, toastError } from '../../../lib/toast.ts';
import { useMoneyFormat } from '../../../lib/use-money-format.ts';
import { claimCashBack } from '../api/claim-cash-back.ts';
import { cashBackQuery } from '../api/get-cash-back.ts';
import { cashBackRecordsQuery } from '../api/get-cash-back-records.ts';
import { CASH_BACK_TEXTS } from '../texts.ts';
import '../components/cash-back.css';

type Money = ReturnType<typeof useMoneyFormat>;

/** Dates of the market's calendar (its time zone), in the player's language. */
function useMarketDates() {
  const { country } = useSettings();
  const { language } = useTranslation();
  return useMemo(() => {
    const day = new Intl.DateTimeFormat(language, {
      timeZone: country.timeZone,
      weekday: 'short',
      day: 'numeric',
      month: 'short',
    });
    const moment = new Intl.DateTimeFormat(language, {
      timeZone: country.timeZone,
      weekday: 'short',
      day: 'numeric',
      month: 'short',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    return {
      day: (iso: string) => day.format(new Date(iso)),
      moment: (iso: string) => moment.format(new Date(iso)),
      /** The last minute before an exclusive end (Sunday 23:59 for the next Monday 00:00). */
      lastMinute: (iso: string) => moment.format(new Date(new Date(iso).getTime() - 60_000)),
      lastDay: (iso: string) => day.format(new Date(new Date(iso).getTime() - 1)),
    };
  }, [country.timeZone, language]);
}

/**
 * `/subscriber/cashBack` (members; docs/promotions.md "Weekly cash back"): this week's own-money net loss
 * and the estimated cash back, last week's cash back with its Claim button (disabled outside the claim
 * window, which is shown), the claimed state (a second tap says cash_back.alert_msg), the rules and the
 * history.
 */
export function CashBackPage() {
  const { t, ready } = useFeatureTranslation(CASH_BACK_TEXTS);
  const query = useQuery(cashBackQuery());
  const records = useQuery(cashBackRecordsQuery());
  const money = useMoneyFormat();
  const dates = useMarketDates();
  const [busy, setBusy] = useState(false);
  const [alerting, setAlerting] = useState(false);

  const claim = async (summary: CashBackSummary) => {
    if (busy) return;
    setBusy(true);
    try {
      const result = await claimCashBack(summary.last.week);
      const profile = getProfile();
      if (profile) setProfile({ ...profile, money: result.money, withdrawMoney: result.withdrawMoney });
      showToast(t('cash_back.done', { amount: `${money.currency} ${money.format(result.cashbackAmount)}` }), {
        kind: 'success',
      });
    } catch (error) {
      if (isApiError(error) && error.code === ERRORS.CASH_BACK_CLAIMED.code) setAlerting(true);
      else toastError(error);
    } finally {
      setBusy(false);
      await Promise.all([query.refetch(), records.refetch()]);
    }
  };

  if (!ready) return <QueryStatus status="pending" error={undefined} onRetry={() => undefined} />;
  const data = query.data;
  return (
    <div className="cash-back" data-testid="cash-back-page">
      <NavBar title={t('cash_back.title')} />
      <div className="cash-back__body">
        {!data ? (
          <QueryStatus status={query.status} error={query.error} onRetry={() => void query.refetch()} />
        ) : (
          <>
            {data.enable ? null : <p className="page-status">{t('cash_back.off')}</p>}
            <CurrentWeek summary={data} t={t} money={money} dates={dates} />
            <LastWeek
              summary={data}
              t={t}
              money={money}
              dates={dates}
              busy={busy}
              onClaim={() => void claim(data)}
              onClaimed={() => setAlerting(true)}
            />
            <Rules summary={data} t={t} money={money} />
            <History records={records.data?.list} t={t} money={money} dates={dates} />
          </>
        )}
      </div>
      {alerting ? (
        <Dialog label={t('cash_back.alert_msg')} onClose={() => setAlerting(false)} className="confirm">
          <p className="confirm__message" data-testid="cash-back-alert">
            {t('cash_back.alert_msg')}
          </p>
          <div className="confirm__actions">
            <button type="button" className="button button--primary" onClick={() => setAlerting(false)}>
              {t('cash_back.ok')}
            </button>
          </div>
        </Dialog>
      ) : null}
    </div>
  );
}

type Dates = ReturnType<typeof useMarketDates>;
type SectionProps = { summary: CashBackSummary; t: Translate; money: Money; dates: Dates };

const amountOf = (money: Money, minorUnits: number) => `${money.currency} ${money.format(minorUnits)}`;

function CurrentWeek({ summary, t, money, dates }: SectionProps) {
  const week = summary.current;
  return (
    <section className="cash-back__card" aria-label={t('cash_back.thisWeek')} data-testid="cash-back-current">
      <header className="cash-back__head">
        <h2>{t('cash_back.thisWeek')}</h2>
        <span className="cash-back__dates">
          {t('cash_back.dates', { from: dates.day(week.from), to: dates.lastDay(week.to) })}
        </span>
      </header>
      <dl className="cash-back__figures">
        <dt>{t('cash_back.loss')}</dt>
        <dd data-testid="cash-back-current-loss">{amountOf(money, week.loss)}</dd>
        <dt>{t('cash_back.rate', { level: week.level })}</dt>
        <dd>{week.rate} %</dd>
        <dt>{t('cash_back.estimate')}</dt>
        <dd className="cash-back__amount" data-testid="cash-back-estimate">
          {amountOf(money, week.amount)}
        </dd>
      </dl>
      <p className="cash-back__note">{t('cash_back.cap', { amount: amountOf(money, week.cap) })}</p>
    </section>
  );
}

function LastWeek({
  summary,
  t,
  money,
  dates,
  busy,
  onClaim,
  onClaimed,
}: SectionProps & { busy: boolean; onClaim: () => void; onClaimed: () => void }) {
  const week = summary.last;
  const window = t('cash_back.window', {
    from: dates.moment(week.claimOpensAt),
    to: dates.lastMinute(week.claimClosesAt),
  });
  const message =
    week.state === 'pending'
      ? t('cash_back.pending')
      : week.state === 'none'
        ? t('cash_back.none')
        : week.state === 'expired'
          ? t('cash_back.expired')
          : undefined;
  return (
    <section className="cash-back__card" aria-label={t('cash_back.lastWeek')} data-testid="cash-back-last">
      <header className="cash-back__head">
        <h2>{t('cash_back.lastWeek')}</h2>
        <span className="cash-back__dates">
          {t('cash_back.dates', { from: dates.day(week.from), to: dates.lastDay(week.to) })}
        </span>
      </header>
      <dl className="cash-back__figures">
        <dt>{t('cash_back.loss')}</dt>
        <dd>{amountOf(money, week.loss)}</dd>
        <dt>{t('cash_back.rate', { level: week.level })}</dt>
        <dd>{week.rate} %</dd>
        <dt>{t('cash_back.amount')}</dt>
        <dd className="cash-back__amount" data-testid="cash-back-last-amount">
          {amountOf(money, week.amount)}
        </dd>
      </dl>
      {message ? <p className="cash-back__note">{message}</p> : null}
      {week.state === 'claimed' ? (
        // Still a button: a second tap says it was claimed (spec §4, cash_back.alert_msg).
        <button
          type="button"
          className="button button--ghost cash-back__claim"
          data-testid="cash-back-claim"
          onClick={onClaimed}
        >
          {t('cash_back.claimed')}
        </button>
      ) : (
        <button
          type="button"
          className="button button--primary cash-back__claim"
          data-testid="cash-back-claim"
          disabled={busy || week.state !== 'claimable' || !summary.enable}
          onClick={onClaim}
        >
          {t('cash_back.claim')}
        </button>
      )}
      <p className="cash-back__note" data-testid="cash-back-window">
        {window}
      </p>
    </section>
  );
}

function Rules({ summary, t, money }: Omit<SectionProps, 'dates'>) {
  return (
    <section className="cash-back__card" aria-label={t('cash_back.rules')}>
      <h2>{t('cash_back.rules')}</h2>
      <p className="cash-back__note">{t('cash_back.rule1')}</p>
      <p className="cash-back__note">{t('cash_back.rule2', { cap: amountOf(money, summary.current.cap) })}</p>
      <p className="cash-back__note">{t('cash_back.rule3')}</p>
      <h3>{t('cash_back.levels')}</h3>
      <ul className="cash-back__rates">
        {summary.rates.map((rate, index) => (
          <li
            key={index}
            className={index + 1 === summary.current.level ? 'cash-back__rate--mine' : undefined}
          >
            <span>{t('cash_back.level', { level: index + 1 })}</span>
            <strong>{rate} %</strong>
          </li>
        ))}
      </ul>
    </section>
  );
}

function History({
  records,
  t,
  money,
  dates,
}: {
  records: CashBackRecord[] | undefined;
  t: Translate;
  money: Money;
  dates: Dates;
}) {
  return (
    <section className="cash-back__card" aria-label={t('cash_back.history')} data-testid="cash-back-history">
      <h2>{t('cash_back.history')}</h2>
      {records && records.length === 0 ? <p className="cash-back__note">{t('cash_back.noHistory')}</p> : null}
      <ul className="cash-back__history">
        {(records ?? []).map((record) => (
          <li key={record.week}>
            <span>{t('cash_back.week', { date: dates.day(`${record.week}T12:00:00Z`) })}</span>
            <strong>{amountOf(money, record.amount)}</strong>
            <span className={`cash-back__state cash-back__state--${record.state}`}>
              {t(`cash_back.state.${record.state}`)}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
