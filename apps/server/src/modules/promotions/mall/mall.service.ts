import { createHash } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { CountryProfile } from '@app/contracts/country';
import {
  DeliverableSchema,
  MallSettingsSchema,
  type CheckoutRequest,
  type CheckoutResult,
  type ClaimableCoupon,
  type CouponTerms,
  type Deliverable,
  type MallCoupons,
  type MallCurrency,
  type MallGoods,
  type MallGoodsList,
  type MallOrder,
  type MallSettings,
  type MemberCoupon,
} from '@app/contracts/mall';
import {
  checkCouponOutsideMall,
  couponDiscountOn,
  priceCart,
  type PricedGoods,
} from '@app/contracts/mall-rules';
import type { Database } from '../../../db/schema.ts';
import { retryingTransaction } from '../../../db/transactions.ts';
import { AppError } from '../../../http/app-error.ts';
import { localize } from '../../platform/config/localize.ts';
import { grantProgrammeBonus, termsOf } from '../bonus/grants.ts';
import { lockMemberInGoodStanding } from '../../platform/member/member.service.ts';
import { defineProgramme, loadProgramme, payReward, requireProgramme } from '../kit/programmes.ts';
import {
  buyWithCash,
  getBalances,
  openPromotionBudget,
  spendMemberAsset,
} from '../../platform/wallet/wallet.service.ts';
import * as repository from './mall.repository.ts';

type Db = Kysely<Database>;
type Trx = Transaction<Database>;
export type MallDeps = {
  db: Db;
  country: Pick<CountryProfile, 'promotions'>;
  /** The brand's theme the server runs as (a coupon may be for one theme). */
  theme: string;
};

/**
 * The mall (issue 15 §4, docs/promotions.md "Mall and coupons"): goods priced in coins, diamonds or cash,
 * bought through a cart with at most one coupon, in ONE transaction per checkout. Its sales and
 * deliveries go through its budget account `promo:mall:budget`, so its net cost is in the cost report.
 */
export const MALL = defineProgramme<MallSettings>({
  code: 'mall',
  settings: MallSettingsSchema,
  defaults: { enabled: true, settings: { notice: '' } },
});

// Views ---------------------------------------------------------------------------------------------------

/** Bonus cash is a reward for betting: where nothing may be conditioned on a deposit, it is not sold. */
function isSoldInMarket(deliverable: Deliverable, market: MallDeps['country']): boolean {
  return deliverable.kind !== 'bonus' || market.promotions.depositLinkedRewards;
}

export function deliverableOf(value: unknown): Deliverable {
  return DeliverableSchema.parse(typeof value === 'string' ? JSON.parse(value) : value);
}

/** A goods row's sale terms (price, stock, limit, what it delivers), the same to the shop and the operators. */
export function saleTermsOf(row: repository.GoodsRow) {
  return {
    currency: row.currency,
    price: row.price,
    originalPrice: row.original_price,
    stock: row.stock,
    sold: row.sold,
    limit: row.member_limit,
    couponType: row.coupon_type,
    deliverable: deliverableOf(row.deliverable),
  };
}

export function toGoods(row: repository.GoodsRow, language: string, bought: number): MallGoods {
  const text = localize(row, language);
  return {
    id: row.id,
    type: row.type,
    name: text.name,
    description: text.description,
    image: row.image,
    ...saleTermsOf(row),
    bought,
  };
}

export async function listGoods(
  deps: MallDeps,
  query: { type?: number | undefined; language: string; memberId?: number | undefined },
): Promise<MallGoodsList> {
  const programme = await loadProgramme(deps.db, MALL, deps.country);
  const rows = (await repository.listGoods(deps.db, { type: query.type, enabledOnly: true })).filter((row) =>
    isSoldInMarket(deliverableOf(row.deliverable), deps.country),
  );
  const bought =
    query.memberId === undefined
      ? new Map<number, number>()
      : await repository.boughtBy(
          deps.db,
          query.memberId,
          rows.map((row) => row.id),
        );
  return {
    enable: programme.enabled,
    notice: programme.settings.notice,
    goods: rows.map((row) => toGoods(row, query.language, bought.get(row.id) ?? 0)),
  };
}

