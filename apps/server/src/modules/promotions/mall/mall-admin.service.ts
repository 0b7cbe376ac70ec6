import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type {
  CouponAdmin,
  CouponInput,
  GoodsAdmin,
  GoodsCreate,
  GoodsInput,
  MallOrder,
} from '@app/contracts/mall';
import type { Database } from '../../../db/schema.ts';
import { AppError } from '../../../http/app-error.ts';
import { findActiveMemberId } from '../../platform/member/member.service.ts';
import {
  ACCOUNT,
  creditMember,
  findPostedTransaction,
  getTransactionDetail,
} from '../../platform/wallet/wallet.service.ts';
import { auditedWrite, type Actor } from '../../platform/staff/audit.service.ts';
import * as repository from './mall.repository.ts';
import { chargeKey, deliverableOf, MALL, saleTermsOf, termsOfCoupon, toOrders } from './mall.service.ts';

type Db = Kysely<Database>;

/**
 * The operators' side of the mall (issue 15 §4): goods, stock, limits, prices, coupons and orders. Every
 * write is audited in its own transaction (`auditedWrite`), with the row before and after.
 */

function toAdmin(row: repository.GoodsRow): GoodsAdmin {
  return {
    id: row.id,
    slug: row.slug,
    type: row.type,
    name: row.name,
    description: row.description,
    image: row.image,
    translations: row.translations as GoodsAdmin['translations'],
    ...saleTermsOf(row),
    enabled: row.enabled,
    sort: row.sort,
  };
}

function goodsValues(input: GoodsInput): Omit<repository.GoodsValues, 'stock'> {
  const translations: Record<string, Record<string, string>> = {};
  for (const [language, fields] of Object.entries(input.translations)) {
    const kept = Object.fromEntries(Object.entries(fields ?? {}).filter(([, text]) => text));
    if (Object.keys(kept).length > 0) translations[language] = kept as Record<string, string>;
  }
  return {
    slug: input.slug,
    type: input.type,
    name: input.name,
    description: input.description,
    image: input.image,
    translations,
    currency: input.currency,
    price: input.price,
    original_price: input.originalPrice,
    member_limit: input.limit,
    coupon_type: input.couponType,
    deliverable: JSON.stringify(input.deliverable),
    enabled: input.enabled,
    sort: input.sort,
  };
}

const uniqueViolation = (error: unknown) => (error as { code?: unknown } | null)?.code === '23505';

export async function listGoods(db: Db): Promise<GoodsAdmin[]> {
  return (await repository.listGoods(db, { enabledOnly: false })).map(toAdmin);
}

export async function createGoods(db: Db, actor: Actor, input: GoodsCreate): Promise<GoodsAdmin> {
  return auditedWrite(db, actor, async (trx) => {
    const row = await repository.insertGoods(trx, { ...goodsValues(input), stock: input.stock });
    if (!row) throw new AppError('MALL_EXISTS');
    const after = toAdmin(row);
    return { result: after, record: { action: 'mall-goods.create', target: `mall-goods:${row.id}`, after } };
  });
}

/** Replaces everything but the stock (which moves only by `changeStock`, so no sale is overwritten). */
export async function updateGoods(db: Db, actor: Actor, id: number, input: GoodsInput): Promise<GoodsAdmin> {
  try {
    return await auditedWrite(db, actor, async (trx) => {
      const current = await repository.findGoodsForUpdate(trx, id);
      if (!current) throw new AppError('MALL_GOODS_NOT_FOUND');
      const after = toAdmin(await repository.updateGoods(trx, id, goodsValues(input)));
      return {
        result: after,
        record: { action: 'mall-goods.update', target: `mall-goods:${id}`, before: toAdmin(current), after },
      };
    });
  } catch (error) {
    if (uniqueViolation(error)) throw new AppError('MALL_EXISTS');
    throw error;
  }
}

export async function changeStock(
  db: Db,
  actor: Actor,
  id: number,
  change: { add: number } | { unlimited: true },
): Promise<GoodsAdmin> {
  return auditedWrite(db, actor, async (trx) => {
    const current = await repository.findGoodsForUpdate(trx, id);
    if (!current) throw new AppError('MALL_GOODS_NOT_FOUND');
    const row = await repository.changeStock(trx, id, change);
    if (!row) throw new AppError('MALL_SOLD_OUT');
    const after = toAdmin(row);
    return {
      result: after,
      record: {
        action: 'mall-goods.stock',
        target: `mall-goods:${id}`,
        before: { stock: current.stock },
        after: { change, stock: row.stock },
      },
    };
  });
}

