import type { Kysely, Transaction } from 'kysely';
import type { Adjustment, AdjustmentRequest } from '@app/contracts/back-office-money';
import type { Database } from '../../../db/schema.ts';
import { AppError } from '../../../http/app-error.ts';
import { findMember, memberMobilesQuery } from '../../platform/member/member.service.ts';
import { decideAudited, type AuditHook } from '../../platform/staff/audit.service.ts';
import { staffLoginsQuery } from '../../platform/staff/staff.service.ts';
import * as wallet from '../../platform/wallet/wallet.service.ts';
import type { ManualAdjustmentRow } from './adjustments.tables.ts';

/**
 * Manual adjustments as maker-checker requests (issue 26 §3; docs/api.md "Operators: manual adjustments"): a
 * staff member (the maker) asks for a credit or debit of a player's cash, coins, diamonds or free tickets
 * with a reason; another (the checker) approves, which executes it through the wallet in the same
 * transaction, or rejects it. Executed once: the decision runs on the request's locked row and moves it out
 * of `pending` only once, and the journal transaction is keyed by the request's idempotency key
 * (`adjustment:<key>`), so even a second execution could not post twice. The maker can never be the
 * checker: refused here (5100) and by the table's CHECK (migration 0089). Credits come from the house and
 * debits go to it (ACCOUNT.house, the operator's own movements); the ledger keeps the reason as the
 * transaction's description.
 */
type Db = Kysely<Database>;
type Staff = { id: number; login: string };

const LIST_LIMIT = 200;

function rowsQuery(db: Db) {
  return db
    .selectFrom('manual_adjustment as a')
    .innerJoin(memberMobilesQuery(db).as('m'), 'm.id', 'a.member_id')
    .innerJoin(staffLoginsQuery(db).as('maker'), 'maker.id', 'a.requested_by')
    .leftJoin(staffLoginsQuery(db).as('checker'), 'checker.id', 'a.decided_by')
    .selectAll('a')
    .select(['m.mobile', 'maker.login as maker_login', 'checker.login as checker_login']);
}

type ListedRow = ManualAdjustmentRow & { mobile: string; maker_login: string; checker_login: string | null };

function toAdjustment(row: ListedRow): Adjustment {
  return {
    id: row.id,
    memberId: Number(row.member_id),
    mobile: row.mobile,
    asset: row.asset,
    direction: row.direction,
    amount: Number(row.amount),
    withdrawable: row.withdrawable,
    reason: row.reason,
    state: row.state,
    requestedBy: { id: row.requested_by, login: row.maker_login },
    requestedAt: row.requested_at.toISOString(),
    decidedBy:
      row.decided_by === null
        ? null
        : { id: row.decided_by, login: row.checker_login ?? String(row.decided_by) },
    decidedAt: row.decided_at?.toISOString() ?? null,
    note: row.note,
    transactionId: row.transaction_id === null ? null : Number(row.transaction_id),
  };
}

async function adjustmentOf(db: Db, id: number): Promise<Adjustment> {
  return toAdjustment(await rowsQuery(db).where('a.id', '=', id).executeTakeFirstOrThrow());
}

/** The adjustments in a state: pending oldest first (the checkers' queue), decided newest first. */
export async function listAdjustments(db: Db, state: Adjustment['state']): Promise<Adjustment[]> {
  const rows = await rowsQuery(db)
    .where('a.state', '=', state)
    .orderBy('a.id', state === 'pending' ? 'asc' : 'desc')
    .limit(LIST_LIMIT)
    .execute();
  return rows.map(toAdjustment);
}

/** What makes two requests with one key the same request. */
const sameRequest = (row: ManualAdjustmentRow, input: AdjustmentRequest, maker: Staff) =>
  Number(row.member_id) === input.memberId &&
  row.asset === input.asset &&
  row.direction === input.direction &&
  Number(row.amount) === input.amount &&
  row.withdrawable === withdrawableOf(input) &&
  row.reason === input.reason &&
  row.requested_by === maker.id;

const withdrawableOf = (input: AdjustmentRequest) =>
  input.asset === 'cash' && input.direction === 'credit' && input.withdrawable;

/**
 * A maker's request, pending until another staff member decides it. The same key again answers the
 * request it made (the same fields) or IDEMPOTENCY_CONFLICT; an unknown member 1004.
 */