export async function getGoods(
  deps: MallDeps,
  id: number,
  query: { language: string; memberId?: number | undefined },
): Promise<MallGoods> {
  const [row] = await repository.findGoods(deps.db, [id]);
  if (!row || !row.enabled || !isSoldInMarket(deliverableOf(row.deliverable), deps.country)) {
    throw new AppError('MALL_GOODS_NOT_FOUND');
  }
  const bought =
    query.memberId === undefined
      ? 0
      : ((await repository.boughtBy(deps.db, query.memberId, [id])).get(id) ?? 0);
  return toGoods(row, query.language, bought);
}

function termsFromRow(value: unknown): CouponTerms {
  return (typeof value === 'string' ? JSON.parse(value) : value) as CouponTerms;
}

/** A coupon definition's terms, as copied into each coupon given or issued. */
export function termsOfCoupon(row: repository.CouponRow): CouponTerms {
  return {
    name: row.name,
    currency: row.currency,
    discountKind: row.discount_kind,
    discount: row.discount,
    goodsIds: row.goods_ids,
    goodsTypes: row.goods_types,
    platforms: row.platforms,
    themes: row.themes as CouponTerms['themes'],
    validFrom: row.valid_from.toISOString(),
    validTo: row.valid_to.toISOString(),
  };
}

function toMemberCoupon(row: repository.MemberCouponRow, now: Date): MemberCoupon {
  const terms = termsFromRow(row.terms);
  return {
    ...terms,
    id: row.id,
    couponId: row.coupon_id,
    code: row.code,
    status:
      row.status === 'used' ? 'used' : now.getTime() >= Date.parse(terms.validTo) ? 'expired' : 'available',
    orderId: row.order_id,
  };
}

export async function getCoupons(deps: MallDeps, memberId: number | undefined): Promise<MallCoupons> {
  const now = new Date();
  const [mine, claimable] = await Promise.all([
    memberId === undefined ? [] : repository.memberCoupons(deps.db, memberId),
    repository.claimableCoupons(deps.db, memberId, now),
  ]);
  return {
    mine: mine.map((row) => toMemberCoupon(row, now)),
    claimable: claimable.map((row): ClaimableCoupon => ({
      ...termsOfCoupon(row),
      couponId: row.id,
      left: row.left,
      taken: row.taken,
    })),
  };
}

const isUniqueViolation = (error: unknown) => (error as { code?: unknown } | null)?.code === '23505';

/**
 * Takes one code of a claimable coupon: once per member (MALL_COUPON_TAKEN), while codes are left
 * (MALL_COUPONS_GONE). Parallel claimers never take the same code (`skip locked`).
 */
export async function claimCoupon(deps: MallDeps, memberId: number, couponId: number): Promise<MemberCoupon> {
  await requireProgramme(deps.db, MALL, deps.country);
  const coupon = await repository.findCoupon(deps.db, couponId);
  if (!coupon || !coupon.claimable || !coupon.enabled || coupon.valid_to.getTime() <= Date.now()) {
    throw new AppError('MALL_COUPON_UNAVAILABLE');
  }
  if (await repository.hasClaimed(deps.db, couponId, memberId)) throw new AppError('MALL_COUPON_TAKEN');
  try {
    const row = await retryingTransaction(deps.db, async (trx) => {
      if (!(await lockMemberInGoodStanding(trx, memberId))) throw new AppError('PROMOTION_MEMBER_BLOCKED');
      const taken = await repository.takeClaimableCoupon(trx, couponId, memberId);
      if (!taken) throw new AppError('MALL_COUPONS_GONE');
      return taken;
    });
    return toMemberCoupon(row, new Date());
  } catch (error) {
    // The same member's parallel claim: the one-claim index refuses the second.
    if (isUniqueViolation(error)) throw new AppError('MALL_COUPON_TAKEN');
    throw error;
  }
}

/**
 * A mall coupon the member holds, used on a cash purchase outside the mall (lucky refund's codes), inside
 * the caller's transaction: checked (`checkCouponOutsideMall`: a cash coupon for no goods in particular, on
 * its platform and theme, in its validity) and marked used for `usedFor`, once. Answers the discount on
 * `amount`; the caller charges the rest and pays the discount from its own budget. Not held or already
 * used: MALL_COUPON_UNAVAILABLE.
 */