// Coupons -------------------------------------------------------------------------------------------------

function toCouponAdmin(
  row: repository.CouponRow,
  counts?: { issued: number; held: number; used: number },
): CouponAdmin {
  return {
    ...termsOfCoupon(row),
    id: row.id,
    slug: row.slug,
    claimable: row.claimable,
    enabled: row.enabled,
    issued: counts?.issued ?? 0,
    held: counts?.held ?? 0,
    used: counts?.used ?? 0,
  };
}

function couponValues(input: CouponInput): repository.CouponValues {
  return {
    slug: input.slug,
    name: input.name,
    currency: input.currency,
    discount_kind: input.discountKind,
    discount: input.discount,
    goods_ids: JSON.stringify(input.goodsIds),
    goods_types: JSON.stringify(input.goodsTypes),
    platforms: JSON.stringify(input.platforms),
    themes: JSON.stringify(input.themes),
    valid_from: new Date(input.validFrom),
    valid_to: new Date(input.validTo),
    claimable: input.claimable,
    enabled: input.enabled,
  };
}

export async function listCoupons(db: Db): Promise<CouponAdmin[]> {
  const [rows, counts] = await Promise.all([repository.listCoupons(db), repository.couponCounts(db)]);
  return rows.map((row) => toCouponAdmin(row, counts.get(row.id)));
}

async function couponView(db: Parameters<typeof repository.couponCounts>[0], row: repository.CouponRow) {
  return toCouponAdmin(row, (await repository.couponCounts(db)).get(row.id));
}

export async function createCoupon(db: Db, actor: Actor, input: CouponInput): Promise<CouponAdmin> {
  return auditedWrite(db, actor, async (trx) => {
    const row = await repository.insertCoupon(trx, couponValues(input));
    if (!row) throw new AppError('MALL_EXISTS');
    const after = toCouponAdmin(row);
    return {
      result: after,
      record: { action: 'mall-coupon.create', target: `mall-coupon:${row.id}`, after },
    };
  });
}

/** A new definition applies to coupons given or issued from now on; coupons held keep their terms. */
export async function updateCoupon(
  db: Db,
  actor: Actor,
  id: number,
  input: CouponInput,
): Promise<CouponAdmin> {
  try {
    return await auditedWrite(db, actor, async (trx) => {
      const current = await repository.findCouponForUpdate(trx, id);
      if (!current) throw new AppError('MALL_COUPON_UNAVAILABLE');
      const row = await repository.updateCoupon(trx, id, couponValues(input));
      const after = await couponView(trx, row);
      return {
        result: after,
        record: {
          action: 'mall-coupon.update',
          target: `mall-coupon:${id}`,
          before: toCouponAdmin(current),
          after,
        },
      };
    });
  } catch (error) {
    if (uniqueViolation(error)) throw new AppError('MALL_EXISTS');
    throw error;
  }
}

/** `count` coupons of the definition given to the member with this mobile (as registered). */
export async function grantCoupons(
  db: Db,
  actor: Actor,
  id: number,
  input: { mobile: string; count: number },
): Promise<CouponAdmin> {
  const memberId = await findActiveMemberId({ db }, input.mobile);
  if (memberId === undefined) throw new AppError('MALL_MEMBER_NOT_FOUND');
  return auditedWrite(db, actor, async (trx) => {
    const coupon = await repository.findCouponForUpdate(trx, id);
    if (!coupon || !coupon.enabled) throw new AppError('MALL_COUPON_UNAVAILABLE');
    const terms = JSON.stringify(termsOfCoupon(coupon));
    await repository.insertMemberCoupons(
      trx,
      Array.from({ length: input.count }, () => ({
        couponId: id,
        memberId,
        source: 'grant',
        code: null,
        terms,
      })),
    );
    const after = await couponView(trx, coupon);
    return {
      result: after,
      record: {
        action: 'mall-coupon.grant',
        target: `mall-coupon:${id}`,
        after: { memberId, count: input.count },
      },
    };
  });
}

