import type { Kysely, Transaction } from 'kysely';
import type { TransactionKind } from '@app/contracts/wallet';
import type { Database } from '../../../db/schema.ts';
import { retryingTransaction } from '../../../db/transactions.ts';
import { ACCOUNT, creditMember, getAccountBalances, transfer } from '../../platform/wallet/wallet.service.ts';
import { openDrawMoney, type DrawAccounts, type DrawMoney } from './draw-money.ts';
import * as repository from './draws.repository.ts';
import { recordPrizes, type DrawRecord } from './draws.service.ts';

type Db = Kysely<Database>;
type Trx = Transaction<Database>;

/** A leg of a draw's aggregate money (house share, rollover, budget), moved once under `draw:<id>:<leg>`. */
export type DrawMove = { leg: string; from: string; to: string; amount: number; kind: TransactionKind };

/** What one member is paid at once for some of their tickets (all their winners, a purchase, one ticket). */
export type DrawPayment = {
  memberId: number;
  /** The credit's key under `draw:<id>:` (the lottery's `prize:<member>`, lucky refund's `pay:<purchase>`). */
  key: string;
  /**
   * What it pays for, naming its other legs under `draw:<id>:`: `fund:<ref>` (a `bet` product's cash to the
   * member's house shard before the credit), `refund:<ref>` (a refund in kind).
   */
  ref: string;
  /** Cash from the fund (0: no cash credit). */
  cash: number;
  /** A `bet` product's stake (journal transaction), whose withdrawable share the cash follows. */
  stake?: number | null;
  /** A refund in coins or diamonds, from the budget. */
  coins?: number;
  diamonds?: number;
  /** The tickets it pays, with what each got, as the engine's list records them. */
  tickets: ReadonlyArray<{ ticketNo: number; prize: number; tier: number | null }>;
};

/** A payment made: its cash credit's journal transaction (none without cash). */
export type PaidPayment = DrawPayment & { transactionId: number | null };

/** A settlement as the product stored it, with how far its payments have gone. */
export type StoredSettlement<Split> = { split: Split; payees: number; payeesPaid: number; paid: boolean };

/**
 * The product's own record of its settlements (its table), and when its payments are made. Both ways start
 * the same (the split and its aggregate money, once, under the product's settlement lock); they differ in
 * the payments:
 * - `with-the-split` (lucky refund): every payment in that same transaction, so the settlement's row is the
 *   one record of a draw paid. A round pays every code (a refund to each loser), but a round's codes are
 *   bounded by its limits, and its record (`lucky_refund_settlement`) has no cursor.
 * - `in-batches` (the lottery, the cash draw: a million tickets): the payments after it, in batches behind
 *   a cursor in the settlement's row, each credit a ledger transaction of its own, so the fund's row (which
 *   every sale takes) is held one statement at a time, not for a whole draw's payments.
 */
export type SettlementRecord<Split> =
  | {
      payments: 'with-the-split';
      isSettled: (db: Db | Trx, drawId: number) => Promise<boolean>;
      insert: (trx: Trx, drawId: number, split: Split) => Promise<void>;
      /** The product's records of the payments (its results). */
      recordPayments: (trx: Trx, paid: readonly PaidPayment[]) => Promise<void>;
    }
  | {
      payments: 'in-batches';
      find: (db: Db | Trx, drawId: number) => Promise<StoredSettlement<Split> | undefined>;
      /** The settlement's row locked (a batch's turn). */
      lock: (trx: Trx, drawId: number) => Promise<StoredSettlement<Split> | undefined>;
      /** Stored with no payee paid yet, and paid already when there is none. */
      insert: (trx: Trx, drawId: number, split: Split, payees: number) => Promise<void>;
      recordPayments: (trx: Trx, paid: readonly PaidPayment[]) => Promise<void>;
      /** Moves the cursor past a batch (and marks the settlement paid when it was the last). */
      advance: (trx: Trx, drawId: number, payeesPaid: number, paid: boolean) => Promise<void>;
    };