export async function useCouponOutsideMall(
  trx: Trx,
  deps: Pick<MallDeps, 'theme'>,
  input: { memberId: number; memberCouponId: number; amount: number; platform: number; usedFor: string },
): Promise<{ discount: number }> {
  const coupon = await repository.findMemberCoupon(trx, input.memberCouponId, input.memberId);
  if (!coupon || coupon.status !== 'available') throw new AppError('MALL_COUPON_UNAVAILABLE');
  const terms = termsFromRow(coupon.terms);
  const refusal = checkCouponOutsideMall(terms, {
    now: new Date(),
    platform: input.platform,
    theme: deps.theme,
  });
  if (refusal) throw new AppError(refusal);
  if (!(await repository.useCoupon(trx, coupon.id, input.memberId, { used_for: input.usedFor }))) {
    throw new AppError('MALL_COUPON_UNAVAILABLE');
  }
  return { discount: couponDiscountOn(terms, input.amount) };
}

// Checkout ------------------------------------------------------------------------------------------------

async function toOrders(db: Db | Trx, rows: repository.OrderRow[]): Promise<MallOrder[]> {
  const lines = await repository.linesOf(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({
    id: row.id,
    status: row.status,
    lines: lines
      .filter((line) => line.order_id === row.id)
      .map((line) => ({
        goodsId: line.goods_id,
        name: line.name,
        currency: line.currency,
        unitPrice: line.unit_price,
        count: line.count,
        deliverable: deliverableOf(line.deliverable),
      })),
    cash: row.cash,
    coins: row.coins,
    diamonds: row.diamonds,
    discount: row.discount,
    discountCurrency: row.discount_currency,
    couponId: row.member_coupon_id,
    note: row.note,
    createTime: row.created_at.toISOString(),
    fulfilTime: row.fulfilled_at?.toISOString() ?? null,
  }));
}

function requestHashOf(request: CheckoutRequest): string {
  const lines = [...request.goods].sort((a, b) => a.id - b.id);
  return createHash('sha256')
    .update(JSON.stringify({ lines, couponId: request.couponId ?? null }))
    .digest('hex');
}

/** The ledger key of an order's charge in one currency: once per member, request key and currency. */
export function chargeKey(memberId: number, requestKey: string, currency: MallCurrency): string {
  return `mall:${memberId}:${requestKey}:${currency}`;
}

const INSUFFICIENT: Record<
  Exclude<MallCurrency, 'cash'>,
  'MALL_COINS_INSUFFICIENT' | 'DIAMONDS_INSUFFICIENT'
> = {
  coins: 'MALL_COINS_INSUFFICIENT',
  diamonds: 'DIAMONDS_INSUFFICIENT',
};

/**
 * Buys the cart, in ONE transaction: the order row first (unique per member and request key: the same
 * request again answers the same order and spends nothing twice), the per-member limits, the coupon (used
 * once), the order's lines, the stock (`stock - n where stock >= n`, at the price the buyer saw), the charge in each currency
 * to `promo:mall:budget` (cash real money first, coins and diamonds checked on the locked balance) and the
 * deliveries. Any refusal rolls all of it back: nobody is charged without an order, no stock is taken
 * without a sale. The client's unitPrice and couponType are only compared with the server's; a stale cart
 * is refused (MALL_PRICE_CHANGED), never charged at its price.
 */
