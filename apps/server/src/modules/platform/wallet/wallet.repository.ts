import { sql, type Kysely, type Transaction } from 'kysely';
import type { Asset, Database, LedgerAccountKind, MoneyFactKind } from '../../../db/schema.ts';

type Db = Kysely<Database> | Transaction<Database>;

export type LockedAccount = {
  id: number;
  code: string;
  overdraft: boolean;
  cash: number;
  withdrawable: number;
  coins: number;
  diamonds: number;
  tickets: number;
};

/** Creates a member's account if it does not exist yet (concurrent callers are fine). */
export async function ensurePlayerAccount(db: Db, memberId: number): Promise<void> {
  await db
    .insertInto('ledger_account')
    .values({ code: `player:${memberId}`, kind: 'player', member_id: memberId })
    .onConflict((conflict) => conflict.column('code').doNothing())
    .execute();
}

/** Creates an account of the house's side (a programme's budget) if it does not exist yet. */
export async function ensureAccount(
  db: Db,
  account: { code: string; kind: LedgerAccountKind; overdraft: boolean },
): Promise<void> {
  await db
    .insertInto('ledger_account')
    .values({ code: account.code, kind: account.kind, member_id: null })
    .onConflict((conflict) => conflict.column('code').doNothing())
    .execute();
  if (account.overdraft) {
    // `overdraft` is set once, at creation (the column takes no update from the application's types).
    await sql`update ledger_account set overdraft = true where code = ${account.code} and not overdraft`.execute(
      db,
    );
  }
}

type FactRow = {
  kind: MoneyFactKind;
  memberId: number;
  amount: number;
  gameId?: number | null | undefined;
  ref: string;
};

/** The money fact of a journal transaction just inserted (the general path; the functions write their own). */
export async function insertFact(
  trx: Transaction<Database>,
  fact: FactRow,
  transactionId: number,
  ownMoney: number,
): Promise<void> {
  await trx
    .insertInto('money_fact')
    .values({
      kind: fact.kind,
      member_id: fact.memberId,
      amount: fact.amount,
      game_id: fact.gameId ?? null,
      source_ref: fact.ref,
      transaction_id: transactionId,
      own_money: ownMoney,
    })
    .execute();
}

/** Locks accounts in id order (the fixed lock order that keeps concurrent transfers from deadlocking). */
export async function lockAccounts(trx: Transaction<Database>, codes: string[]): Promise<LockedAccount[]> {
  return trx
    .selectFrom('ledger_account')
    .select(['id', 'code', 'overdraft', 'cash', 'withdrawable', 'coins', 'diamonds', 'tickets'])
    .where('code', 'in', codes)
    .orderBy('id')
    .forUpdate()
    .execute();
}

export async function applyDeltas(
  trx: Transaction<Database>,
  accountId: number,
  deltas: Record<Asset, number>,
): Promise<void> {
  await trx
    .updateTable('ledger_account')
    .set({
      cash: sql<number>`cash + ${deltas.cash}`,
      withdrawable: sql<number>`withdrawable + ${deltas.withdrawable}`,
      coins: sql<number>`coins + ${deltas.coins}`,
      diamonds: sql<number>`diamonds + ${deltas.diamonds}`,
      ...(deltas.tickets === 0 ? {} : { tickets: sql<number>`tickets + ${deltas.tickets}` }),
    })
    .where('id', '=', accountId)
    .execute();
}