export type DrawSettlement<Split> = {
  money: DrawMoney;
  /** The journal's description of the draw's payments; its moves are described `<description>: <leg>`. */
  description: string;
  /** The payments' own description, when it is not `description`. */
  paymentDescription?: string;
  /**
   * Once per draw, under the product's settlement lock: the split of the draw's money given what the
   * rollover holds, and the aggregate moves it makes.
   */
  plan: (
    trx: Trx,
    held: { reserve: number; accounts: DrawAccounts },
  ) => Promise<{ split: Split; moves: readonly DrawMove[] }> | { split: Split; moves: readonly DrawMove[] };
  /** The payments of a split, in the order every run pays them. */
  payments: (split: Split) => readonly DrawPayment[];
  record: SettlementRecord<Split>;
};

/** Payments per recorded batch (each one ledger credit). */
const PAYMENT_BATCH = 2_000;
/** Credits in flight at once: within the pool, and each holds the fund's row for one statement only. */
const PAYMENT_LANES = 6;

/**
 * Pays one drawn draw (docs/draws.md step 6, "Money"), exactly once however often it runs, on however
 * many processes:
 *
 * 1. Once per draw, in ONE transaction under the product's settlement lock (an advisory lock: the rollover
 *    is read and moved by one settlement at a time): what the rollover holds is read, the product's rules
 *    split the draw's money (`plan`), its aggregate moves are made, each under its key `draw:<id>:<leg>`,
 *    and the product's settlement row is stored with them. A second run finds the row.
 * 2. The payments (`SettlementRecord` says when): each member's cash credited from the fund under
 *    `draw:<id>:<key>` (withdrawable, or as a game's win for a `bet` product), a refund in kind from the
 *    budget; then the product's records and the tickets' prizes in the engine's list.
 *
 * Prizes are winnings of a ticket bought, not a promotion's reward: a member blocked since the purchase is
 * still paid what the ticket won.
 */
export async function settleDrawMoney<Split>(
  db: Db,
  draw: DrawRecord,
  settlement: DrawSettlement<Split>,
): Promise<void> {
  const { record } = settlement;
  if (record.payments === 'with-the-split') {
    if (await record.isSettled(db, draw.id)) return;
    const accounts = await openDrawMoney(db, settlement.money);
    await retryingTransaction(db, async (trx) => {
      await repository.lockProductSettlements(trx, settlement.money.product);
      if (await record.isSettled(trx, draw.id)) return;
      const split = await moveSplit(trx, draw, settlement, accounts);
      await record.insert(trx, draw.id, split);
      const payments = settlement.payments(split);
      const paid: PaidPayment[] = [];
      for (const payment of payments) {
        paid.push({ ...payment, transactionId: await pay(trx, draw, settlement, accounts, payment) });
      }
      await record.recordPayments(trx, paid);
      await recordPrizes(
        trx,
        draw.id,
        payments.flatMap((payment) => payment.tickets),
      );
    });
    return;
  }

  if ((await record.find(db, draw.id))?.paid) return;
  const accounts = await openDrawMoney(db, settlement.money);
  const stored = await retryingTransaction(db, async (trx) => {
    await repository.lockProductSettlements(trx, settlement.money.product);
    const existing = await record.find(trx, draw.id);
    if (existing) return existing;
    const split = await moveSplit(trx, draw, settlement, accounts);
    const payees = settlement.payments(split).length;
    await record.insert(trx, draw.id, split, payees);
    return { split, payees, payeesPaid: 0, paid: payees === 0 };
  });
  const payments = settlement.payments(stored.split);
  if (stored.payees !== payments.length) {
    throw new Error(`draw ${draw.id}: ${payments.length} payments, the settlement counted ${stored.payees}`);
  }

  for (;;) {
    const progress = await record.find(db, draw.id);
    if (!progress || progress.paid) return;
    const from = progress.payeesPaid;
    const batch = payments.slice(from, from + PAYMENT_BATCH);
    // The credits first, several at once, each its own ledger transaction under its key (a replay, after a
    // crash or beside another run, answers the first credit): the fund's row is locked one statement at a
    // time, not for a whole batch.
    const transactionIds = new Map<DrawPayment, number | null>();
    await inLanes(batch, PAYMENT_LANES, async (payment) => {
      transactionIds.set(payment, await pay(db, draw, settlement, accounts, payment));
    });
    // Then the batch's records and the cursor, in one transaction, by the run whose cursor it still is.
    const done = await retryingTransaction(db, async (trx) => {
      const locked = await record.lock(trx, draw.id);
      if (!locked || locked.paid) return true;
      if (locked.payeesPaid !== from) return false;
      await record.recordPayments(
        trx,
        batch.map((payment) => ({ ...payment, transactionId: transactionIds.get(payment) ?? null })),
      );
      await recordPrizes(
        trx,
        draw.id,
        batch.flatMap((payment) => payment.tickets),
      );
      const through = from + batch.length;
      await record.advance(trx, draw.id, through, through === payments.length);
      return through === payments.length;
    });
    if (done) return;
  }
}