export async function checkout(
  deps: MallDeps,
  memberId: number,
  request: CheckoutRequest,
  context: { platform: number },
): Promise<CheckoutResult> {
  const programme = await requireProgramme(deps.db, MALL, deps.country);
  const hash = requestHashOf(request);
  const answer = async (order: repository.OrderRow): Promise<CheckoutResult> => {
    if (order.request_hash !== hash) throw new AppError('IDEMPOTENCY_CONFLICT');
    const [view] = await toOrders(deps.db, [order]);
    const balances = await getBalances(deps.db, memberId);
    return {
      ...view!,
      money: balances.cash,
      withdrawMoney: balances.withdrawable,
      bonusMoney: balances.coins,
      diamond: balances.diamonds,
    };
  };
  const done = await repository.findOrderByKey(deps.db, memberId, request.requestId);
  if (done) return answer(done);
  // A flash sale's late buyers are refused without a transaction: stock only grows by an operator, so a
  // read showing too little is a fair answer. Enough read here proves nothing: the conditional update in
  // the transaction decides.
  const seen = await repository.findGoods(
    deps.db,
    request.goods.map((line) => line.id),
  );
  if (
    seen.some((row) => {
      const line = request.goods.find((each) => each.id === row.id);
      return line !== undefined && row.enabled && row.stock !== null && row.stock < line.count;
    })
  ) {
    throw new AppError('MALL_SOLD_OUT');
  }
  // The budget account exists before the transaction (its creation is not part of any sale).
  await openPromotionBudget(deps.db, MALL.code);

  try {
    const order = await retryingTransaction(deps.db, (trx) =>
      buy(trx, {
        deps,
        memberId,
        request,
        hash,
        budget: programme.budgetAccount,
        platform: context.platform,
      }),
    );
    return await answer(order);
  } catch (error) {
    // A parallel request with the same key committed first: its order is the answer.
    const first = await repository.findOrderByKey(deps.db, memberId, request.requestId);
    if (first) return answer(first);
    // Another order took the same coupon first (an order names a coupon at most once).
    if (isUniqueViolation(error)) throw new AppError('MALL_COUPON_UNAVAILABLE');
    throw error;
  }
}

