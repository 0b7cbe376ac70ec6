import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { Database, ReferralTable } from '../../../db/schema.ts';

type Db = Kysely<Database> | Transaction<Database>;
export type ReferralRow = Selectable<ReferralTable>;

/** The invitee's referral, once (a registration replayed or hooked twice writes nothing more). */
export async function insertReferral(
  db: Db,
  row: { inviteeId: number; referrerId: number; channel: number },
): Promise<void> {
  await db
    .insertInto('referral')
    .values({ invitee_id: row.inviteeId, referrer_id: row.referrerId, channel: row.channel })
    .onConflict((conflict) => conflict.column('invitee_id').doNothing())
    .execute();
}

/** The registered (not yet qualified) referrals of these invitees, locked, in invitee order. */
export async function lockRegistered(
  trx: Transaction<Database>,
  inviteeIds: number[],
): Promise<ReferralRow[]> {
  if (inviteeIds.length === 0) return [];
  return trx
    .selectFrom('referral')
    .selectAll()
    .where('invitee_id', 'in', inviteeIds)
    .where('state', '=', 'registered')
    .orderBy('invitee_id')
    .forUpdate()
    .execute();
}

export async function lockReferral(
  trx: Transaction<Database>,
  inviteeId: number,
): Promise<ReferralRow | undefined> {
  return trx
    .selectFrom('referral')
    .selectAll()
    .where('invitee_id', '=', inviteeId)
    .forUpdate()
    .executeTakeFirst();
}

export async function setProgress(
  trx: Transaction<Database>,
  inviteeId: number,
  progress: { deposited: number; wagered: number },
): Promise<void> {
  await trx
    .updateTable('referral')
    .set({ deposited: progress.deposited, wagered: progress.wagered })
    .where('invitee_id', '=', inviteeId)
    .execute();
}

export async function setQualified(
  trx: Transaction<Database>,
  inviteeId: number,
  terms: {
    cash: number;
    coins: number;
    qualifiedAt: Date;
    dueAt: Date;
    signals: unknown[];
    ipFlagged: boolean;
  },
): Promise<void> {
  await trx
    .updateTable('referral')
    .set({
      state: 'qualified',
      cash: terms.cash,
      coins: terms.coins,
      qualified_at: terms.qualifiedAt,
      due_at: terms.dueAt,
      signals: JSON.stringify(terms.signals),
      ip_flagged: terms.ipFlagged,
    })
    .where('invitee_id', '=', inviteeId)
    .where('state', '=', 'registered')
    .execute();
}

/** Ends a referral unpaid (refused or capped) with its reason and the signals found. */
export async function setEnded(
  trx: Transaction<Database>,
  inviteeId: number,
  end: { state: 'refused' | 'capped'; reason: string; signals: unknown[]; ipFlagged: boolean },
): Promise<void> {
  await trx
    .updateTable('referral')
    .set({
      state: end.state,
      reason: end.reason,
      signals: JSON.stringify(end.signals),
      ip_flagged: end.ipFlagged,
    })
    .where('invitee_id', '=', inviteeId)
    .where('state', 'in', ['registered', 'qualified'])
    .execute();
}

