import type { Kysely, Transaction } from 'kysely';
import { cursorBatches } from '../../../db/cursor.ts';
import type { Database, MoneyFactKind } from '../../../db/schema.ts';
import * as repository from './wallet.repository.ts';
import { TAX_ACCOUNT } from './wallet.service.ts';

/**
 * The ledger read for reports over a span of time (issue 25 §4): what the money facts and the tax legs of
 * [from, to) add up to, and their rows a batch at a time for the regulator's files. Reports read these and
 * never the wallet's tables; gross gaming revenue is defined from them once, in `platform/revenue`.
 */
type Db = Kysely<Database> | Transaction<Database>;

export type Span = { from: Date; to: Date };

/** How many facts of one kind, their amount, and the own-money (withdrawable) part of it. */
export type FactTotal = { facts: number; amount: number; ownMoney: number };

export const NO_FACTS: FactTotal = { facts: 0, amount: 0, ownMoney: 0 };

/** The money facts written in the span, per kind (every kind present, zero when none). */
export async function factTotalsBetween(db: Db, span: Span): Promise<Record<MoneyFactKind, FactTotal>> {
  const totals: Record<MoneyFactKind, FactTotal> = {
    bet: NO_FACTS,
    win: NO_FACTS,
    rollback: NO_FACTS,
    deposit: NO_FACTS,
    withdrawal: NO_FACTS,
  };
  for (const row of await repository.factTotalsBetween(db, span)) {
    totals[row.kind] = {
      facts: Number(row.facts),
      amount: Number(row.amount),
      ownMoney: Number(row.own_money),
    };
  }
  return totals;
}

/** A tax leg is an event of its own in a regulator's stream: the cash put into a tax-payable account. */
export type TaxEventKind = 'deposit-excise' | 'withdrawal-tax';

/** The account each tax event's leg is booked to. */
const TAX_ACCOUNTS: Record<TaxEventKind, string> = {
  'deposit-excise': TAX_ACCOUNT.depositExcise,
  'withdrawal-tax': TAX_ACCOUNT.withdrawal,
};
export type LedgerEventKind = MoneyFactKind | TaxEventKind;

/** One money fact, or one tax leg, of the span. */
export type LedgerEvent = {
  at: Date;
  transactionId: number;
  kind: LedgerEventKind;
  memberId: number;
  amount: number;
  /** The withdrawable part of a fact (a tax leg's is its amount). */
  ownMoney: number;
  gameId: number | null;
  /** The fact's source reference; a tax leg's journal idempotency key. */
  ref: string;
};

/**
 * Every money fact and tax leg of the span, in (time, journal transaction, kind) order, a batch at a time
 * through a cursor in `trx` (its snapshot decides what is read; a `repeatable read` one reads the same state
 * as the totals read in it).
 */
export async function* ledgerEventBatches(
  trx: Transaction<Database>,
  span: Span,
  size: number,
): AsyncGenerator<LedgerEvent[]> {
  for await (const rows of cursorBatches(
    trx,
    repository.ledgerEventsQuery({ ...span, taxAccounts: TAX_ACCOUNTS }),
    size,
  )) {
    yield rows.map((row) => ({
      at: new Date(row.created_at),
      transactionId: Number(row.transaction_id),
      kind: row.kind,
      memberId: Number(row.member_id),
      amount: Number(row.amount),
      ownMoney: Number(row.own_money),
      gameId: row.game_id === null ? null : Number(row.game_id),
      ref: row.source_ref,
    }));
  }
}

/** One member's facts of a span per kind, and the tax their transactions booked. */
export type MemberTotals = {
  memberId: number;
  kinds: Partial<Record<MoneyFactKind, FactTotal>>;
  tax: number;
};

/** Every member with a fact or a tax leg in the span, in member id order, a batch at a time (cursor in `trx`). */
export async function* memberTotalBatches(
  trx: Transaction<Database>,
  span: Span,
  size: number,
): AsyncGenerator<MemberTotals[]> {
  for await (const rows of cursorBatches(
    trx,
    repository.memberTotalsQuery({ ...span, taxAccounts: TAX_ACCOUNTS }),
    size,
  )) {
    yield rows.map((row) => ({
      memberId: Number(row.member_id),
      kinds: Object.fromEntries(
        Object.entries(row.kinds).map(([kind, [facts, amount, ownMoney]]) => [
          kind,
          { facts: Number(facts), amount: Number(amount), ownMoney: Number(ownMoney) },
        ]),
      ),
      tax: Number(row.tax),
    }));
  }
}

/** The facts of the span with a game, per game and kind, in game id order (a catalogue is small: one read). */
export async function gameTotalsBetween(
  db: Db,
  span: Span,
): Promise<Map<number, Partial<Record<MoneyFactKind, FactTotal>>>> {
  const byGame = new Map<number, Partial<Record<MoneyFactKind, FactTotal>>>();
  for (const row of await repository.gameTotalsBetween(db, span)) {
    const gameId = Number(row.game_id);
    const kinds = byGame.get(gameId) ?? {};
    kinds[row.kind] = {
      facts: Number(row.facts),
      amount: Number(row.amount),
      ownMoney: Number(row.own_money),
    };
    byGame.set(gameId, kinds);
  }
  return byGame;
}

/** The tax legs of these journal transactions (a deposit's excise, a paid withdrawal's tax), in id order. */
export async function taxesOfTransactions(
  db: Db,
  transactionIds: readonly number[],
): Promise<{ transactionId: number; event: TaxEventKind; tax: number }[]> {
  return repository.taxesOfTransactions(db, transactionIds, TAX_ACCOUNTS);
}

/** The span's deposits that were their member's first: how many, and their cash. */
export async function firstDepositsBetween(db: Db, span: Span): Promise<{ facts: number; amount: number }> {
  return repository.firstDepositsBetween(db, span);
}

/** When the ledger's first journal transaction was written (undefined: an empty ledger). */
export async function firstLedgerTime(db: Db): Promise<Date | undefined> {
  return repository.firstTransactionTime(db);
}