async function buy(
  trx: Trx,
  input: {
    deps: MallDeps;
    memberId: number;
    request: CheckoutRequest;
    hash: string;
    budget: string;
    platform: number;
  },
): Promise<repository.OrderRow> {
  const { deps, memberId, request } = input;
  if (!(await lockMemberInGoodStanding(trx, memberId))) throw new AppError('PROMOTION_MEMBER_BLOCKED');
  // Lines in goods id order: every checkout locks goods rows in the same order (no deadlock between two).
  const cart = [...request.goods].sort((a, b) => a.id - b.id);
  const found = new Map(
    (
      await repository.findGoods(
        trx,
        cart.map((line) => line.id),
      )
    ).map((row) => [row.id, row]),
  );
  const lines = cart.map((line) => {
    const row = found.get(line.id);
    if (!row || !row.enabled) throw new AppError('MALL_GOODS_NOT_FOUND');
    const deliverable = deliverableOf(row.deliverable);
    if (!isSoldInMarket(deliverable, deps.country)) throw new AppError('MALL_GOODS_NOT_FOUND');
    if (row.price !== line.unitPrice || row.coupon_type !== line.couponType)
      throw new AppError('MALL_PRICE_CHANGED');
    const goods: PricedGoods = {
      id: row.id,
      type: row.type,
      currency: row.currency,
      price: row.price,
      couponType: row.coupon_type,
    };
    return { goods, count: line.count, row, deliverable };
  });

  let coupon: repository.MemberCouponRow | undefined;
  if (request.couponId !== undefined) {
    coupon = await repository.findMemberCoupon(trx, request.couponId, memberId);
    if (!coupon || coupon.status !== 'available') throw new AppError('MALL_COUPON_UNAVAILABLE');
  }
  const terms = coupon ? termsFromRow(coupon.terms) : undefined;
  const priced = priceCart(lines, terms, { now: new Date(), platform: input.platform, theme: deps.theme });
  if (priced.refusal) throw new AppError(priced.refusal);

  const hasItem = lines.some((line) => line.deliverable.kind === 'item');
  const order = await repository.insertOrder(trx, {
    member_id: memberId,
    request_key: request.requestId,
    request_hash: input.hash,
    status: hasItem ? 'pending' : 'completed',
    cash: priced.totals.cash,
    coins: priced.totals.coins,
    diamonds: priced.totals.diamonds,
    discount: priced.discount,
    discount_currency: terms ? terms.currency : null,
    member_coupon_id: coupon?.id ?? null,
  });

  for (const line of lines) {
    const counted = await repository.countPurchase(trx, {
      memberId,
      goodsId: line.goods.id,
      count: line.count,
      limit: line.row.member_limit,
    });
    if (!counted) throw new AppError('MALL_LIMIT_REACHED');
  }
  if (coupon && !(await repository.useCoupon(trx, coupon.id, memberId, { order_id: order.id }))) {
    throw new AppError('MALL_COUPON_UNAVAILABLE');
  }
  await repository.insertOrderLines(
    trx,
    lines.map((line, index) => ({
      order_id: order.id,
      line: index,
      goods_id: line.goods.id,
      name: line.row.name,
      currency: line.goods.currency,
      unit_price: line.goods.price,
      count: line.count,
      deliverable: JSON.stringify(line.deliverable),
    })),
  );
  // From the first stock taken to the commit, this sale holds the item's row (and, from its charge, the
  // mall's budget row): only the stock, the charge and the deliveries run in that stretch.
  for (const line of lines) {
    const taken = await repository.takeStock(trx, {
      id: line.goods.id,
      count: line.count,
      price: line.goods.price,
      couponType: line.goods.couponType,
    });
    if (!taken) {
      const [now] = await repository.findGoods(trx, [line.goods.id]);
      if (!now || !now.enabled) throw new AppError('MALL_GOODS_NOT_FOUND');
      if (now.price !== line.goods.price || now.coupon_type !== line.goods.couponType) {
        throw new AppError('MALL_PRICE_CHANGED');
      }
      throw new AppError('MALL_SOLD_OUT');
    }
  }

  // The charge, once per request key in each currency (the ledger's idempotency key).
  const key = (currency: MallCurrency) => chargeKey(memberId, request.requestId, currency);
  const description = `Mall order ${order.id}`;
  // Paid in cash, the coins and diamonds bought come in the same journal transaction as the charge (one
  // ledger statement: the sale's hot rows are held the shortest); the member's standing was share-locked
  // at the start, as payReward would check it.
  const digital = { coins: 0, diamonds: 0 };
  for (const line of lines) {
    if (line.deliverable.kind === 'coins' || line.deliverable.kind === 'diamonds') {
      digital[line.deliverable.kind] += line.deliverable.amount * line.count;
    }
  }
  const deliveredWithCharge = priced.totals.cash > 0;
  if (deliveredWithCharge) {
    await buyWithCash(trx, {
      memberId,
      to: input.budget,
      key: key('cash'),
      amount: priced.totals.cash,
      ...digital,
      description,
    });
  }
  for (const currency of ['coins', 'diamonds'] as const) {
    if (priced.totals[currency] === 0) continue;
    await spendMemberAsset(trx, {
      memberId,
      to: input.budget,
      key: key(currency),
      kind: 'purchase',
      asset: currency,
      amount: priced.totals[currency],
      insufficient: INSUFFICIENT[currency],
      description,
    });
  }

  // What was bought, delivered in the same transaction (an item waits for the operator).
  const now = new Date();
  for (const [index, line] of lines.entries()) {
    const deliverable = line.deliverable;
    const reward = `Mall: ${line.row.name} ×${line.count}`;
    if (deliverable.kind === 'coins' || deliverable.kind === 'diamonds') {
      if (deliveredWithCharge) continue;
      await payReward(trx, {
        programme: MALL.code,
        memberId,
        key: `order${order.id}-line${index}:${memberId}`,
        ...(deliverable.kind === 'coins'
          ? { coins: deliverable.amount * line.count }
          : { diamonds: deliverable.amount * line.count }),
        description: reward,
      });
    } else if (deliverable.kind === 'bonus') {
      await grantProgrammeBonus(trx, {
        programme: MALL.code,
        memberId,
        sourceRef: `order:${order.id}:${index}`,
        amount: deliverable.amount * line.count,
        terms: termsOf(
          {
            wageringMultiple: deliverable.wageringMultiple,
            expiryDays: deliverable.expiryDays,
            maxStake: null,
            maxConversion: deliverable.maxConversion * line.count,
            contribution: {},
          },
          now,
        ),
      });
    }
  }
  return order;
}

export async function getOrders(
  deps: MallDeps,
  memberId: number,
  page: { page: number; size: number },
): Promise<{ list: MallOrder[]; total: number; page: number; size: number }> {
  const { rows, total } = await repository.findOrders(deps.db, { memberId }, page);
  return { list: await toOrders(deps.db, rows), total, ...page };
}

/** One of the caller's orders; another member's answers as absent (MALL_ORDER_NOT_FOUND). */
export async function getOrder(deps: MallDeps, memberId: number, id: number): Promise<MallOrder> {
  const row = await repository.findOrder(deps.db, id);
  if (!row || row.member_id !== memberId) throw new AppError('MALL_ORDER_NOT_FOUND');
  const [order] = await toOrders(deps.db, [row]);
  return order!;
}

export { toOrders };