/** The split from what the rollover holds, and its aggregate money moved (under the settlement lock). */
async function moveSplit<Split>(
  trx: Trx,
  draw: DrawRecord,
  settlement: DrawSettlement<Split>,
  accounts: DrawAccounts,
): Promise<Split> {
  const reserve = (await getAccountBalances(trx, accounts.rollover)).cash;
  const { split, moves } = await settlement.plan(trx, { reserve, accounts });
  for (const move of moves) {
    if (move.amount <= 0) continue;
    await transfer(trx, {
      from: move.from,
      to: move.to,
      key: `draw:${draw.id}:${move.leg}`,
      kind: move.kind,
      amount: move.amount,
      // A fund that pays prizes withdrawable holds withdrawable cash only; a `bet` product's holds none.
      withdrawable: settlement.money.cash.as === 'purchase',
      description: `${settlement.description}: ${move.leg}`,
    });
  }
  return split;
}

/**
 * One payment: its cash from the fund, withdrawable (`purchase`: the fund holds real money only), or as a
 * game pays a win (`bet`: to the member's house shard, then credited with its money fact, withdrawable in
 * the stake's own proportion, so a bonus-funded ticket's prize stays bonus); a refund in kind from the
 * budget. Answers the cash credit's journal transaction.
 */
async function pay<Split>(
  db: Db | Trx,
  draw: DrawRecord,
  settlement: DrawSettlement<Split>,
  accounts: DrawAccounts,
  payment: DrawPayment,
): Promise<number | null> {
  const key = (part: string) => `draw:${draw.id}:${part}`;
  const description = settlement.paymentDescription ?? settlement.description;
  const { memberId, cash } = payment;
  let transactionId: number | null = null;
  if (cash > 0 && settlement.money.cash.as === 'purchase') {
    ({ transactionId } = await creditMember(db, {
      memberId,
      from: accounts.fund,
      key: key(payment.key),
      kind: 'win',
      cash,
      withdrawable: cash,
      description,
    }));
  } else if (cash > 0) {
    const house = ACCOUNT.houseFor(memberId);
    await transfer(db, {
      from: accounts.fund,
      to: house,
      key: key(`fund:${payment.ref}`),
      kind: 'adjustment',
      amount: cash,
      memberId,
      description,
    });
    ({ transactionId } = await creditMember(db, {
      memberId,
      from: house,
      key: key(payment.key),
      kind: 'win',
      cash,
      withdrawable: cash,
      stakes: payment.stake ? [payment.stake] : undefined,
      fact: { kind: 'win', ref: `${settlement.money.product}:${draw.id}` },
      description,
    }));
  }
  if (payment.coins || payment.diamonds) {
    await creditMember(db, {
      memberId,
      from: accounts.budget,
      key: key(`refund:${payment.ref}`),
      kind: 'refund',
      coins: payment.coins ?? 0,
      diamonds: payment.diamonds ?? 0,
      description: `${description}: refund`,
    });
  }
  return transactionId;
}

/** Runs `work` over `items` with at most `lanes` at a time. */
async function inLanes<T>(
  items: readonly T[],
  lanes: number,
  work: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(lanes, items.length) }, async () => {
      while (next < items.length) {
        const item = items[next]!;
        next += 1;
        await work(item);
      }
    }),
  );
}
