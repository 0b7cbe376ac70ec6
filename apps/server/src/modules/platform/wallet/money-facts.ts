import type { Kysely, Transaction } from 'kysely';
import type { Database, MoneyFactKind } from '../../../db/schema.ts';
import { retryingTransaction } from '../../../db/transactions.ts';
import type { Job } from '../../../jobs/job-runner.ts';
import * as repository from './wallet.repository.ts';

/** How often the consumers' jobs look for new facts (seconds): a big win is announced within a few. */
export const FACT_CONSUMER_SECONDS = 2;

/**
 * The consumers' jobs run in one job queue (`Job.group`), one after the other on each pass: one queue polling,
 * chaining and recording its runs for all of them costs the server a seventh of one queue per consumer.
 */
export const FACT_CONSUMERS_QUEUE = 'money-fact-consumers';

/**
 * Facts a batch takes at most. A consumer's job pass takes batches while they come full and leaves a
 * partial batch's remainder to its next pass (`while (await consume…() === FACT_BATCH_LIMIT)`): a pass that
 * went on until a batch came back empty chased the facts of the bets still being played, a transaction of
 * five statements for a handful of facts, over and over, on every busy second (issue 22).
 */
export const FACT_BATCH_LIMIT = 500;

/**
 * Reading money facts (migration 0031, docs/decisions.md "Money facts"). The wallet writes one fact with
 * every bet, win, rollback, paid deposit and paid withdrawal, in the money's own database transaction;
 * whatever counts them is a CONSUMER with a cursor of its own (`fact_cursor`), and takes them a batch at a
 * time with `consumeFacts`: its handler counts a batch inside the same database transaction that moves its
 * cursor past it, so a batch is counted entirely once or not at all, whatever stops the process.
 *
 * The order is (xid, transaction_id), and a batch only takes facts whose writing transaction is older than every
 * transaction still in flight (`xid < pg_snapshot_xmin(pg_current_snapshot())`). Ids alone would skip:
 * a fact's journal transaction id is taken when it is inserted, but its transaction may commit after one with a higher id was
 * read and the cursor moved past it. Every transaction older than the snapshot's xmin has ended, so the set
 * of facts below it is final, and any fact still to come has a higher xid than what was read. A long
 * transaction only delays the consumers; it never makes them skip.
 */
type Db = Kysely<Database>;

export type Fact = {
  /** The journal transaction the fact is: one fact per transaction, its identity. */
  transactionId: number;
  kind: MoneyFactKind;
  memberId: number;
  amount: number;
  /**
   * The OWN money of the fact: the withdrawable part of its journal entries on the member's account, as a
   * size like `amount` (a bet's real stake, a win's real share, a rollback's real part back). Bonus cash
   * (`cash − withdrawable`) is not own money: a stake's part paid from it (real money goes first) and the
   * share of a win that follows it (`ledger_credit`'s split) are not counted here (VIP points and weekly
   * cash back count own money only).
   */
  ownMoney: number;
  gameId: number | null;
  ref: string;
  createdAt: Date;
};

/** Counts a batch of facts inside the consumer's transaction (it may run again after a retry: database work only). */
export type FactHandler = (trx: Transaction<Database>, facts: Fact[]) => Promise<void>;

/** One batch for one consumer: how many facts it counted (0 when it had nothing new). */
export async function consumeFacts(
  db: Db,
  consumer: string,
  handle: FactHandler,
  { limit = FACT_BATCH_LIMIT }: { limit?: number } = {},
): Promise<number> {
  // One read outside any transaction first: a consumer with nothing readable (most passes of most
  // consumers) costs one statement, not a transaction of five (issue 22). It only decides whether to look;
  // the batch is read again under the cursor's lock below.
  const waiting = await repository.readableFactsWaiting(db, consumer);
  if (waiting === 'none') return 0;
  if (waiting === 'no cursor') await repository.ensureFactCursor(db, consumer);
  return retryingTransaction(db, async (trx) => {
    // Two runs of one consumer take turns here; the second then reads the cursor the first moved.
    const cursor = await repository.lockFactCursor(trx, consumer);
    const rows = await repository.factsAfter(trx, cursor, limit);
    const last = rows.at(-1);
    if (!last) return 0;
    await handle(
      trx,
      rows.map((row) => ({
        kind: row.kind,
        memberId: Number(row.member_id),
        amount: Number(row.amount),
        ownMoney: Number(row.own_money),
        gameId: row.game_id,
        ref: row.source_ref,
        transactionId: Number(row.transaction_id),
        createdAt: row.created_at,
      })),
    );
    await repository.moveFactCursor(trx, consumer, {
      xid: last.xid_text,
      transactionId: Number(last.transaction_id),
      count: rows.length,
    });
    return rows.length;
  });
}

