import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import type { CashBackEntitlementTable } from './cash-back.tables.ts';

/**
 * The weekly cash back's tables (migration 0055, `cash-back.tables.ts`): raw SQL, because the job's
 * statements are set-based (a whole week of members in a few statements, issue 15 performance (a)). Both
 * drivers read int8 as a number (db/int8.ts) and numeric as a string.
 */
type Db = Kysely<Database> | Transaction<Database>;

export type WeekLoss = { week: string; memberId: number; staked: number; won: number };

/**
 * Adds a batch's own-money stakes and wins to members' weeks, in one statement (rows in week and member
 * order, so two batches never deadlock).
 */
export async function addLosses(trx: Transaction<Database>, rows: WeekLoss[]): Promise<void> {
  if (rows.length === 0) return;
  const sorted = [...rows].sort((a, b) => a.week.localeCompare(b.week) || a.memberId - b.memberId);
  await sql`
    insert into cash_back_loss (week, member_id, staked, won)
    select * from unnest(${sorted.map((row) => row.week)}::text[], ${sorted.map((row) => row.memberId)}::bigint[],
      ${sorted.map((row) => row.staked)}::bigint[], ${sorted.map((row) => row.won)}::bigint[])
    on conflict (week, member_id) do update set
      staked = cash_back_loss.staked + excluded.staked,
      won = cash_back_loss.won + excluded.won`.execute(trx);
}

export async function findLoss(db: Db, week: string, memberId: number): Promise<number> {
  const { rows } = await sql<{ loss: number }>`
    select staked - won as loss from cash_back_loss where week = ${week} and member_id = ${memberId}`.execute(
    db,
  );
  return Math.max(0, rows[0]?.loss ?? 0);
}

/** Every member with an own-money net loss in the week (the job's candidates). */
export async function findWeekLosses(db: Db, week: string): Promise<{ memberId: number; loss: number }[]> {
  const { rows } = await sql<{ member_id: number; loss: number }>`
    select member_id, staked - won as loss from cash_back_loss
    where week = ${week} and staked - won > 0`.execute(db);
  return rows.map((row) => ({ memberId: row.member_id, loss: row.loss }));
}

export async function isWeekSettled(db: Db, week: string): Promise<boolean> {
  const { rows } = await sql`select 1 from cash_back_week where week = ${week}`.execute(db);
  return rows.length > 0;
}

/**
 * The week's settlement row, unless another run has it (then false, and this run writes nothing): a
 * second run waits here for the first's commit, then finds the row.
 */
export async function insertWeek(
  trx: Transaction<Database>,
  week: { week: string; members: number; total: number },
): Promise<boolean> {
  const { rows } = await sql`
    insert into cash_back_week (week, members, total) values (${week.week}, ${week.members}, ${week.total})
    on conflict (week) do nothing returning week`.execute(trx);
  return rows.length > 0;
}

export type NewEntitlement = {
  memberId: number;
  loss: number;
  level: number;
  rate: number;
  amount: number;
};

/** A batch of the week's entitlements, each at most once (primary key week × member). */
export async function insertEntitlements(
  trx: Transaction<Database>,
  week: string,
  cap: number,
  rows: NewEntitlement[],
): Promise<number> {
  if (rows.length === 0) return 0;
  const result = await sql`
    insert into cash_back_entitlement (week, member_id, loss, level, rate, cap, amount)
    select ${week}, member_id, loss, level, rate, ${cap}, amount
    from unnest(${rows.map((row) => row.memberId)}::bigint[], ${rows.map((row) => row.loss)}::bigint[],
      ${rows.map((row) => row.level)}::smallint[], ${rows.map((row) => row.rate)}::numeric[],
      ${rows.map((row) => row.amount)}::bigint[]) as e(member_id, loss, level, rate, amount)
    on conflict (week, member_id) do nothing`.execute(trx);
  return Number(result.numAffectedRows ?? 0);
}

export type EntitlementRow = {
  week: string;
  memberId: number;
  loss: number;
  level: number;
  rate: number;
  cap: number;
  amount: number;
  claimedAt: Date | null;
};

type RawEntitlement = Omit<Selectable<CashBackEntitlementTable>, 'created_at' | 'transaction_id'>;

function toEntitlement(row: RawEntitlement): EntitlementRow {
  return {
    week: row.week,
    memberId: row.member_id,
    loss: row.loss,
    level: row.level,
    rate: Number(row.rate),
    cap: row.cap,
    amount: row.amount,
    claimedAt: row.claimed_at,
  };
}

export async function findEntitlement(
  db: Db,
  week: string,
  memberId: number,
  { lock = false }: { lock?: boolean } = {},
): Promise<EntitlementRow | undefined> {
  const { rows } = await sql<RawEntitlement>`
    select week, member_id, loss, level, rate, cap, amount, claimed_at from cash_back_entitlement
    where week = ${week} and member_id = ${memberId} ${lock ? sql`for update` : sql``}`.execute(db);
  return rows[0] && toEntitlement(rows[0]);
}

/** Marks a locked, unclaimed entitlement paid by its journal transaction. */
export async function markClaimed(
  trx: Transaction<Database>,
  claim: { week: string; memberId: number; transactionId: number },
): Promise<boolean> {
  const result = await sql`
    update cash_back_entitlement set claimed_at = now(), transaction_id = ${claim.transactionId}
    where week = ${claim.week} and member_id = ${claim.memberId} and claimed_at is null`.execute(trx);
  return Number(result.numAffectedRows ?? 0) === 1;
}

export async function findEntitlementPage(db: Db, memberId: number, page: { page: number; size: number }) {
  const [list, total] = await Promise.all([
    sql<RawEntitlement>`
      select week, member_id, loss, level, rate, cap, amount, claimed_at from cash_back_entitlement
      where member_id = ${memberId} order by week desc
      limit ${page.size} offset ${(page.page - 1) * page.size}`.execute(db),
    sql<{ total: number }>`
      select count(*) as total from cash_back_entitlement where member_id = ${memberId}`.execute(db),
  ]);
  return { rows: list.rows.map(toEntitlement), total: total.rows[0]?.total ?? 0 };
}
