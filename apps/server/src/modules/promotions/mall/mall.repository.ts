import { sql, type Insertable, type Kysely, type Selectable, type Transaction } from 'kysely';
import type {
  Database,
  MallCouponTable,
  MallGoodsTable,
  MallMemberCouponTable,
  MallOrderLineTable,
  MallOrderTable,
} from '../../../db/schema.ts';

type Db = Kysely<Database> | Transaction<Database>;
type Trx = Transaction<Database>;
export type GoodsRow = Selectable<MallGoodsTable>;
export type CouponRow = Selectable<MallCouponTable>;
export type MemberCouponRow = Selectable<MallMemberCouponTable>;
export type OrderRow = Selectable<MallOrderTable>;
export type OrderLineRow = Selectable<MallOrderLineTable>;
export type GoodsValues = Omit<Insertable<MallGoodsTable>, 'id' | 'created_at' | 'updated_at' | 'sold'>;
export type CouponValues = Omit<Insertable<MallCouponTable>, 'id' | 'created_at' | 'updated_at'>;

// Goods ---------------------------------------------------------------------------------------------------

export async function listGoods(
  db: Db,
  filter: { type?: number; enabledOnly: boolean },
): Promise<GoodsRow[]> {
  let query = db.selectFrom('mall_goods').selectAll();
  if (filter.enabledOnly) query = query.where('enabled', '=', true);
  if (filter.type !== undefined) query = query.where('type', '=', filter.type);
  return query.orderBy('sort').orderBy('id').execute();
}

export async function findGoods(db: Db, ids: readonly number[]): Promise<GoodsRow[]> {
  if (ids.length === 0) return [];
  return db.selectFrom('mall_goods').selectAll().where('id', 'in', ids).execute();
}

