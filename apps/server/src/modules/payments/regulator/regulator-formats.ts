import { createHash } from 'node:crypto';
import type { RegulatorFeedFormat } from '@app/contracts/compliance';
import type { RegisteredGame } from '../../games/catalogue/games.service.ts';
import type { PeriodMoney } from '../../platform/revenue/revenue.service.ts';
import type {
  FactTotal,
  LedgerEvent,
  LedgerEventKind,
  MemberTotals,
} from '../../platform/wallet/ledger-reads.ts';

/**
 * What each market's regulator receives, one serialiser per format (issue 25 §4; docs/compliance.md "The
 * regulator's feed"). The rows come from one place (regulator-export.ts reads the ledger and the identity
 * records once for every format); a format only says which files it has and how a row is written, so when
 * Kenya's authority publishes its interface, `ke-gra` alone changes.
 *
 * Every file is UTF-8 with a header line and '\n' line ends, rows in the ledger's order, amounts in major
 * units with the currency's decimals ("1234.50"), times in UTC (ISO 8601): nothing depends on when or where a
 * run happens, so a day run twice gives the same bytes.
 */

/** A member as the regulator sees them: our reference, and their identity number if they gave one. */
export type Player = { memberId: number; identityNumber: string | null };

export type EventRow = { event: LedgerEvent; player: Player; game: RegisteredGame | undefined };
export type MemberRow = { totals: MemberTotals; player: Player };
export type GameRow = { game: RegisteredGame; kinds: Partial<Record<string, FactTotal>> };

/** The market's money and the day, for writing amounts and naming the day. */
export type FormatContext = { day: string; market: string; currency: string; decimals: number };

export type FileSpec =
  | {
      name: string;
      source: 'events';
      header: string;
      /** The event's line, or null when this file does not list its kind. */
      line: (row: EventRow, context: FormatContext) => string | null;
    }
  | {
      name: string;
      source: 'members';
      header: string;
      line: (row: MemberRow, context: FormatContext) => string;
    }
  | { name: string; source: 'games'; header: string; line: (row: GameRow, context: FormatContext) => string }
  | {
      name: string;
      source: 'totals';
      header: string;
      lines: (money: PeriodMoney, context: FormatContext) => string[];
    };

export type RegulatorFormat = {
  files: readonly FileSpec[];
  /** The near-real-time feed's file: every money fact and tax as it happens (null: the market has none). */
  live: Extract<FileSpec, { source: 'events' }> | null;
};

/** Minor units as a decimal of the currency's decimals, exactly (no floating point): 123450 → "1234.50". */
export function decimalOf(minor: number, decimals: number): string {
  const sign = minor < 0 ? '-' : '';
  const digits = String(Math.abs(minor)).padStart(decimals + 1, '0');
  if (decimals === 0) return `${sign}${digits}`;
  return `${sign}${digits.slice(0, -decimals)}.${digits.slice(-decimals)}`;
}

