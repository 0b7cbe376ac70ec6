import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../../db/schema.ts';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * Adds a batch's weighted stakes to members' years (rows in member and year order, so two batches never
 * deadlock): what rose in one upsert, what fell (rollbacks) in one update that never goes below zero (a
 * rollback of a stake counted in the year before, or in a year with nothing counted, takes nothing).
 */
export async function addWeightedStakes(
  trx: Transaction<Database>,
  rows: { memberId: number; year: number; weightedStake: number }[],
): Promise<void> {
  const sorted = [...rows].sort((a, b) => a.memberId - b.memberId || a.year - b.year);
  const rises = sorted.filter((row) => row.weightedStake > 0);
  const falls = sorted.filter((row) => row.weightedStake < 0);
  if (rises.length > 0) {
    await trx
      .insertInto('vip_points')
      .values(
        rises.map((row) => ({ member_id: row.memberId, year: row.year, weighted_stake: row.weightedStake })),
      )
      .onConflict((conflict) =>
        conflict.columns(['member_id', 'year']).doUpdateSet({
          weighted_stake: sql<number>`vip_points.weighted_stake + excluded.weighted_stake`,
          updated_at: sql<Date>`now()`,
        }),
      )
      .execute();
  }
  if (falls.length > 0) {
    const values = sql.join(
      falls.map((row) => sql`(${row.memberId}::bigint, ${row.year}::integer, ${row.weightedStake}::bigint)`),
    );
    await sql`
      update vip_points set weighted_stake = greatest(0, vip_points.weighted_stake + fall.delta), updated_at = now()
      from (values ${values}) as fall (member_id, year, delta)
      where vip_points.member_id = fall.member_id and vip_points.year = fall.year`.execute(trx);
  }
}

export async function findWeightedStake(db: Db, memberId: number, year: number): Promise<number> {
  const row = await db
    .selectFrom('vip_points')
    .select('weighted_stake')
    .where('member_id', '=', memberId)
    .where('year', '=', year)
    .executeTakeFirst();
  return Number(row?.weighted_stake ?? 0);
}

/** Many members' weighted stakes of a year, by member id (members with none are left out). */
export async function findWeightedStakes(
  db: Db,
  memberIds: readonly number[],
  year: number,
): Promise<Map<number, number>> {
  if (memberIds.length === 0) return new Map();
  const { rows } = await sql<{ member_id: string; weighted_stake: string }>`
    select member_id, weighted_stake from vip_points
    where year = ${year} and member_id = any(${[...memberIds]}::bigint[])`.execute(db);
  return new Map(rows.map((row) => [Number(row.member_id), Number(row.weighted_stake)]));
}

/** The periods the member claimed of these benefits. */
export async function findClaimedPeriods(db: Db, memberId: number, periods: readonly string[]) {
  if (periods.length === 0) return [];
  return db
    .selectFrom('vip_benefit_claim')
    .select(['benefit_id', 'period'])
    .where('member_id', '=', memberId)
    .where('period', 'in', [...new Set(periods)])
    .execute();
}

/** The claim row, unless one exists for the member, benefit and period (then false: already claimed). */
export async function insertClaim(
  trx: Transaction<Database>,
  claim: {
    memberId: number;
    benefitId: number;
    period: string;
    type: number;
    levelId: number;
    asset: 'cash' | 'coins' | 'tickets';
    amount: number;
  },
): Promise<boolean> {
  const inserted = await trx
    .insertInto('vip_benefit_claim')
    .values({
      member_id: claim.memberId,
      benefit_id: claim.benefitId,
      period: claim.period,
      type: claim.type,
      level_id: claim.levelId,
      asset: claim.asset,
      amount: claim.amount,
    })
    .onConflict((conflict) => conflict.columns(['member_id', 'benefit_id', 'period']).doNothing())
    .returning('benefit_id')
    .executeTakeFirst();
  return inserted !== undefined;
}

export async function setClaimTransaction(
  trx: Transaction<Database>,
  claim: { memberId: number; benefitId: number; period: string; transactionId: number },
): Promise<void> {
  await trx
    .updateTable('vip_benefit_claim')
    .set({ transaction_id: claim.transactionId })
    .where('member_id', '=', claim.memberId)
    .where('benefit_id', '=', claim.benefitId)
    .where('period', '=', claim.period)
    .execute();
}

export async function findClaimPage(db: Db, memberId: number, page: { page: number; size: number }) {
  const [rows, total] = await Promise.all([
    db
      .selectFrom('vip_benefit_claim')
      .select(['benefit_id', 'type', 'level_id', 'period', 'asset', 'amount', 'created_at'])
      .where('member_id', '=', memberId)
      .orderBy('created_at', 'desc')
      .orderBy('benefit_id')
      .limit(page.size)
      .offset((page.page - 1) * page.size)
      .execute(),
    db
      .selectFrom('vip_benefit_claim')
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .where('member_id', '=', memberId)
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.total) };
}
