import type {
  GameRevenue,
  ReportFigures,
  ReportGroup,
  RevenueReport,
} from '@app/contracts/back-office-reports';
import { csv, decimalOf } from '../../modules/payments/regulator/regulator-formats.ts';

/**
 * One grouping of a revenue report as CSV (RFC 4180: comma-separated, a field quoted when it holds a comma,
 * a quote or a line end, lines ending CRLF), for a spreadsheet or an accountant's tool. Amounts are in major
 * units of the currency with its decimals and a point (`1234.50`), exactly (no floating point); every line
 * names its currency. Counts are whole numbers. The day grouping ends with a `total` line.
 */
const line = csv(',');
const CRLF = '\r\n';

/**
 * A text from the catalogue (a game's or provider's name) that a spreadsheet would run as a formula
 * (`=`, `+`, `-`, `@`, a tab or carriage return first) is written with a leading apostrophe: a name is data,
 * never a command in the operator's spreadsheet (CSV injection).
 */
export function safeText(text: string | null): string {
  if (text === null) return '';
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

const GAME_HEADERS = ['bets', 'stakes', 'refunds', 'bonus_stakes', 'wins', 'ggr'];

export function reportCsv(report: RevenueReport, group: ReportGroup): string {
  const money = (minor: number) => decimalOf(minor, report.decimals);
  const gameFigures = (revenue: GameRevenue) => [
    revenue.bets,
    money(revenue.stakes),
    money(revenue.refundAmount),
    money(revenue.bonusStakes),
    money(revenue.winAmount),
    money(revenue.ggr),
  ];
  const dayFigures = (figures: ReportFigures) => [
    ...gameFigures(figures.revenue),
    money(figures.revenue.bonusCost),
    money(figures.revenue.ngr),
    figures.deposits.count,
    money(figures.deposits.amount),
    figures.withdrawals.count,
    money(figures.withdrawals.amount),
    money(figures.taxes.depositExcise.tax),
    money(figures.taxes.withdrawal.tax),
    figures.registrations,
    figures.firstDeposits.count,
    money(figures.firstDeposits.amount),
  ];
  const lines: (string | number)[][] = [];
  switch (group) {
    case 'day':
      lines.push([
        'day',
        'currency',
        ...GAME_HEADERS,
        'bonus_cost',
        'ngr',
        'deposit_count',
        'deposits',
        'withdrawal_count',
        'withdrawals',
        'deposit_excise',
        'withdrawal_tax',
        'registrations',
        'first_deposit_count',
        'first_deposits',
      ]);
      for (const day of report.days) lines.push([day.day, report.currency, ...dayFigures(day)]);
      lines.push(['total', report.currency, ...dayFigures(report.total)]);
      break;
    case 'game':
      lines.push(['game_id', 'game_code', 'game_name', 'provider', 'currency', ...GAME_HEADERS]);
      for (const game of report.games) {
        lines.push([
          game.gameId ?? '',
          safeText(game.code),
          safeText(game.gameId === null ? 'no game (draw tickets)' : game.name),
          safeText(game.provider),
          report.currency,
          ...gameFigures(game.revenue),
        ]);
      }
      break;
    case 'provider':
      lines.push(['provider', 'games', 'currency', ...GAME_HEADERS]);
      for (const provider of report.providers) {
        lines.push([
          safeText(provider.provider ?? 'no game (draw tickets)'),
          provider.games,
          report.currency,
          ...gameFigures(provider.revenue),
        ]);
      }
      break;
    case 'programme':
      lines.push(['programme', 'currency', 'cash', 'coins', 'diamonds', 'tickets', 'payouts']);
      for (const cost of report.programmes) {
        lines.push([
          safeText(cost.programme),
          report.currency,
          money(cost.cash),
          cost.coins,
          cost.diamonds,
          cost.tickets,
          cost.payouts,
        ]);
      }
      break;
  }
  return lines.map((values) => line(...values)).join(CRLF) + CRLF;
}