/** Inserts the transaction's header; undefined when its idempotency key was used before. */
export async function insertTransaction(
  trx: Transaction<Database>,
  header: { key: string; payloadHash: string; kind: string; memberId: number | null; description: string },
): Promise<number | undefined> {
  const row = await trx
    .insertInto('journal_transaction')
    .values({
      idempotency_key: header.key,
      payload_hash: header.payloadHash,
      kind: header.kind,
      member_id: header.memberId,
      description: header.description,
    })
    .onConflict((conflict) => conflict.column('idempotency_key').doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

export async function findTransactionByKey(db: Db, key: string) {
  return db
    .selectFrom('journal_transaction')
    .select(['id', 'payload_hash'])
    .where('idempotency_key', '=', key)
    .executeTakeFirst();
}

export async function insertEntries(
  trx: Transaction<Database>,
  entries: { transactionId: number; accountId: number; asset: Asset; amount: number; kind: string | null }[],
): Promise<void> {
  await trx
    .insertInto('journal_entry')
    .values(
      entries.map((entry) => ({
        transaction_id: entry.transactionId,
        account_id: entry.accountId,
        asset: entry.asset,
        amount: entry.amount,
        kind: entry.kind,
      })),
    )
    .execute();
}

/** An account's balances of every asset. */
function selectBalances(db: Db) {
  return db.selectFrom('ledger_account').select(['cash', 'withdrawable', 'coins', 'diamonds', 'tickets']);
}

export async function findPlayerBalances(db: Db, memberId: number) {
  return selectBalances(db).where('member_id', '=', memberId).executeTakeFirst();
}

export async function findAccountBalances(db: Db, code: string) {
  return selectBalances(db).where('code', '=', code).executeTakeFirst();
}

/** The type a leg is listed under: its own (a withdrawal's fee and tax legs), else its transaction's. */
const legKind = sql<string>`coalesce(e.kind, t.kind)`;

/** The member's cash taken by the transaction's tax legs (a deposit's excise, a withdrawal's tax), ≤ 0. */
const memberTaxCash = sql<number>`coalesce(sum(e.amount) filter (where e.asset = 'cash' and e.kind = 'tax'), 0)`;

/** A transaction's amounts over the legs read, per asset, and the member's cash its tax legs took. */
const assetSums = [
  sql<number>`coalesce(sum(e.amount) filter (where e.asset = 'cash'), 0)`.as('cash'),
  memberTaxCash.as('tax'),
  sql<number>`coalesce(sum(e.amount) filter (where e.asset = 'withdrawable'), 0)`.as('withdrawable'),
  sql<number>`coalesce(sum(e.amount) filter (where e.asset = 'coins'), 0)`.as('coins'),
  sql<number>`coalesce(sum(e.amount) filter (where e.asset = 'diamonds'), 0)`.as('diamonds'),
  sql<number>`coalesce(sum(e.amount) filter (where e.asset = 'tickets'), 0)`.as('tickets'),
] as const;

/** The member's own account, as a subquery. */
function memberAccount(db: Db, memberId: number) {
  return db.selectFrom('ledger_account').select('id').where('member_id', '=', memberId);
}

/**
 * The member's history: what each transaction did to the member's own account, one row per transaction
 * and leg type (a withdrawal's reservation is three rows, withdraw, fee and tax, sharing its id). Built
 * from the member's entries, so a transaction that only names the member (a withdrawal's settlement,
 * which moves the hold to the world) is no zero-amount row.
 */
function memberLegs(db: Db, memberId: number) {
  return db
    .selectFrom('journal_entry as e')
    .innerJoin('journal_transaction as t', 't.id', 'e.transaction_id')
    .where('e.account_id', '=', memberAccount(db, memberId))
    .groupBy(['t.id', legKind, 't.description', 't.created_at'])
    .select(['t.id', legKind.as('kind'), 't.description', 't.created_at', ...assetSums]);
}

/** One of the member's transactions as a whole (its type is the transaction's; amounts over all legs). */
export async function findMemberTransaction(db: Db, memberId: number, id: number) {
  return db
    .selectFrom('journal_entry as e')
    .innerJoin('journal_transaction as t', 't.id', 'e.transaction_id')
    .where('e.account_id', '=', memberAccount(db, memberId))
    .where('t.id', '=', id)
    .groupBy(['t.id', 't.kind', 't.description', 't.created_at'])
    .select(['t.id', 't.kind', 't.description', 't.created_at', ...assetSums])
    .executeTakeFirst();
}

/**
 * The member's diamond movements, newest first: one row per transaction that changed the member's diamonds
 * (a task's bonus, a spin's cost and prize, an exchange), older than `beforeId` when given, optionally of one type.
 */
export async function findMemberDiamondMovements(
  db: Db,
  memberId: number,
  query: { type?: string | undefined; beforeId?: number | undefined; limit: number },
) {
  let rows = db
    .selectFrom('journal_entry as e')
    .innerJoin('journal_transaction as t', 't.id', 'e.transaction_id')
    .where('e.account_id', '=', memberAccount(db, memberId))
    .where('e.asset', '=', 'diamonds');
  if (query.type) rows = rows.where('t.kind', '=', query.type as never);
  if (query.beforeId !== undefined) rows = rows.where('t.id', '<', query.beforeId);
  return rows
    .groupBy(['t.id', 't.kind', 't.description', 't.created_at'])
    .select(['t.id', 't.kind', 't.description', 't.created_at', sql<number>`sum(e.amount)`.as('diamonds')])
    .orderBy('t.id', 'desc')
    .limit(query.limit)
    .execute();
}

/** A page of the member's history rows, newest first, optionally of one type, and how many there are. */
export async function findMemberTransactionPage(
  db: Db,
  memberId: number,
  query: { type?: string | undefined; page: number; size: number },
) {
  const account = memberAccount(db, memberId);
  let rows = memberLegs(db, memberId);
  let total;
  if (query.type) {
    rows = rows.where(legKind, '=', query.type);
    total = db.selectFrom(rows.as('legs')).select((eb) => eb.fn.countAll<number>().as('total'));
  } else {
    // Every transaction is one row or more, so the rows of pages 1 to N are among the account's newest
    // N × size transactions: read from the index, only those are grouped.
    const newest = db
      .selectFrom('journal_entry')
      .select('transaction_id')
      .distinct()
      .where('account_id', '=', account)
      .orderBy('transaction_id', 'desc')
      .limit(query.page * query.size);
    rows = rows.where('e.transaction_id', '>=', (eb) =>
      eb.selectFrom(newest.as('newest')).select((min) => min.fn.min('newest.transaction_id').as('oldest')),
    );
    // A row is a transaction and a leg type, and a leg carries its own type only where it differs from its
    // transaction's (migration 0016), so the rows are the account's distinct transactions and leg types:
    // counted from the index alone, without reading a transaction.
    total = db
      .selectFrom(
        db
          .selectFrom('journal_entry')
          .select(['transaction_id', 'kind'])
          .distinct()
          .where('account_id', '=', account)
          .as('legs'),
      )
      .select((eb) => eb.fn.countAll<number>().as('total'));
  }
  const [page, counted] = await Promise.all([
    rows
      .orderBy('t.id', 'desc')
      .orderBy(legKind)
      .limit(query.size)
      .offset((query.page - 1) * query.size)
      .execute(),
    total.executeTakeFirstOrThrow(),
  ]);
  return { rows: page, total: Number(counted.total) };
}

export async function incomeTotals(db: Db, memberId: number) {
  return db
    .selectFrom('journal_entry as e')
    .innerJoin('journal_transaction as t', 't.id', 'e.transaction_id')
    .innerJoin('ledger_account as a', 'a.id', 'e.account_id')
    .where('a.member_id', '=', memberId)
    .where('e.asset', '=', 'cash')
    .where('e.amount', '>', 0)
    .groupBy(legKind)
    .select([legKind.as('kind'), sql<number>`sum(e.amount)`.as('total')])
    .execute();
}

/**
 * What some of the member's transactions did to the member's cash: in all, and by their tax legs. The
 * deposit records show a paid deposit's excise and what it credited from its transaction.
 */
export async function memberCashOf(db: Db, memberId: number, transactionIds: number[]) {
  if (transactionIds.length === 0) return [];
  return db
    .selectFrom('journal_entry as e')
    .where('e.account_id', '=', memberAccount(db, memberId))
    .where('e.transaction_id', 'in', transactionIds)
    .where('e.asset', '=', 'cash')
    .groupBy('e.transaction_id')
    .select([
      'e.transaction_id',
      sql<number>`sum(e.amount)`.as('cash'),
      sql<number>`coalesce(sum(e.amount) filter (where e.kind = 'tax'), 0)`.as('tax'),
    ])
    .execute();
}

/** What the member's deposits put into the balance: the cash of the member's deposit transactions, net of their excise. */
export async function depositedCash(db: Db, memberId: number): Promise<number> {
  const row = await db
    .selectFrom('journal_entry as e')
    .innerJoin('journal_transaction as t', 't.id', 'e.transaction_id')
    .where('e.account_id', '=', memberAccount(db, memberId))
    .where('t.kind', '=', 'deposit')
    .where('e.asset', '=', 'cash')
    .select(sql<number>`coalesce(sum(e.amount), 0)`.as('total'))
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

/**
 * The member's latest deposit in [from, until]: its journal transaction, when, and the cash it put into the
 * balance (net of its excise). Read by the member's transactions index (member_id, kind, id).
 */
export async function latestDepositBetween(
  db: Db,
  memberId: number,
  from: Date,
  until: Date,
): Promise<{ transactionId: number; amount: number; at: Date } | null> {
  const row = await db
    .selectFrom('journal_transaction as t')
    .innerJoin('journal_entry as e', 'e.transaction_id', 't.id')
    .where('t.member_id', '=', memberId)
    .where('t.kind', '=', 'deposit')
    .where('t.created_at', '>=', from)
    .where('t.created_at', '<=', until)
    .where('e.asset', '=', 'cash')
    .where('e.account_id', '=', memberAccount(db, memberId))
    .groupBy(['t.id', 't.created_at'])
    .orderBy('t.id', 'desc')
    .limit(1)
    .select(['t.id', 't.created_at', sql<number>`sum(e.amount)`.as('amount')])
    .executeTakeFirst();
  return row ? { transactionId: Number(row.id), amount: Number(row.amount), at: row.created_at } : null;
}

/**
 * What the member staked after a journal transaction until an instant: their bets' money facts less the
 * refunded ones (the stake GGR counts), real and bonus money alike.
 */
export async function stakedAfter(
  db: Db,
  memberId: number,
  afterTransactionId: number,
  until: Date,
): Promise<number> {
  const row = await db
    .selectFrom('journal_transaction as t')
    .innerJoin('money_fact as f', 'f.transaction_id', 't.id')
    .where('t.member_id', '=', memberId)
    .where('t.id', '>', afterTransactionId)
    .where('t.created_at', '<=', until)
    .where('f.kind', 'in', ['bet', 'rollback'])
    .select(
      sql<number>`coalesce(sum(case when f.kind = 'bet' then f.amount else -f.amount end), 0)`.as('staked'),
    )
    .executeTakeFirstOrThrow();
  return Number(row.staked);
}

/**
 * `span_ids` (lo, hi): the ids of a span's journal transactions as a range, so that an account's entries of
 * the span are read by (account_id, transaction_id) (migration 0103) rather than every entry the account ever
 * had (a tax account has one per deposit). Every transaction of the span lies in the range; the queries check
 * the time on the transaction as well. The count keeps the planner from answering min and max by walking the
 * primary key from one end; the span is found by the BRIN index on the time.
 */
function spanIds(span: { from: Date; to: Date }) {
  return sql`span_ids as materialized (
    select min(id) as lo, max(id) as hi, count(*) as transactions from journal_transaction
    where created_at >= ${span.from} and created_at < ${span.to}
  )`;
}

/**
 * The postings to a tax account between two instants, one row per journal transaction: the tax it
 * booked (cash into the account) and the amount it was levied on, the cash that left `source` in the
 * same transaction (`clearing:mpesa` for a deposit, the withdrawal hold for a paid withdrawal).
 */
export async function taxPostingsBetween(
  db: Db,
  input: { taxAccount: string; source: string; from: Date; to: Date },
): Promise<{ transactions: number; tax: number; amount: number }> {
  const result = await sql<{ transactions: number; tax: number; amount: number }>`
    with ${spanIds(input)}, taxed as (
      select e.transaction_id, sum(e.amount) as tax
      from span_ids s
      join journal_entry e on e.transaction_id between s.lo and s.hi
      join journal_transaction t on t.id = e.transaction_id
      where e.account_id = (select id from ledger_account where code = ${input.taxAccount})
        and e.asset = 'cash'
        and t.created_at >= ${input.from} and t.created_at < ${input.to}
      group by e.transaction_id
    )
    select
      count(*) as transactions,
      coalesce(sum(taxed.tax), 0) as tax,
      coalesce(sum((
        select -sum(s.amount) from journal_entry s
        where s.transaction_id = taxed.transaction_id and s.asset = 'cash'
          and s.account_id = (select id from ledger_account where code = ${input.source})
      )), 0) as amount
    from taxed
  `.execute(db);
  const row = result.rows[0];
  return {
    transactions: Number(row?.transactions ?? 0),
    tax: Number(row?.tax ?? 0),
    amount: Number(row?.amount ?? 0),
  };
}

type StatementHeader = {
  key: string;
  payloadHash: string;
  kind: string;
  memberId: number | null;
  description: string;
  fact?: FactRow | undefined;
};

function postedOf(rows: { transaction_id: number; replayed: boolean }[]): {
  transactionId: number;
  replayed: boolean;
} {
  const [row] = rows;
  if (!row) throw new Error('the ledger function returned nothing');
  return { transactionId: Number(row.transaction_id), replayed: row.replayed };
}

/** One journal transaction in one statement (`ledger_post`, ledger.sql.ts): fixed postings and an optional debit. */
export async function postStatement(
  db: Db,
  header: StatementHeader,
  postings: { account: string; asset: Asset; amount: number }[],
  debit: { player: string; to: string; amount: number } | undefined,
) {
  const { rows } = await sql<{ transaction_id: number; replayed: boolean }>`
    select transaction_id, replayed from ledger_post(
      ${header.key}, ${header.payloadHash}, ${header.kind}, ${header.memberId}, ${header.description},
      ${JSON.stringify(postings)}::jsonb, ${debit ? JSON.stringify(debit) : null}::jsonb,
      ${header.fact ? JSON.stringify({ ...header.fact, gameId: header.fact.gameId ?? null }) : null}::jsonb
    )`.execute(db);
  return postedOf(rows);
}

/** A member debit alone in one statement (`ledger_debit`, ledger.sql.ts). */
export async function postDebitStatement(
  db: Db,
  header: StatementHeader,
  debit: { player: string; to: string; amount: number },
) {
  const { rows } = await sql<{ transaction_id: number; replayed: boolean }>`
    select transaction_id, replayed from ledger_debit(
      ${header.key}, ${header.payloadHash}, ${header.kind}, ${header.memberId}, ${header.description},
      ${debit.player}, ${debit.to}, ${debit.amount},
      ${header.fact?.kind ?? null}, ${header.fact?.gameId ?? null}::integer, ${header.fact?.ref ?? null}
    )`.execute(db);
  return postedOf(rows);
}

/** A member credit from one account in one statement (`ledger_credit`, ledger.sql.ts). */
export async function postCreditStatement(
  db: Db,
  header: StatementHeader,
  credit: { from: string; player: string; cash: number; withdrawable: number },
  stakes?: number[],
) {
  const { rows } = await sql<{ transaction_id: number; replayed: boolean }>`
    select transaction_id, replayed from ledger_credit(
      ${header.key}, ${header.payloadHash}, ${header.kind}, ${header.memberId}, ${header.description},
      ${credit.from}, ${credit.player}, ${credit.cash}, ${credit.withdrawable},
      ${header.fact?.kind ?? null}, ${header.fact?.gameId ?? null}::integer, ${header.fact?.ref ?? null},
      ${stakes && stakes.length > 0 ? `{${stakes.map((id) => Math.trunc(id)).join(',')}}` : null}::bigint[]
    )`.execute(db);
  return postedOf(rows);
}

/** A consumer's cursor over the money facts, made at its first run (at the start). */
export async function ensureFactCursor(db: Db, consumer: string): Promise<void> {
  await db
    .insertInto('fact_cursor')
    .values({ consumer })
    .onConflict((conflict) => conflict.column('consumer').doNothing())
    .execute();
}

/** The consumer's cursor, locked until the caller's transaction ends. */
export async function lockFactCursor(trx: Transaction<Database>, consumer: string) {
  return trx
    .selectFrom('fact_cursor')
    .select(['last_xid', 'last_transaction_id'])
    .where('consumer', '=', consumer)
    .forUpdate()
    .executeTakeFirstOrThrow();
}

/**
 * The facts after a cursor in (xid, transaction_id) order, only those written by transactions older than every one
 * still in flight (money-facts.ts says why).
 */
export async function factsAfter(
  trx: Transaction<Database>,
  cursor: { last_xid: string; last_transaction_id: number },
  limit: number,
) {
  const { rows } = await sql<{
    xid_text: string;
    kind: MoneyFactKind;
    member_id: number;
    amount: number;
    game_id: number | null;
    source_ref: string;
    transaction_id: number;
    own_money: number;
    created_at: Date;
  }>`
    select f.xid::text as xid_text, f.kind, f.member_id, f.amount, f.game_id, f.source_ref,
      f.transaction_id, f.own_money, f.created_at
    from money_fact f
    where (f.xid, f.transaction_id) > (${cursor.last_xid}::xid8, ${cursor.last_transaction_id})
      and f.xid < pg_snapshot_xmin(pg_current_snapshot())
    -- The column, not its text (an output name would sort '1033' before '775').
    order by f.xid, f.transaction_id
    limit ${limit}`.execute(trx);
  return rows;
}

export async function moveFactCursor(
  trx: Transaction<Database>,
  consumer: string,
  to: { xid: string; transactionId: number; count: number },
): Promise<void> {
  await trx
    .updateTable('fact_cursor')
    .set({
      last_xid: to.xid,
      last_transaction_id: to.transactionId,
      consumed: sql<number>`consumed + ${to.count}`,
      updated_at: new Date(),
    })
    .where('consumer', '=', consumer)
    .execute();
}

/**
 * Whether the consumer has facts to read now (after its cursor and below the oldest transaction in flight,
 * as `factsAfter` reads them), or no cursor yet. One statement, outside any transaction: a hint whether to
 * open one, never the batch itself.
 */
export async function readableFactsWaiting(
  db: Db,
  consumer: string,
): Promise<'none' | 'facts' | 'no cursor'> {
  const { rows } = await sql<{ has_cursor: boolean; readable: boolean }>`
    select
      exists (select 1 from fact_cursor where consumer = ${consumer}) as has_cursor,
      exists (
        select 1 from money_fact f, fact_cursor c
        where c.consumer = ${consumer} and (f.xid, f.transaction_id) > (c.last_xid, c.last_transaction_id)
          and f.xid < pg_snapshot_xmin(pg_current_snapshot())
      ) as readable`.execute(db);
  const [row] = rows;
  if (!row?.has_cursor) return 'no cursor';
  return row.readable ? 'facts' : 'none';
}

/** Whether a committed fact lies after the consumer's cursor (counted or not yet readable). */
export async function hasFactsAfterCursor(db: Db, consumer: string): Promise<boolean> {
  const { rows } = await sql<{ pending: boolean }>`
    select exists (
      select 1 from money_fact f, fact_cursor c
      where c.consumer = ${consumer} and (f.xid, f.transaction_id) > (c.last_xid, c.last_transaction_id)
    ) as pending`.execute(db);
  return rows[0]?.pending === true;
}

/**
 * What every promotion budget (`promo:<programme>:budget`) paid out net, per budget account and local day
 * of `timeZone` in [from, to): the ledger's own answer to "what did this programme cost". A payout is a
 * debit of the budget; money returned to it (a forfeit) counts back. The withdrawable part is a part of
 * the cash, not more money, so it is not summed.
 */
export async function promotionBudgetOutflows(
  db: Db,
  input: { from: Date; to: Date; timeZone: string },
): Promise<
  {
    day: string;
    account: string;
    cash: number;
    coins: number;
    diamonds: number;
    tickets: number;
    transactions: number;
  }[]
> {
  const result = await sql<{
    day: string;
    account: string;
    cash: string;
    coins: string;
    diamonds: string;
    tickets: string;
    transactions: string;
  }>`
    with ${spanIds(input)}
    select to_char(t.created_at at time zone ${input.timeZone}, 'YYYY-MM-DD') as day, a.code as account,
      -coalesce(sum(e.amount) filter (where e.asset = 'cash'), 0) as cash,
      -coalesce(sum(e.amount) filter (where e.asset = 'coins'), 0) as coins,
      -coalesce(sum(e.amount) filter (where e.asset = 'diamonds'), 0) as diamonds,
      -coalesce(sum(e.amount) filter (where e.asset = 'tickets'), 0) as tickets,
      count(distinct t.id) as transactions
    from span_ids s
    join ledger_account a on a.kind = 'promotion' and a.code like 'promo:%:budget'
    join journal_entry e on e.account_id = a.id and e.transaction_id between s.lo and s.hi
    join journal_transaction t on t.id = e.transaction_id
    where t.created_at >= ${input.from} and t.created_at < ${input.to}
    group by 1, 2
    order by 1, 2
  `.execute(db);
  return result.rows.map((row) => ({
    day: row.day,
    account: row.account,
    cash: Number(row.cash),
    coins: Number(row.coins),
    diamonds: Number(row.diamonds),
    tickets: Number(row.tickets),
    transactions: Number(row.transactions),
  }));
}

/** The smallest journal transaction among the member's deposit facts (`firstDepositTransaction`). */
export async function firstDepositTransaction(db: Db, memberId: number): Promise<number | undefined> {
  const row = await db
    .selectFrom('money_fact')
    .select((eb) => eb.fn.min('transaction_id').as('first'))
    .where('member_id', '=', memberId)
    .where('kind', '=', 'deposit')
    .executeTakeFirst();
  return row?.first === null || row?.first === undefined ? undefined : Number(row.first);
}

/**
 * How much withdrawable money each journal transaction moved into (+) or out of (−) the named member's
 * player account (`ownMoneyMoved`): one statement for a batch.
 */
export async function withdrawableMoved(
  db: Db,
  transactions: readonly { transactionId: number; memberId: number }[],
): Promise<Map<number, number>> {
  if (transactions.length === 0) return new Map();
  const { rows } = await sql<{ transaction_id: string; moved: string }>`
    select f.transaction_id, coalesce(sum(e.amount), 0) as moved
    from unnest(${transactions.map((each) => each.transactionId)}::bigint[],
      ${transactions.map((each) => each.memberId)}::bigint[]) as f(transaction_id, member_id)
    left join ledger_account a on a.code = 'player:' || f.member_id
    left join journal_entry e
      on e.transaction_id = f.transaction_id and e.account_id = a.id and e.asset = 'withdrawable'
    group by f.transaction_id`.execute(db);
  return new Map(rows.map((row) => [Number(row.transaction_id), Number(row.moved)]));
}

/** Per kind of money fact written in [from, to): how many, their amounts and their own-money parts. */
export async function factTotalsBetween(db: Db, input: { from: Date; to: Date }) {
  const { rows } = await sql<{ kind: MoneyFactKind; facts: string; amount: string; own_money: string }>`
    select kind, count(*) as facts, coalesce(sum(amount), 0) as amount, coalesce(sum(own_money), 0) as own_money
    from money_fact
    where created_at >= ${input.from} and created_at < ${input.to}
    group by kind`.execute(db);
  return rows;
}

/** The tax-payable accounts whose legs are events of their own, by event (ledger-reads.ts names them). */
export type TaxAccounts = { 'deposit-excise': string; 'withdrawal-tax': string };
type TaxEvent = keyof TaxAccounts;

const taxCodes = (accounts: TaxAccounts) => sql.join(Object.values(accounts));
/** The event a tax leg is, from its account's code (`a`). */
const taxEventOf = (accounts: TaxAccounts) =>
  sql<TaxEvent>`case a.code when ${accounts['deposit-excise']} then 'deposit-excise' else 'withdrawal-tax' end`;

/**
 * Every money fact written in [from, to) and every tax leg booked then, one row each, in (time, journal
 * transaction, fact before tax) order: an unexecuted query for a cursor (ledger-reads.ts). A tax leg is the
 * cash its journal transaction put into a tax-payable account; its time and member are its transaction's.
 */
export function ledgerEventsQuery(input: { from: Date; to: Date; taxAccounts: TaxAccounts }) {
  return sql<LedgerEventRow>`
    with ${spanIds(input)}
    select f.created_at, f.transaction_id, f.kind, f.member_id, f.amount, f.own_money, f.game_id, f.source_ref
    from money_fact f
    where f.created_at >= ${input.from} and f.created_at < ${input.to}
    union all
    select t.created_at, t.id, ${taxEventOf(input.taxAccounts)},
      t.member_id, e.amount, e.amount, null, t.idempotency_key
    from span_ids s
    join ledger_account a on a.code in (${taxCodes(input.taxAccounts)})
    join journal_entry e on e.account_id = a.id and e.transaction_id between s.lo and s.hi
    join journal_transaction t on t.id = e.transaction_id
    where e.asset = 'cash' and t.created_at >= ${input.from} and t.created_at < ${input.to}
    order by 1, 2, 3`;
}

export type LedgerEventRow = {
  created_at: Date;
  transaction_id: string;
  kind: MoneyFactKind | TaxEvent;
  member_id: string;
  amount: string;
  own_money: string;
  game_id: number | null;
  source_ref: string;
};

/**
 * The facts of [from, to) summed per member and kind, members in id order: an unexecuted query for a cursor.
 * `tax` is what the member's transactions booked to the tax accounts in the same span.
 */
export function memberTotalsQuery(input: { from: Date; to: Date; taxAccounts: TaxAccounts }) {
  return sql<MemberTotalsRow>`
    with ${spanIds(input)}, facts as (
      select member_id, kind, count(*) as facts, sum(amount) as amount, sum(own_money) as own_money
      from money_fact
      where created_at >= ${input.from} and created_at < ${input.to}
      group by member_id, kind
    ), taxes as (
      select t.member_id, sum(e.amount) as tax
      from span_ids s
      join ledger_account a on a.code in (${taxCodes(input.taxAccounts)})
      join journal_entry e on e.account_id = a.id and e.transaction_id between s.lo and s.hi
      join journal_transaction t on t.id = e.transaction_id
      where e.asset = 'cash' and t.created_at >= ${input.from} and t.created_at < ${input.to}
      group by t.member_id
    )
    select m.member_id,
      coalesce(jsonb_object_agg(f.kind, jsonb_build_array(f.facts, f.amount, f.own_money))
        filter (where f.kind is not null), '{}') as kinds,
      coalesce(max(x.tax), 0) as tax
    from (select member_id from facts union select member_id from taxes) m
    left join facts f on f.member_id = m.member_id
    left join taxes x on x.member_id = m.member_id
    group by m.member_id
    order by m.member_id`;
}

export type MemberTotalsRow = {
  member_id: string;
  /** kind → [facts, amount, own money], numbers as JSON. */
  kinds: Record<string, [number, number, number]>;
  tax: string;
};

/** The facts of [from, to) summed per game (null: no game, as deposits) and kind, in game id order. */
export async function gameTotalsBetween(db: Db, input: { from: Date; to: Date }) {
  const { rows } = await sql<{
    game_id: number | null;
    kind: MoneyFactKind;
    facts: string;
    amount: string;
    own_money: string;
  }>`
    select game_id, kind, count(*) as facts, sum(amount) as amount, sum(own_money) as own_money
    from money_fact
    where created_at >= ${input.from} and created_at < ${input.to} and game_id is not null
    group by game_id, kind
    order by game_id, kind`.execute(db);
  return rows;
}

/** The cash each of these journal transactions booked to a tax account, by transaction and tax event. */
export async function taxesOfTransactions(
  db: Db,
  transactionIds: readonly number[],
  taxAccounts: TaxAccounts,
) {
  if (transactionIds.length === 0) return [];
  const { rows } = await sql<{ transaction_id: string; event: TaxEvent; tax: string }>`
    select e.transaction_id, ${taxEventOf(taxAccounts)} as event, sum(e.amount) as tax
    from journal_entry e
    join ledger_account a on a.id = e.account_id
    where e.transaction_id = any(${[...transactionIds]}::bigint[])
      and a.code in (${taxCodes(taxAccounts)}) and e.asset = 'cash'
    group by e.transaction_id, a.code
    order by e.transaction_id, a.code`.execute(db);
  return rows.map((row) => ({
    transactionId: Number(row.transaction_id),
    event: row.event,
    tax: Number(row.tax),
  }));
}

/**
 * The deposit facts of [from, to) that are their member's first (no deposit fact with a smaller journal
 * transaction, as `firstDepositTransaction` reads it): how many and their amount.
 */
export async function firstDepositsBetween(db: Db, input: { from: Date; to: Date }) {
  const { rows } = await sql<{ facts: string; amount: string }>`
    select count(*) as facts, coalesce(sum(f.amount), 0) as amount
    from money_fact f
    where f.kind = 'deposit' and f.created_at >= ${input.from} and f.created_at < ${input.to}
      and not exists (
        select 1 from money_fact earlier
        where earlier.kind = 'deposit' and earlier.member_id = f.member_id
          and earlier.transaction_id < f.transaction_id
      )`.execute(db);
  return { facts: Number(rows[0]?.facts ?? 0), amount: Number(rows[0]?.amount ?? 0) };
}

/** The time of the ledger's first journal transaction (its smallest id), if any. */
export async function firstTransactionTime(db: Db): Promise<Date | undefined> {
  const row = await db
    .selectFrom('journal_transaction')
    .select('created_at')
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  return row ? new Date(row.created_at) : undefined;
}
