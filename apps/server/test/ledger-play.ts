import { sql } from 'kysely';
import {
  ACCOUNT,
  creditDeposit,
  creditMember,
  debitMember,
  openPromotionBudget,
  reserveWithdrawal,
  settleWithdrawal,
} from '../src/modules/platform/wallet/wallet.service.ts';
import type { TestMember } from './factory.ts';
import type { TestApp } from './test-app.ts';

/**
 * Play moved to a fixed day, for the tests that hold a report to the journal (the regulator's files, the back
 * office's reports): deposits, bets and wins with their money facts on a member's house shard, bonuses from a
 * programme's budget, paid withdrawals, then the transactions written since a mark dated to that day.
 */
type Ctx = Pick<TestApp, 'db'>;

/** A bet of the member's cash with its money fact (`gameId` absent: a stake without a game, a draw ticket). */
export function betOf(ctx: Ctx, who: Pick<TestMember, 'id'>, amount: number, key: string, gameId?: number) {
  return debitMember(ctx.db, {
    memberId: who.id,
    to: ACCOUNT.houseFor(who.id),
    key,
    kind: 'bet',
    amount,
    fact: { kind: 'bet', ref: key, ...(gameId === undefined ? {} : { gameId }) },
  });
}

/** A win or a refunded stake paid back from the house shard, `withdrawable` of it own money (all by default). */
export function payBackOf(
  ctx: Ctx,
  who: Pick<TestMember, 'id'>,
  amount: number,
  key: string,
  kind: 'win' | 'rollback',
  options: { gameId?: number; withdrawable?: number } = {},
) {
  return creditMember(ctx.db, {
    memberId: who.id,
    from: ACCOUNT.houseFor(who.id),
    key,
    kind: kind === 'win' ? 'win' : 'refund',
    cash: amount,
    withdrawable: options.withdrawable ?? amount,
    fact: { kind, ref: key, ...(options.gameId === undefined ? {} : { gameId: options.gameId }) },
  });
}

/** A paid M-Pesa deposit of `cash` with the market's `excise` taken from it. */
export function depositOf(ctx: Ctx, who: Pick<TestMember, 'id'>, cash: number, key: string, excise: number) {
  return creditDeposit(ctx.db, { memberId: who.id, key, cash, coins: 0, excise });
}

/** A bonus (cash or coins) paid from the budget of the programme `programme`, opened first if new. */
export async function bonusOf(
  ctx: Ctx,
  who: Pick<TestMember, 'id'>,
  programme: string,
  key: string,
  amount: { cash: number } | { coins: number },
) {
  const budget = await openPromotionBudget(ctx.db, programme);
  return creditMember(ctx.db, { memberId: who.id, from: budget, key, kind: 'bonus', ...amount });
}

/** A withdrawal of `payout` with its `tax`, reserved (`key`) then paid out (`key:paid`), without a fee. */
export async function paidWithdrawalOf(
  ctx: Ctx,
  who: Pick<TestMember, 'id'>,
  key: string,
  { payout, tax }: { payout: number; tax: number },
) {
  await reserveWithdrawal(ctx.db, { memberId: who.id, key, payout, fee: 0, tax });
  return settleWithdrawal(ctx.db, { memberId: who.id, key: `${key}:paid`, payout, fee: 0, tax });
}

/** The id of the journal's latest transaction: the mark the next ones are moved from. */
export async function lastTransactionId(ctx: Ctx): Promise<number> {
  const { max } = await ctx.db
    .selectFrom('journal_transaction')
    .select((eb) => eb.fn.max('id').as('max'))
    .executeTakeFirstOrThrow();
  return Number(max ?? 0);
}

/**
 * Dates the transactions after `after` a second apart from `at`, with their facts. The journal is append-only
 * (a trigger): the test lifts it for this one arrangement of its own rows, in one transaction.
 */
export async function moveTransactionsTo(ctx: Ctx, at: Date, after: number): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    await sql`alter table journal_transaction disable trigger journal_transaction_append_only`.execute(trx);
    await sql`
      update journal_transaction set created_at = ${at}::timestamptz + (id - ${after}) * interval '1 second'
      where id > ${after}`.execute(trx);
    await sql`alter table journal_transaction enable trigger journal_transaction_append_only`.execute(trx);
    await sql`
      update money_fact f set created_at = t.created_at
      from journal_transaction t where t.id = f.transaction_id and t.id > ${after}`.execute(trx);
  });
}

/** What the journal's entries say of a day, read straight from them (not from the facts), in minor units. */
export type JournalDay = Record<
  | 'bet_amount'
  | 'win_amount'
  | 'refund_amount'
  | 'house_gain'
  | 'bonus_cost'
  | 'deposits'
  | 'withdrawals'
  | 'excise'
  | 'withdrawal_tax'
  | 'bonus_stakes',
  number
>;

/** Each local day of [from, to) in `timeZone` as the journal has it. */
export async function journalByDay(
  ctx: Ctx,
  span: { from: Date; to: Date },
  timeZone: string,
): Promise<Map<string, JournalDay>> {
  const { rows } = await sql<Record<string, string>>`
    select to_char(t.created_at at time zone ${timeZone}, 'YYYY-MM-DD') as day,
      -coalesce(sum(e.amount) filter (where a.kind = 'player' and e.asset = 'cash' and t.kind = 'bet'), 0) as bet_amount,
      coalesce(sum(e.amount) filter (where a.kind = 'player' and e.asset = 'cash' and t.kind = 'win'), 0) as win_amount,
      coalesce(sum(e.amount) filter (where a.kind = 'player' and e.asset = 'cash' and t.kind = 'refund'
        and exists (select 1 from journal_entry h join ledger_account ha on ha.id = h.account_id
                    where h.transaction_id = t.id and ha.code like 'house:%')), 0) as refund_amount,
      coalesce(sum(e.amount) filter (where a.code like 'house:%' and e.asset = 'cash'), 0) as house_gain,
      -coalesce(sum(e.amount) filter (where a.code like 'promo:%:budget' and e.asset = 'cash'), 0) as bonus_cost,
      -coalesce(sum(e.amount) filter (where a.code = 'clearing:mpesa' and e.asset = 'cash'), 0) as deposits,
      -coalesce(sum(e.amount) filter (where a.code = 'clearing:withdraw-hold' and e.asset = 'cash'
        and e.amount < 0), 0) as withdrawals,
      coalesce(sum(e.amount) filter (where a.code = 'tax:deposit-excise' and e.asset = 'cash'), 0) as excise,
      coalesce(sum(e.amount) filter (where a.code = 'tax:withdrawal' and e.asset = 'cash'), 0) as withdrawal_tax,
      -coalesce(sum(e.amount) filter (where a.kind = 'player' and t.kind = 'bet' and e.asset = 'cash'), 0)
        + coalesce(sum(e.amount) filter (where a.kind = 'player' and t.kind = 'bet' and e.asset = 'withdrawable'), 0)
        as bonus_stakes
    from journal_entry e
    join ledger_account a on a.id = e.account_id
    join journal_transaction t on t.id = e.transaction_id
    where t.created_at >= ${span.from} and t.created_at < ${span.to}
    group by 1 order by 1`.execute(ctx.db);
  return new Map(
    rows.map(({ day, ...row }) => [
      day!,
      Object.fromEntries(Object.entries(row).map(([key, value]) => [key, Number(value)])) as JournalDay,
    ]),
  );
}