/** `count` more codes of a claimable definition, for members to take (one each). */
export async function issueCoupons(db: Db, actor: Actor, id: number, count: number): Promise<CouponAdmin> {
  return auditedWrite(db, actor, async (trx) => {
    const coupon = await repository.findCouponForUpdate(trx, id);
    if (!coupon || !coupon.claimable) throw new AppError('MALL_COUPON_UNAVAILABLE');
    const terms = JSON.stringify(termsOfCoupon(coupon));
    for (let first = 0; first < count; first += 1000) {
      await repository.insertMemberCoupons(
        trx,
        Array.from({ length: Math.min(1000, count - first) }, () => ({
          couponId: id,
          memberId: null,
          source: 'claim' as const,
          code: `C${randomBytes(6).toString('hex').toUpperCase()}`,
          terms,
        })),
      );
    }
    const after = await couponView(trx, coupon);
    return {
      result: after,
      record: { action: 'mall-coupon.issue', target: `mall-coupon:${id}`, after: { count } },
    };
  });
}

// Orders --------------------------------------------------------------------------------------------------

export async function listOrders(
  db: Db,
  query: { status?: MallOrder['status'] | undefined; page: number; size: number },
) {
  const { rows, total } = await repository.findOrders(
    db,
    query.status === undefined ? {} : { status: query.status },
    query,
  );
  const orders = await toOrders(db, rows);
  return {
    list: orders.map((order, index) => ({
      ...order,
      memberId: rows[index]!.member_id,
      fulfilledBy: rows[index]!.fulfilled_by,
    })),
    total,
    page: query.page,
    size: query.size,
  };
}

/** An operator delivered a pending order's item (the note says how: a voucher code, a tracking number). */
export async function fulfilOrder(db: Db, actor: Actor, id: number, note: string): Promise<MallOrder> {
  return auditedWrite(db, actor, async (trx) => {
    const row = await repository.fulfilOrder(trx, id, { note, by: actor.login });
    if (!row) {
      const exists = await repository.findOrder(trx, id);
      throw new AppError(exists ? 'MALL_ORDER_NOT_PENDING' : 'MALL_ORDER_NOT_FOUND');
    }
    const [after] = await toOrders(trx, [row]);
    return {
      result: after!,
      record: {
        action: 'mall-order.fulfil',
        target: `mall-order:${id}`,
        before: { status: 'pending' },
        after,
      },
    };
  });
}

/**
 * An operator cannot send an order's item: the order is cancelled and everything it took is given back in
 * the same transaction, audited: what was charged in each currency (cash exactly as the charge took it,
 * the withdrawable part included), the stock, the member's count towards the limit and the coupon. Only an
 * order of items alone (nothing of it was delivered) can be cancelled (MALL_ORDER_MIXED).
 */
export async function cancelOrder(db: Db, actor: Actor, id: number, note: string): Promise<MallOrder> {
  return auditedWrite(db, actor, async (trx) => {
    const row = await repository.cancelOrder(trx, id, { note, by: actor.login });
    if (!row) {
      const exists = await repository.findOrder(trx, id);
      throw new AppError(exists ? 'MALL_ORDER_NOT_PENDING' : 'MALL_ORDER_NOT_FOUND');
    }
    const lines = await repository.linesOf(trx, [id]);
    if (lines.some((line) => deliverableOf(line.deliverable).kind !== 'item')) {
      throw new AppError('MALL_ORDER_MIXED');
    }
    const budget = ACCOUNT.promotionBudget(MALL.code);
    const description = `Mall order ${id} cancelled`;
    if (row.cash > 0) {
      const charge = await findPostedTransaction(trx, chargeKey(row.member_id, row.request_key, 'cash'));
      const taken = charge === undefined ? undefined : await getTransactionDetail(trx, row.member_id, charge);
      await creditMember(trx, {
        memberId: row.member_id,
        from: budget,
        key: `mall:refund:${id}:cash`,
        kind: 'refund',
        cash: row.cash,
        withdrawable: Math.min(row.cash, -(taken?.withdrawAmount ?? 0)),
        description,
      });
    }
    for (const currency of ['coins', 'diamonds'] as const) {
      if (row[currency] === 0) continue;
      await creditMember(trx, {
        memberId: row.member_id,
        from: budget,
        key: `mall:refund:${id}:${currency}`,
        kind: 'refund',
        [currency]: row[currency],
        description,
      });
    }
    for (const line of lines) {
      await repository.returnStock(trx, {
        memberId: row.member_id,
        goodsId: line.goods_id,
        count: line.count,
      });
    }
    await repository.releaseCoupon(trx, id);
    const [after] = await toOrders(trx, [row]);
    return {
      result: after!,
      record: {
        action: 'mall-order.cancel',
        target: `mall-order:${id}`,
        before: { status: 'pending' },
        after,
      },
    };
  });
}