export async function requestAdjustment(
  db: Db,
  maker: Staff,
  input: AdjustmentRequest,
  audit?: AuditHook<Adjustment>,
): Promise<Adjustment> {
  if (!(await findMember(db, input.memberId))) throw new AppError('NOT_FOUND', 'No such player');
  return db.transaction().execute(async (trx) => {
    const made = await trx
      .insertInto('manual_adjustment')
      .values({
        key: input.key,
        member_id: input.memberId,
        asset: input.asset,
        direction: input.direction,
        amount: input.amount,
        withdrawable: withdrawableOf(input),
        reason: input.reason,
        requested_by: maker.id,
        decided_by: null,
        decided_at: null,
        note: null,
        transaction_id: null,
      })
      .onConflict((conflict) => conflict.column('key').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!made) {
      const first = await trx
        .selectFrom('manual_adjustment')
        .selectAll()
        .where('key', '=', input.key)
        .executeTakeFirstOrThrow();
      if (!sameRequest(first, input, maker)) throw new AppError('IDEMPOTENCY_CONFLICT');
      return adjustmentOf(trx, first.id);
    }
    const adjustment = await adjustmentOf(trx, made.id);
    await audit?.(trx, adjustment);
    return adjustment;
  });
}

/** The request, locked, if it still waits and the checker is not its maker. */
async function lockPending(
  trx: Transaction<Database>,
  id: number,
  checker: Staff,
): Promise<ManualAdjustmentRow> {
  const row = await trx
    .selectFrom('manual_adjustment')
    .selectAll()
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND');
  if (row.state !== 'pending') throw new AppError('ADJUSTMENT_DECIDED');
  if (row.requested_by === checker.id) throw new AppError('ADJUSTMENT_SAME_STAFF');
  return row;
}

/** Posts the adjustment through the wallet: the house's value to the player, or the player's to the house. */
async function execute(trx: Transaction<Database>, row: ManualAdjustmentRow): Promise<number> {
  const memberId = Number(row.member_id);
  const amount = Number(row.amount);
  const common = { memberId, key: `adjustment:${row.key}`, description: row.reason };
  if (row.direction === 'credit') {
    const posted = await wallet.creditMember(trx, {
      ...common,
      from: wallet.ACCOUNT.house,
      kind: 'adjustment',
      [row.asset]: amount,
      ...(row.withdrawable ? { withdrawable: amount } : {}),
    });
    return posted.transactionId;
  }
  const posted =
    row.asset === 'cash'
      ? await wallet.debitMember(trx, { ...common, to: wallet.ACCOUNT.house, kind: 'adjustment', amount })
      : await wallet.spendMemberAsset(trx, {
          ...common,
          to: wallet.ACCOUNT.house,
          kind: 'adjustment',
          asset: row.asset,
          amount,
          insufficient: 'INSUFFICIENT_BALANCE',
        });
  return posted.transactionId;
}

/**
 * The checker's approval: executes the adjustment and records who decided, in one transaction with its
 * audit entry. A debit the player's balance cannot cover answers INSUFFICIENT_BALANCE and stays pending.
 */
export async function approveAdjustment(
  db: Db,
  id: number,
  checker: Staff,
  audit?: AuditHook<Adjustment>,
): Promise<Adjustment> {
  return decideAudited(db, audit, async (trx) => {
    const row = await lockPending(trx, id, checker);
    const transactionId = await execute(trx, row);
    return decide(trx, id, checker, { state: 'executed', transaction_id: transactionId });
  });
}

/** The checker's refusal, with a note for the maker; nothing moves. */
export async function rejectAdjustment(
  db: Db,
  id: number,
  checker: Staff,
  note: string,
  audit?: AuditHook<Adjustment>,
): Promise<Adjustment> {
  return decideAudited(db, audit, async (trx) => {
    await lockPending(trx, id, checker);
    return decide(trx, id, checker, { state: 'rejected', note });
  });
}

/** The conditional move out of `pending` (by another staff member only, as the CHECK also holds). */
async function decide(
  trx: Transaction<Database>,
  id: number,
  checker: Staff,
  values: { state: 'executed' | 'rejected'; transaction_id?: number; note?: string },
): Promise<Adjustment> {
  const moved = await trx
    .updateTable('manual_adjustment')
    .set({ ...values, decided_by: checker.id, decided_at: new Date() })
    .where('id', '=', id)
    .where('state', '=', 'pending')
    .where('requested_by', '<>', checker.id)
    .returning('id')
    .executeTakeFirst();
  if (!moved) throw new AppError('ADJUSTMENT_DECIDED');
  return adjustmentOf(trx, id);
}
