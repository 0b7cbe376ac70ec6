import { useState, type FormEvent, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useCanAccess, useLocaleState } from 'ra-core';
import type { GameRevenue, ReportGroup, RevenueReport } from '@app/contracts/back-office-reports';
import { ADMIN_PATHS, API_BASE } from '@app/contracts/paths';
import { isReportPeriod, REPORT_MAX_DAYS } from '@app/contracts/report-period';
import { callAdminApi } from '../api.ts';
import type { TextKey } from '../texts.ts';
import { useText } from '../use-text.ts';
import { RevenueChart } from './revenue-chart.tsx';
import './reports.css';

const GROUPS: { group: ReportGroup; label: TextKey }[] = [
  { group: 'day', label: 'reports.byDay' },
  { group: 'game', label: 'reports.byGame' },
  { group: 'provider', label: 'reports.byProvider' },
  { group: 'programme', label: 'reports.byProgramme' },
];

/** YYYY-MM-DD of this browser's calendar, `back` days before today. */
function dayBefore(back: number): string {
  const date = new Date();
  date.setDate(date.getDate() - back);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

type Period = { from: string; to: string };

function isValidPeriod(period: Period): boolean {
  const day = /^\d{4}-\d{2}-\d{2}$/;
  return day.test(period.from) && day.test(period.to) && isReportPeriod(period);
}

/**
 * Reports (issue 26 §6): the money of a period of the market's days from the server's revenue module (GGR and
 * NGR with their formula stated), by day, game, provider or programme, a chart of GGR and NGR per day, and
 * the chosen grouping as CSV. Needs reports.read, as the routes do.
 */
export function ReportsPage() {
  const t = useText();
  const { canAccess, isPending: checking } = useCanAccess({ resource: 'reports', action: 'list' });
  const [draft, setDraft] = useState<Period>({ from: dayBefore(29), to: dayBefore(0) });
  const [period, setPeriod] = useState<Period>(draft);
  const [group, setGroup] = useState<ReportGroup>('day');
  const valid = isValidPeriod(draft);
  const report = useQuery({
    queryKey: ['revenue-report', period.from, period.to],
    queryFn: () => callAdminApi<RevenueReport>(ADMIN_PATHS.revenueReport, { query: period }),
    enabled: canAccess === true,
  });

  if (checking) return <p className="muted">{t('app.loading')}</p>;
  if (!canAccess) return <p className="notice">{t('app.denied')}</p>;

  const show = (event: FormEvent) => {
    event.preventDefault();
    if (valid) setPeriod({ ...draft });
  };
  const preset = (days: number) => {
    const next = { from: dayBefore(days - 1), to: dayBefore(0) };
    setDraft(next);
    setPeriod(next);
  };
  const csvHref = `${API_BASE}${ADMIN_PATHS.revenueReportCsv}?${new URLSearchParams({ ...period, group })}`;
  return (
    <section className="reports">
      <h1>{t('menu.reports')}</h1>
      <form className="report-form" onSubmit={show}>
        <label>
          {t('reports.from')}
          <input
            type="date"
            value={draft.from}
            required
            onInput={(event) => setDraft({ ...draft, from: event.currentTarget.value })}
          />
        </label>
        <label>
          {t('reports.to')}
          <input
            type="date"
            value={draft.to}
            required
            onInput={(event) => setDraft({ ...draft, to: event.currentTarget.value })}
          />
        </label>
        <button type="submit" disabled={!valid}>
          {t('reports.show')}
        </button>
        {[7, 30, 90].map((days) => (
          <button key={days} type="button" className="secondary" onClick={() => preset(days)}>
            {t(`reports.last${days}` as TextKey)}
          </button>
        ))}
      </form>
      {!valid && (
        <p className="error" role="alert">
          {t('reports.badPeriod', { days: REPORT_MAX_DAYS })}
        </p>
      )}
      {report.error ? (
        <p className="error" role="alert">
          {t('app.error')}
        </p>
      ) : !report.data ? (
        <p className="muted">{t('app.loading')}</p>
      ) : (
        <Report data={report.data} group={group} setGroup={setGroup} csvHref={csvHref} />
      )}
    </section>
  );
}

function Report({
  data,
  group,
  setGroup,
  csvHref,
}: {
  data: RevenueReport;
  group: ReportGroup;
  setGroup: (group: ReportGroup) => void;
  csvHref: string;
}) {
  const t = useText();
  const [language] = useLocaleState();
  const money = (minor: number) =>
    (minor / 10 ** data.decimals).toLocaleString(language, {
      minimumFractionDigits: data.decimals,
      maximumFractionDigits: data.decimals,
    });
  const count = (value: number) => value.toLocaleString(language);
  const { total } = data;
  const summary: [TextKey, string][] = [
    ['reports.ggr', money(total.revenue.ggr)],
    ['reports.ngr', money(total.revenue.ngr)],
    ['reports.stakes', money(total.revenue.stakes)],
    ['reports.wins', money(total.revenue.winAmount)],
    ['reports.bonusCost', money(total.revenue.bonusCost)],
    ['reports.deposits', money(total.deposits.amount)],
    ['reports.withdrawals', money(total.withdrawals.amount)],
    ['reports.depositExcise', money(total.taxes.depositExcise.tax)],
    ['reports.withdrawalTax', money(total.taxes.withdrawal.tax)],
    ['reports.registrations', count(total.registrations)],
    ['reports.firstDeposits', count(total.firstDeposits.count)],
  ];
  return (
    <>
      <section className="card panel formula" aria-labelledby="formula-title">
        <h2 id="formula-title">{t('reports.formulaTitle')}</h2>
        <p>{t('reports.formulaGgr')}</p>
        <p>{t('reports.formulaNgr')}</p>
        <p className="muted">
          {t('reports.formulaSource', { timeZone: data.timeZone, currency: data.currency })}
        </p>
      </section>
      <dl className="summary">
        {summary.map(([label, value]) => (
          <div key={label} className="card">
            <dt>{t(label)}</dt>
            <dd>
              {value}{' '}
              {label === 'reports.registrations' || label === 'reports.firstDeposits' ? '' : data.currency}
            </dd>
          </div>
        ))}
      </dl>
      <RevenueChart days={data.days} money={money} />
      <div className="report-tools">
        <label>
          {t('reports.group')}
          <select value={group} onChange={(event) => setGroup(event.currentTarget.value as ReportGroup)}>
            {GROUPS.map((each) => (
              <option key={each.group} value={each.group}>
                {t(each.label)}
              </option>
            ))}
          </select>
        </label>
        <a className="button" href={csvHref} download>
          {t('reports.download')}
        </a>
      </div>
      <div className="table-scroll">
        <ReportTable data={data} group={group} money={money} count={count} />
      </div>
    </>
  );
}

type Cells = { key: string; cells: ReactNode[] };

function ReportTable({
  data,
  group,
  money,
  count,
}: {
  data: RevenueReport;
  group: ReportGroup;
  money: (minor: number) => string;
  count: (value: number) => string;
}) {
  const t = useText();
  const gameHeads: TextKey[] = [
    'reports.bets',
    'reports.stakes',
    'reports.refunds',
    'reports.bonusStakes',
    'reports.wins',
    'reports.ggr',
  ];
  const gameCells = (revenue: GameRevenue) => [
    count(revenue.bets),
    money(revenue.stakes),
    money(revenue.refundAmount),
    money(revenue.bonusStakes),
    money(revenue.winAmount),
    money(revenue.ggr),
  ];
  let heads: TextKey[];
  let rows: Cells[];
  let footer: ReactNode[] | undefined;
  switch (group) {
    case 'day': {
      heads = [
        'reports.day',
        ...gameHeads,
        'reports.bonusCost',
        'reports.ngr',
        'reports.deposits',
        'reports.withdrawals',
        'reports.depositExcise',
        'reports.withdrawalTax',
        'reports.registrations',
        'reports.firstDeposits',
      ];
      const cells = (figures: RevenueReport['total']) => [
        ...gameCells(figures.revenue),
        money(figures.revenue.bonusCost),
        money(figures.revenue.ngr),
        money(figures.deposits.amount),
        money(figures.withdrawals.amount),
        money(figures.taxes.depositExcise.tax),
        money(figures.taxes.withdrawal.tax),
        count(figures.registrations),
        count(figures.firstDeposits.count),
      ];
      rows = data.days.map((day) => ({
        key: day.day,
        cells: [
          <>
            {day.day}
            {day.live && <span className="badge">{t('reports.live')}</span>}
          </>,
          ...cells(day),
        ],
      }));
      footer = [t('reports.total'), ...cells(data.total)];
      break;
    }
    case 'game':
      heads = ['reports.game', 'reports.provider', ...gameHeads];
      rows = data.games.map((game) => ({
        key: String(game.gameId),
        cells: [
          game.gameId === null ? t('reports.noGame') : (game.name ?? String(game.gameId)),
          game.provider ?? '—',
          ...gameCells(game.revenue),
        ],
      }));
      break;
    case 'provider':
      heads = ['reports.provider', 'reports.games', ...gameHeads];
      rows = data.providers.map((provider) => ({
        key: String(provider.provider),
        cells: [
          provider.provider ?? t('reports.noGame'),
          count(provider.games),
          ...gameCells(provider.revenue),
        ],
      }));
      break;
    case 'programme':
      heads = [
        'reports.programme',
        'reports.cash',
        'reports.coins',
        'reports.diamonds',
        'reports.tickets',
        'reports.payouts',
      ];
      rows = data.programmes.map((cost) => ({
        key: cost.programme,
        cells: [
          cost.programme,
          money(cost.cash),
          count(cost.coins),
          count(cost.diamonds),
          count(cost.tickets),
          count(cost.payouts),
        ],
      }));
      break;
  }
  if (rows.length === 0) return <p className="notice">{t('reports.empty')}</p>;
  return (
    <table className="table report-table">
      <thead>
        <tr>
          {heads.map((head) => (
            <th key={head} scope="col">
              {t(head)}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.key}>
            {row.cells.map((cell, index) => (
              <td key={index} className={index === 0 ? undefined : 'number'}>
                {cell}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
      {footer && (
        <tfoot>
          <tr>
            {footer.map((cell, index) => (
              <td key={index} className={index === 0 ? undefined : 'number'}>
                {cell}
              </td>
            ))}
          </tr>
        </tfoot>
      )}
    </table>
  );
}