/**
 * Batches until the consumer has counted every fact committed so far (tests, a process catching up before
 * it stops). A fact may be committed yet not readable for a moment: a transaction older than it is still in
 * flight somewhere on the PostgreSQL server (the snapshot's xmin is the whole server's), so this waits for
 * it, briefly, up to `timeoutMs`. With writers that never pause it may not finish: jobs use `consumeFacts`.
 * How many facts it counted.
 */
export async function consumeAllFacts(
  db: Db,
  consumer: string,
  handle: FactHandler,
  { limit, timeoutMs = 10_000 }: { limit?: number; timeoutMs?: number } = {},
): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  let total = 0;
  for (let wait = 1; ;) {
    const counted = await consumeFacts(db, consumer, handle, limit === undefined ? {} : { limit });
    total += counted;
    if (counted > 0) continue;
    if (!(await repository.hasFactsAfterCursor(db, consumer))) return total;
    if (Date.now() > deadline)
      throw new Error(`money facts: ${consumer} cannot read the facts after its cursor`);
    await new Promise((resolve) => setTimeout(resolve, wait));
    wait = Math.min(wait * 2, 50);
  }
}

/**
 * A reader of the money facts (docs/decisions.md "Money facts"), made from its declaration (issue 23 §2):
 * one batch, a catch-up to every fact committed so far (tests, a settlement, a process finishing its work),
 * and its job in the consumers' one queue, which takes full batches and leaves a partial one's remainder
 * to its next pass (issue 22).
 */
export type FactConsumer = {
  /** The consumer's cursor (`fact_cursor.consumer`) and its job's name. */
  name: string;
  consume: (db: Db, options?: { limit?: number }) => Promise<number>;
  catchUp: (db: Db) => Promise<number>;
  job: (db: Db) => Job;
};

export type FactConsumerDeclaration = {
  name: string;
  /** The kinds of fact it reads: a batch with none of them moves the cursor and asks nothing else. */
  kinds?: readonly MoneyFactKind[];
  /** Facts a catch-up takes a batch (a settlement reads a week at once). */
  catchUpLimit?: number;
};

/** A consumer that counts whatever happens (no programme switches it off). */
export function factConsumer(declaration: FactConsumerDeclaration & { handle: FactHandler }): FactConsumer {
  const handle = async (trx: Transaction<Database>, facts: Fact[]) => {
    const read = declaration.kinds ? facts.filter((fact) => declaration.kinds?.includes(fact.kind)) : facts;
    if (read.length > 0) await declaration.handle(trx, read);
  };
  return {
    name: declaration.name,
    consume: (db, options = {}) => consumeFacts(db, declaration.name, handle, options),
    catchUp: (db) =>
      consumeAllFacts(
        db,
        declaration.name,
        handle,
        declaration.catchUpLimit === undefined ? {} : { limit: declaration.catchUpLimit },
      ),
    job: (db) => ({
      name: declaration.name,
      schedule: { everySeconds: FACT_CONSUMER_SECONDS },
      group: FACT_CONSUMERS_QUEUE,
      run: async () => {
        while ((await consumeFacts(db, declaration.name, handle)) === FACT_BATCH_LIMIT);
      },
    }),
  };
}

/** The journal transaction of the member's first paid deposit (its money fact), if the member has one. */
export async function firstDepositTransaction(
  db: Kysely<Database> | Transaction<Database>,
  memberId: number,
): Promise<number | undefined> {
  return repository.firstDepositTransaction(db, memberId);
}

/**
 * The own money journal transactions moved for their members: the withdrawable part of their entries on
 * the member's account, signed (a debit −, a credit +), keyed by transaction. A money fact carries its own
 * (`Fact.ownMoney`); this is for a transaction without a fact, such as a draw ticket's purchase, which must
 * be paid in real money only.
 */
export async function ownMoneyMoved(
  db: Kysely<Database> | Transaction<Database>,
  transactions: readonly { transactionId: number; memberId: number }[],
): Promise<Map<number, number>> {
  return repository.withdrawableMoved(db, transactions);
}