/** One CSV field: quoted when it holds the separator, a quote or a line end. */
function field(value: string | number, separator: string): string {
  const text = String(value);
  return text.includes(separator) || /["\n\r]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** A CSV line writer for `separator` (the back office's report CSV writes its lines with it too). */
export const csv =
  (separator: string) =>
  (...values: (string | number)[]): string =>
    values.map((value) => field(value, separator)).join(separator);

/**
 * Kenya: the ID number hashed (SHA-256 of `KE:` and the number in capitals, letters and digits only). The GRA
 * holds the national register, so it can hash a number to find a player across operators; the file itself
 * carries no ID number. An assumption until the interface is published.
 */
export function hashedIdentity(market: string, identityNumber: string | null): string {
  if (!identityNumber) return '';
  return createHash('sha256').update(`${market}:${identityNumber}`).digest('hex');
}

/** Brazil: the CPF masked as the government's own publications do (`***.456.789-**`); other numbers: last 4. */
export function maskedIdentity(identityNumber: string | null): string {
  if (!identityNumber) return '';
  if (/^\d{11}$/.test(identityNumber)) {
    return `***.${identityNumber.slice(3, 6)}.${identityNumber.slice(6, 9)}-**`;
  }
  return `${'*'.repeat(Math.max(0, identityNumber.length - 4))}${identityNumber.slice(-4)}`;
}

const KE_TYPES: Record<LedgerEventKind, string> = {
  bet: 'STAKE',
  win: 'WIN',
  rollback: 'STAKE_REFUND',
  deposit: 'DEPOSIT',
  withdrawal: 'WITHDRAWAL',
  'deposit-excise': 'EXCISE_DUTY',
  'withdrawal-tax': 'WITHDRAWAL_TAX',
};

const keLine = csv(',');
const KE_TRANSACTIONS: Extract<FileSpec, { source: 'events' }> = {
  name: 'transactions.csv',
  source: 'events',
  header: keLine(
    'record_type',
    'transaction_id',
    'occurred_at',
    'player_ref',
    'national_id_sha256',
    'game_code',
    'amount',
    'bonus_amount',
    'currency',
    'reference',
  ),
  line: ({ event, player, game }, context) =>
    keLine(
      KE_TYPES[event.kind],
      event.transactionId,
      event.at.toISOString(),
      event.memberId,
      hashedIdentity(context.market, player.identityNumber),
      game?.code ?? '',
      decimalOf(event.amount, context.decimals),
      decimalOf(event.amount - event.ownMoney, context.decimals),
      context.currency,
      event.ref,
    ),
};

/** The day's totals, one figure a line: what the ledger says, which the transactions file adds up to. */
function totalsOf(money: PeriodMoney): [string, number, number][] {
  const { revenue, deposits, withdrawals, taxes } = money;
  return [
    ['STAKE', revenue.bets, revenue.betAmount],
    ['STAKE_REFUND', revenue.refunds, revenue.refundAmount],
    ['WIN', revenue.wins, revenue.winAmount],
    ['DEPOSIT', deposits.facts, deposits.amount],
    ['WITHDRAWAL', withdrawals.facts, withdrawals.amount],
    ['EXCISE_DUTY', taxes.depositExcise.transactions, taxes.depositExcise.tax],
    ['WITHDRAWAL_TAX', taxes.withdrawal.transactions, taxes.withdrawal.tax],
    ['STAKES_NET', revenue.bets - revenue.refunds, revenue.stakes],
    ['BONUS_STAKES', 0, revenue.bonusStakes],
    ['GGR', 0, revenue.ggr],
    ['BONUS_COST', 0, revenue.bonusCost],
    ['NGR', 0, revenue.ngr],
  ];
}

const KE_GRA: RegulatorFormat = {
  files: [
    KE_TRANSACTIONS,
    {
      name: 'totals.csv',
      source: 'totals',
      header: keLine('day', 'figure', 'count', 'amount', 'currency'),
      lines: (money, context) =>
        totalsOf(money).map(([figure, count, amount]) =>
          keLine(context.day, figure, count, decimalOf(amount, context.decimals), context.currency),
        ),
    },
  ],
  live: KE_TRANSACTIONS,
};

/**
 * Brazil: the SIGAP daily files (bets, games, wallets, bettors), semicolon-separated as Brazilian CSV is, with
 * a decimal point. SPA/MF publishes the layout to licensed operators only: the columns below are our reading
 * of what the ordinances require (docs/compliance.md), to adjust here when the layout is at hand.
 */
const brLine = csv(';');
const BR_TYPES: Partial<Record<LedgerEventKind, string>> = {
  bet: 'APOSTA',
  win: 'PREMIO',
  rollback: 'ESTORNO',
};

function totalOf(kinds: Partial<Record<string, FactTotal>>, kind: string): FactTotal {
  return kinds[kind] ?? { facts: 0, amount: 0, ownMoney: 0 };
}

const BR_SIGAP: RegulatorFormat = {
  files: [
    {
      name: 'apostas.csv',
      source: 'events',
      header: brLine(
        'id_transacao',
        'data_hora_utc',
        'id_apostador',
        'codigo_jogo',
        'tipo',
        'valor',
        'valor_bonus',
        'referencia',
      ),
      line: ({ event, game }, context) => {
        const type = BR_TYPES[event.kind];
        if (!type) return null;
        return brLine(
          event.transactionId,
          event.at.toISOString(),
          event.memberId,
          game?.code ?? '',
          type,
          decimalOf(event.amount, context.decimals),
          decimalOf(event.amount - event.ownMoney, context.decimals),
          event.ref,
        );
      },
    },
    {
      name: 'jogos.csv',
      source: 'games',
      header: brLine(
        'data',
        'codigo_jogo',
        'nome',
        'fornecedor',
        'rtp_teorico',
        'qtd_apostas',
        'valor_apostas',
        'valor_estornos',
        'valor_premios',
        'ggr',
      ),
      line: ({ game, kinds }, context) => {
        const [bet, rollback, win] = ['bet', 'rollback', 'win'].map((kind) => totalOf(kinds, kind));
        const ggr = bet!.amount - rollback!.amount - win!.amount;
        return brLine(
          context.day,
          game.code,
          game.name,
          game.supplier,
          decimalOf(game.rtp, 2),
          bet!.facts,
          decimalOf(bet!.amount, context.decimals),
          decimalOf(rollback!.amount, context.decimals),
          decimalOf(win!.amount, context.decimals),
          decimalOf(ggr, context.decimals),
        );
      },
    },
    {
      name: 'carteiras.csv',
      source: 'members',
      header: brLine(
        'data',
        'id_apostador',
        'qtd_depositos',
        'valor_depositos',
        'qtd_saques',
        'valor_saques',
        'valor_apostas',
        'valor_estornos',
        'valor_premios',
        'valor_tributos',
      ),
      line: ({ totals }, context) => {
        const [deposit, withdrawal, bet, rollback, win] = [
          'deposit',
          'withdrawal',
          'bet',
          'rollback',
          'win',
        ].map((kind) => totalOf(totals.kinds, kind));
        return brLine(
          context.day,
          totals.memberId,
          deposit!.facts,
          decimalOf(deposit!.amount, context.decimals),
          withdrawal!.facts,
          decimalOf(withdrawal!.amount, context.decimals),
          decimalOf(bet!.amount, context.decimals),
          decimalOf(rollback!.amount, context.decimals),
          decimalOf(win!.amount, context.decimals),
          decimalOf(totals.tax, context.decimals),
        );
      },
    },
    {
      name: 'apostadores.csv',
      source: 'members',
      header: brLine('data', 'id_apostador', 'cpf_mascarado'),
      line: ({ totals, player }, context) =>
        brLine(context.day, totals.memberId, maskedIdentity(player.identityNumber)),
    },
  ],
  live: null,
};

/** Markets whose law we have not configured: every event and the day's totals as JSON lines. */
const GENERIC: RegulatorFormat = {
  files: [
    {
      name: 'transactions.jsonl',
      source: 'events',
      header: JSON.stringify({ format: 'generic', version: 1 }),
      line: ({ event, game }, context) =>
        JSON.stringify({
          type: event.kind,
          transactionId: event.transactionId,
          at: event.at.toISOString(),
          player: event.memberId,
          game: game?.code ?? null,
          amount: event.amount,
          bonusAmount: event.amount - event.ownMoney,
          currency: context.currency,
          ref: event.ref,
        }),
    },
    {
      name: 'totals.jsonl',
      source: 'totals',
      header: JSON.stringify({ format: 'generic', version: 1 }),
      lines: (money, context) =>
        totalsOf(money).map(([figure, count, amount]) =>
          JSON.stringify({ day: context.day, figure, count, amount, currency: context.currency }),
        ),
    },
  ],
  live: null,
};

export const REGULATOR_FORMATS: Record<RegulatorFeedFormat, RegulatorFormat> = {
  'ke-gra': KE_GRA,
  'br-sigap': BR_SIGAP,
  generic: GENERIC,
};