export async function boughtBy(
  db: Db,
  memberId: number,
  goodsIds: readonly number[],
): Promise<Map<number, number>> {
  if (goodsIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('mall_member_goods')
    .select(['goods_id', 'bought'])
    .where('member_id', '=', memberId)
    .where('goods_id', 'in', goodsIds)
    .execute();
  return new Map(rows.map((row) => [row.goods_id, row.bought]));
}

/**
 * Takes `count` of an item's stock at the price and coupon type the buyer saw, in one statement:
 * `stock = stock - n where stock >= n` (an unlimited item has no stock to take), so stock never goes below
 * zero whatever runs in parallel. Undefined when it could not (sold out, changed, switched off).
 */
export async function takeStock(
  trx: Trx,
  goods: { id: number; count: number; price: number; couponType: number },
): Promise<{ stock: number | null } | undefined> {
  return trx
    .updateTable('mall_goods')
    .set({
      stock: sql<number | null>`case when stock is null then null else stock - ${goods.count} end`,
      sold: sql<number>`sold + ${goods.count}`,
    })
    .where('id', '=', goods.id)
    .where('enabled', '=', true)
    .where('price', '=', goods.price)
    .where('coupon_type', '=', goods.couponType)
    .where((eb) => eb.or([eb('stock', 'is', null), eb('stock', '>=', goods.count)]))
    .returning('stock')
    .executeTakeFirst();
}

/**
 * Counts a purchase towards the member's limit for the item: one row per (member, item), raised only while
 * it stays within `limit` (a conditional upsert: parallel checkouts of one member queue on the row and
 * the later ones see the earlier counts). False when the limit would be passed.
 */
export async function countPurchase(
  trx: Trx,
  input: { memberId: number; goodsId: number; count: number; limit: number | null },
): Promise<boolean> {
  if (input.limit !== null && input.count > input.limit) return false;
  const row = await trx
    .insertInto('mall_member_goods')
    .values({ member_id: input.memberId, goods_id: input.goodsId, bought: input.count })
    .onConflict((oc) => {
      const update = oc
        .columns(['member_id', 'goods_id'])
        .doUpdateSet({ bought: sql<number>`mall_member_goods.bought + excluded.bought` });
      return input.limit === null
        ? update
        : update.where(sql<boolean>`mall_member_goods.bought + excluded.bought <= ${input.limit}`);
    })
    .returning('bought')
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertGoods(db: Db, values: GoodsValues): Promise<GoodsRow | undefined> {
  return db
    .insertInto('mall_goods')
    .values(values)
    .onConflict((oc) => oc.column('slug').doNothing())
    .returningAll()
    .executeTakeFirst();
}

export async function findGoodsForUpdate(trx: Trx, id: number): Promise<GoodsRow | undefined> {
  return trx.selectFrom('mall_goods').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export async function updateGoods(
  trx: Trx,
  id: number,
  values: Omit<GoodsValues, 'stock'>,
): Promise<GoodsRow> {
  return trx
    .updateTable('mall_goods')
    .set({ ...values, updated_at: new Date() })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Adds to (or takes from) the stock, never below zero; or makes it unlimited. Undefined: not possible. */
export async function changeStock(
  trx: Trx,
  id: number,
  change: { add: number } | { unlimited: true },
): Promise<GoodsRow | undefined> {
  if ('unlimited' in change) {
    return trx
      .updateTable('mall_goods')
      .set({ stock: null, updated_at: new Date() })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirst();
  }
  return trx
    .updateTable('mall_goods')
    .set({ stock: sql<number>`coalesce(stock, 0) + ${change.add}`, updated_at: new Date() })
    .where('id', '=', id)
    .where(sql<boolean>`coalesce(stock, 0) + ${change.add} >= 0`)
    .returningAll()
    .executeTakeFirst();
}

// Coupons -------------------------------------------------------------------------------------------------

export async function listCoupons(db: Db): Promise<CouponRow[]> {
  return db.selectFrom('mall_coupon').selectAll().orderBy('id').execute();
}

export async function findCoupon(db: Db, id: number): Promise<CouponRow | undefined> {
  return db.selectFrom('mall_coupon').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findCouponForUpdate(trx: Trx, id: number): Promise<CouponRow | undefined> {
  return trx.selectFrom('mall_coupon').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export async function insertCoupon(db: Db, values: CouponValues): Promise<CouponRow | undefined> {
  return db
    .insertInto('mall_coupon')
    .values(values)
    .onConflict((oc) => oc.column('slug').doNothing())
    .returningAll()
    .executeTakeFirst();
}

export async function updateCoupon(trx: Trx, id: number, values: CouponValues): Promise<CouponRow> {
  return trx
    .updateTable('mall_coupon')
    .set({ ...values, updated_at: new Date() })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** How many coupons of each definition were issued (pool and held), are held, are used. */
export async function couponCounts(
  db: Db,
): Promise<Map<number, { issued: number; held: number; used: number }>> {
  const rows = await db
    .selectFrom('mall_member_coupon')
    .select((eb) => [
      'coupon_id',
      eb.fn.countAll<string>().as('issued'),
      eb.fn.count<string>('member_id').as('held'),
      eb.fn.sum<string>(sql`case when status = 'used' then 1 else 0 end`).as('used'),
    ])
    .groupBy('coupon_id')
    .execute();
  return new Map(
    rows.map((row) => [
      row.coupon_id,
      { issued: Number(row.issued), held: Number(row.held), used: Number(row.used ?? 0) },
    ]),
  );
}

export async function insertMemberCoupons(
  trx: Trx,
  rows: {
    couponId: number;
    memberId: number | null;
    source: 'grant' | 'claim';
    code: string | null;
    terms: string;
  }[],
): Promise<void> {
  if (rows.length === 0) return;
  await trx
    .insertInto('mall_member_coupon')
    .values(
      rows.map((row) => ({
        coupon_id: row.couponId,
        member_id: row.memberId,
        source: row.source,
        code: row.code,
        terms: row.terms,
      })),
    )
    .execute();
}

export async function memberCoupons(db: Db, memberId: number): Promise<MemberCouponRow[]> {
  return db
    .selectFrom('mall_member_coupon')
    .selectAll()
    .where('member_id', '=', memberId)
    .orderBy('id', 'desc')
    .limit(200)
    .execute();
}

/** Claimable definitions on now, with how many codes are left, and whether `memberId` took one. */
export async function claimableCoupons(db: Db, memberId: number | undefined, now: Date) {
  const rows = await db
    .selectFrom('mall_coupon as c')
    .selectAll('c')
    .select((eb) => [
      eb
        .selectFrom('mall_member_coupon as m')
        .select(eb.fn.countAll<string>().as('n'))
        .whereRef('m.coupon_id', '=', 'c.id')
        .where('m.member_id', 'is', null)
        .as('left'),
      eb
        .exists(
          eb
            .selectFrom('mall_member_coupon as m')
            .select('m.id')
            .whereRef('m.coupon_id', '=', 'c.id')
            .where('m.source', '=', 'claim')
            .where('m.member_id', '=', memberId ?? -1),
        )
        .as('taken'),
    ])
    .where('c.claimable', '=', true)
    .where('c.enabled', '=', true)
    .where('c.valid_to', '>', now)
    .orderBy('c.id')
    .execute();
  return rows.map((row) => ({ ...row, left: Number(row.left ?? 0), taken: Boolean(row.taken) }));
}

export async function hasClaimed(db: Db, couponId: number, memberId: number): Promise<boolean> {
  const row = await db
    .selectFrom('mall_member_coupon')
    .select('id')
    .where('coupon_id', '=', couponId)
    .where('member_id', '=', memberId)
    .where('source', '=', 'claim')
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Takes the next free code of a claimable definition for the member in one statement: parallel claimers
 * skip the rows others are taking (`for update skip locked`) instead of queueing on them. Undefined: none
 * left. A second claim of the same member fails on the unique index (23505).
 */
export async function takeClaimableCoupon(
  trx: Trx,
  couponId: number,
  memberId: number,
): Promise<MemberCouponRow | undefined> {
  return trx
    .updateTable('mall_member_coupon')
    .set({ member_id: memberId, claimed_at: new Date() })
    .where(
      'id',
      '=',
      trx
        .selectFrom('mall_member_coupon')
        .select('id')
        .where('coupon_id', '=', couponId)
        .where('member_id', 'is', null)
        .orderBy('id')
        .limit(1)
        .forUpdate()
        .skipLocked(),
    )
    .where('member_id', 'is', null)
    .returningAll()
    .executeTakeFirst();
}

export async function findMemberCoupon(
  db: Db,
  id: number,
  memberId: number,
): Promise<MemberCouponRow | undefined> {
  return db
    .selectFrom('mall_member_coupon')
    .selectAll()
    .where('id', '=', id)
    .where('member_id', '=', memberId)
    .executeTakeFirst();
}

/**
 * Uses the member's coupon once, for a mall order (`order_id`) or for a purchase outside the mall
 * (`used_for` names it): only an available coupon of that member moves to used.
 */
export async function useCoupon(
  trx: Trx,
  id: number,
  memberId: number,
  usedBy: { order_id: number } | { used_for: string },
): Promise<boolean> {
  const row = await trx
    .updateTable('mall_member_coupon')
    .set({ status: 'used', ...usedBy, used_at: new Date() })
    .where('id', '=', id)
    .where('member_id', '=', memberId)
    .where('status', '=', 'available')
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

// Orders --------------------------------------------------------------------------------------------------

export async function insertOrder(
  trx: Trx,
  values: Omit<Insertable<MallOrderTable>, 'id' | 'created_at'>,
): Promise<OrderRow> {
  return trx.insertInto('mall_order').values(values).returningAll().executeTakeFirstOrThrow();
}

export async function insertOrderLines(trx: Trx, rows: Insertable<MallOrderLineTable>[]): Promise<void> {
  await trx.insertInto('mall_order_line').values(rows).execute();
}

export async function findOrderByKey(
  db: Db,
  memberId: number,
  requestKey: string,
): Promise<OrderRow | undefined> {
  return db
    .selectFrom('mall_order')
    .selectAll()
    .where('member_id', '=', memberId)
    .where('request_key', '=', requestKey)
    .executeTakeFirst();
}

export async function findOrder(db: Db, id: number): Promise<OrderRow | undefined> {
  return db.selectFrom('mall_order').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function linesOf(db: Db, orderIds: readonly number[]): Promise<OrderLineRow[]> {
  if (orderIds.length === 0) return [];
  return db
    .selectFrom('mall_order_line')
    .selectAll()
    .where('order_id', 'in', orderIds)
    .orderBy('order_id')
    .orderBy('line')
    .execute();
}

export async function findOrders(
  db: Db,
  filter: { memberId?: number; status?: OrderRow['status'] },
  page: { page: number; size: number },
): Promise<{ rows: OrderRow[]; total: number }> {
  let query = db.selectFrom('mall_order');
  if (filter.memberId !== undefined) query = query.where('member_id', '=', filter.memberId);
  if (filter.status !== undefined) query = query.where('status', '=', filter.status);
  const [rows, count] = await Promise.all([
    query
      .selectAll()
      .orderBy('id', 'desc')
      .limit(page.size)
      .offset((page.page - 1) * page.size)
      .execute(),
    query.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

/** A pending order becomes fulfilled, once (the status is the UPDATE's own condition). */
export async function fulfilOrder(
  trx: Trx,
  id: number,
  input: { note: string; by: string },
): Promise<OrderRow | undefined> {
  return trx
    .updateTable('mall_order')
    .set({ status: 'fulfilled', note: input.note, fulfilled_by: input.by, fulfilled_at: new Date() })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .returningAll()
    .executeTakeFirst();
}

/** A pending order becomes cancelled, once; its coupon reference is let go so the coupon can be given back. */
export async function cancelOrder(
  trx: Trx,
  id: number,
  input: { note: string; by: string },
): Promise<OrderRow | undefined> {
  return trx
    .updateTable('mall_order')
    .set({
      status: 'cancelled',
      note: input.note,
      fulfilled_by: input.by,
      fulfilled_at: new Date(),
      member_coupon_id: null,
    })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .returningAll()
    .executeTakeFirst();
}

/** A cancelled line's units back on sale, and off the member's count towards the limit. */
export async function returnStock(
  trx: Trx,
  input: { memberId: number; goodsId: number; count: number },
): Promise<void> {
  await trx
    .updateTable('mall_goods')
    .set({
      stock: sql<number | null>`case when stock is null then null else stock + ${input.count} end`,
      sold: sql<number>`greatest(sold - ${input.count}, 0)`,
    })
    .where('id', '=', input.goodsId)
    .execute();
  await trx
    .deleteFrom('mall_member_goods')
    .where('member_id', '=', input.memberId)
    .where('goods_id', '=', input.goodsId)
    .where('bought', '<=', input.count)
    .execute();
  await trx
    .updateTable('mall_member_goods')
    .set({ bought: sql<number>`bought - ${input.count}` })
    .where('member_id', '=', input.memberId)
    .where('goods_id', '=', input.goodsId)
    .where('bought', '>', input.count)
    .execute();
}

/** A used coupon given back to its member (its order was cancelled). */
export async function releaseCoupon(trx: Trx, orderId: number): Promise<void> {
  await trx
    .updateTable('mall_member_coupon')
    .set({ status: 'available', order_id: null, used_at: null })
    .where('order_id', '=', orderId)
    .execute();
}