/** Qualified → paid, only from qualified (the claim is the predicate): true when this call paid it. */
export async function setPaid(
  trx: Transaction<Database>,
  inviteeId: number,
  paid: { transactionId: number | null; signals: unknown[]; ipFlagged: boolean },
): Promise<boolean> {
  const row = await trx
    .updateTable('referral')
    .set({
      state: 'paid',
      paid_at: sql<Date>`now()`,
      transaction_id: paid.transactionId,
      signals: JSON.stringify(paid.signals),
      ip_flagged: paid.ipFlagged,
    })
    .where('invitee_id', '=', inviteeId)
    .where('state', '=', 'qualified')
    .returning('invitee_id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Invitees whose reward is due, oldest first. */
export async function findDue(db: Db, now: Date, limit: number): Promise<number[]> {
  const rows = await db
    .selectFrom('referral')
    .select('invitee_id')
    .where('state', '=', 'qualified')
    .where('due_at', '<=', now)
    .orderBy('due_at')
    .limit(limit)
    .execute();
  return rows.map((row) => Number(row.invitee_id));
}

/** Who invited this member, unlocked (the payment locks the referrer's row first, then the referral). */
export async function findReferrerOf(db: Db, inviteeId: number): Promise<number | undefined> {
  const row = await db
    .selectFrom('referral')
    .select('referrer_id')
    .where('invitee_id', '=', inviteeId)
    .executeTakeFirst();
  return row ? Number(row.referrer_id) : undefined;
}

/** Locks the referrer's row (made on first use), so their payments count caps one at a time. */
export async function lockReferrer(trx: Transaction<Database>, referrerId: number): Promise<void> {
  await trx
    .insertInto('referral_referrer')
    .values({ referrer_id: referrerId })
    .onConflict((conflict) =>
      conflict.column('referrer_id').doUpdateSet({ referrer_id: sql<number>`excluded.referrer_id` }),
    )
    .execute();
}

/** How many of the referrer's friends were paid since each instant. */
export async function countPaid(
  db: Db,
  referrerId: number,
  since: { day: Date; month: Date },
): Promise<{ day: number; month: number; total: number }> {
  const row = await db
    .selectFrom('referral')
    .select([
      sql<number>`count(*) filter (where paid_at >= ${since.day})`.as('day'),
      sql<number>`count(*) filter (where paid_at >= ${since.month})`.as('month'),
      sql<number>`count(*)`.as('total'),
    ])
    .where('referrer_id', '=', referrerId)
    .where('state', '=', 'paid')
    .executeTakeFirstOrThrow();
  return { day: Number(row.day), month: Number(row.month), total: Number(row.total) };
}

/** The other invitees of a referrer (the circle an invitee's signals are compared with). */
export async function findInviteeIds(db: Db, referrerId: number, except: number): Promise<number[]> {
  const rows = await db
    .selectFrom('referral')
    .select('invitee_id')
    .where('referrer_id', '=', referrerId)
    .where('invitee_id', '<>', except)
    .orderBy('registered_at')
    .limit(1000)
    .execute();
  return rows.map((row) => Number(row.invitee_id));
}

export async function findByReferrer(db: Db, referrerId: number, limit = 200): Promise<ReferralRow[]> {
  return db
    .selectFrom('referral')
    .selectAll()
    .where('referrer_id', '=', referrerId)
    .orderBy('registered_at', 'desc')
    .limit(limit)
    .execute();
}

export async function countByState(db: Db, referrerId: number, state: ReferralRow['state']): Promise<number> {
  const row = await db
    .selectFrom('referral')
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .where('referrer_id', '=', referrerId)
    .where('state', '=', state)
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

export async function addVisit(
  db: Db,
  visit: { referrerId: number; channel: number; day: string },
): Promise<void> {
  await db
    .insertInto('referral_visit')
    .values({ referrer_id: visit.referrerId, channel: visit.channel, day: visit.day, visits: 1 })
    .onConflict((conflict) =>
      conflict
        .columns(['referrer_id', 'channel', 'day'])
        .doUpdateSet({ visits: sql<number>`referral_visit.visits + 1` }),
    )
    .execute();
}

export async function findTaskClaims(db: Db, referrerId: number) {
  return db
    .selectFrom('referral_task_claim')
    .selectAll()
    .where('referrer_id', '=', referrerId)
    .orderBy('created_at', 'desc')
    .execute();
}

/** The claim row, unless the task was already collected (then false). */
export async function insertTaskClaim(
  trx: Transaction<Database>,
  claim: { referrerId: number; taskId: number; invites: number; cash: number; coins: number },
): Promise<boolean> {
  const row = await trx
    .insertInto('referral_task_claim')
    .values({
      referrer_id: claim.referrerId,
      task_id: claim.taskId,
      invites: claim.invites,
      cash: claim.cash,
      coins: claim.coins,
      transaction_id: 0,
    })
    .onConflict((conflict) => conflict.columns(['referrer_id', 'task_id']).doNothing())
    .returning('task_id')
    .executeTakeFirst();
  return row !== undefined;
}

export async function setTaskClaimTransaction(
  trx: Transaction<Database>,
  claim: { referrerId: number; taskId: number; transactionId: number },
): Promise<void> {
  await trx
    .updateTable('referral_task_claim')
    .set({ transaction_id: claim.transactionId })
    .where('referrer_id', '=', claim.referrerId)
    .where('task_id', '=', claim.taskId)
    .execute();
}

export async function findAdminPage(
  db: Db,
  query: {
    state?: ReferralRow['state'] | undefined;
    flagged?: boolean | undefined;
    page: number;
    size: number;
  },
): Promise<{ rows: ReferralRow[]; total: number }> {
  let base = db.selectFrom('referral');
  if (query.state) base = base.where('state', '=', query.state);
  if (query.flagged === true)
    base = base.where((eb) => eb.or([eb('ip_flagged', '=', true), eb('reason', 'is not', null)]));
  if (query.flagged === false) base = base.where('ip_flagged', '=', false).where('reason', 'is', null);
  const [rows, total] = await Promise.all([
    base
      .selectAll()
      .orderBy('registered_at', 'desc')
      .orderBy('invitee_id', 'desc')
      .limit(query.size)
      .offset((query.page - 1) * query.size)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.total) };
}
