import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AdminOrderPageSchema,
  AdminOrdersQuerySchema,
  CheckoutRequestSchema,
  CheckoutResultSchema,
  CouponAdminSchema,
  CouponClaimSchema,
  CouponGrantSchema,
  CouponInputSchema,
  CouponIssueSchema,
  GoodsAdminSchema,
  GoodsCreateSchema,
  GoodsInputSchema,
  GoodsStockSchema,
  MallCouponsSchema,
  MallGoodsListSchema,
  MallGoodsQuerySchema,
  MallGoodsSchema,
  MallIdParamsSchema,
  MallOrderPageSchema,
  MallOrderSchema,
  MallOrdersQuerySchema,
  MemberCouponSchema,
  OrderCancelSchema,
  OrderFulfilSchema,
} from '@app/contracts/mall';
import { MALL_PATHS } from '@app/contracts/paths';
import { sessionOf } from '../../../http/auth.ts';
import { ok } from '../../../http/envelope.ts';
import { apiResponses, memberRoute, openRoute, staffRoute } from '../../../http/route-schema.ts';
import { authenticate } from '../../platform/member/member.service.ts';
import { actorOf } from '../../platform/staff/staff-auth.ts';
import * as admin from './mall-admin.service.ts';
import * as mall from './mall.service.ts';

/** The mall, cart and coupons (issue 15 §4; paths of our design), mounted under /api. */
export async function mallRoutes(app: FastifyInstance, { deps }: { deps: mall.MallDeps }): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['mall'];
  // Visitors see the mall; a caller's token adds what they bought and hold.
  const callerOf = async (token: string | undefined) => (await authenticate(deps, token))?.member.id;

  routes.get(
    MALL_PATHS.goods,
    openRoute(tags, 'The goods on sale, of one type or all (visitors too)', {
      querystring: MallGoodsQuerySchema,
      response: apiResponses(MallGoodsListSchema),
    }),
    async (request) =>
      ok(
        await mall.listGoods(deps, {
          type: request.query.type,
          language: request.client.language,
          memberId: await callerOf(request.client.token),
        }),
      ),
  );

  routes.get(
    MALL_PATHS.goodsItem,
    openRoute(tags, 'One goods item (4130 when not on sale)', {
      params: MallIdParamsSchema,
      response: apiResponses(MallGoodsSchema),
    }),
    async (request) =>
      ok(
        await mall.getGoods(deps, request.params.id, {
          language: request.client.language,
          memberId: await callerOf(request.client.token),
        }),
      ),
  );

  routes.get(
    MALL_PATHS.coupons,
    openRoute(tags, "The caller's coupons and the coupons anyone may take (visitors: only those)", {
      response: apiResponses(MallCouponsSchema),
    }),
    async (request) => ok(await mall.getCoupons(deps, await callerOf(request.client.token))),
  );

  routes.post(
    MALL_PATHS.claimCoupon,
    memberRoute(tags, 'Take one code of a claimable coupon (once per member)', {
      body: CouponClaimSchema,
      response: apiResponses(MemberCouponSchema),
    }),
    async (request) => ok(await mall.claimCoupon(deps, sessionOf(request).member.id, request.body.couponId)),
  );

  routes.post(
    MALL_PATHS.checkout,
    memberRoute(
      tags,
      'Buy the cart with at most one coupon, in one transaction; the same requestId is the same order',
      { body: CheckoutRequestSchema, response: apiResponses(CheckoutResultSchema) },
    ),
    async (request) =>
      ok(
        await mall.checkout(deps, sessionOf(request).member.id, request.body, {
          platform: request.client.platform,
        }),
      ),
  );

  routes.get(
    MALL_PATHS.orders,
    memberRoute(tags, "The caller's orders, newest first", {
      querystring: MallOrdersQuerySchema,
      response: apiResponses(MallOrderPageSchema),
    }),
    async (request) => ok(await mall.getOrders(deps, sessionOf(request).member.id, request.query)),
  );

  routes.get(
    MALL_PATHS.order,
    memberRoute(tags, "One of the caller's orders", {
      params: MallIdParamsSchema,
      response: apiResponses(MallOrderSchema),
    }),
    async (request) => ok(await mall.getOrder(deps, sessionOf(request).member.id, request.params.id)),
  );

  // Operators ---------------------------------------------------------------------------------------------

  routes.get(
    MALL_PATHS.adminGoods,
    staffRoute('promotions.read', 'Every goods item', { response: apiResponses(z.array(GoodsAdminSchema)) }),
    async () => ok(await admin.listGoods(deps.db)),
  );
  routes.post(
    MALL_PATHS.adminGoods,
    staffRoute('promotions.write', 'Create a goods item (audited)', {
      body: GoodsCreateSchema,
      response: apiResponses(GoodsAdminSchema),
    }),
    async (request) => ok(await admin.createGoods(deps.db, actorOf(request), request.body)),
  );
  routes.put(
    MALL_PATHS.adminGoodsItem,
    staffRoute('promotions.write', 'Replace a goods item but its stock (audited)', {
      params: MallIdParamsSchema,
      body: GoodsInputSchema,
      response: apiResponses(GoodsAdminSchema),
    }),
    async (request) =>
      ok(await admin.updateGoods(deps.db, actorOf(request), request.params.id, request.body)),
  );
  routes.post(
    MALL_PATHS.adminGoodsStock,
    staffRoute(
      'promotions.write',
      'Add to or take from the stock (never below zero), or make it unlimited (audited)',
      { params: MallIdParamsSchema, body: GoodsStockSchema, response: apiResponses(GoodsAdminSchema) },
    ),
    async (request) =>
      ok(await admin.changeStock(deps.db, actorOf(request), request.params.id, request.body)),
  );
  routes.get(
    MALL_PATHS.adminCoupons,
    staffRoute(
      'promotions.read',
      'Every coupon definition with how many were issued, are held and were used',
      { response: apiResponses(z.array(CouponAdminSchema)) },
    ),
    async () => ok(await admin.listCoupons(deps.db)),
  );
  routes.post(
    MALL_PATHS.adminCoupons,
    staffRoute('promotions.write', 'Create a coupon definition (audited)', {
      body: CouponInputSchema,
      response: apiResponses(CouponAdminSchema),
    }),
    async (request) => ok(await admin.createCoupon(deps.db, actorOf(request), request.body)),
  );
  routes.put(
    MALL_PATHS.adminCoupon,
    staffRoute(
      'promotions.write',
      'Replace a coupon definition; coupons already held keep their terms (audited)',
      { params: MallIdParamsSchema, body: CouponInputSchema, response: apiResponses(CouponAdminSchema) },
    ),
    async (request) =>
      ok(await admin.updateCoupon(deps.db, actorOf(request), request.params.id, request.body)),
  );
  routes.post(
    MALL_PATHS.adminCouponGrant,
    staffRoute('promotions.write', 'Give coupons of a definition to a member by mobile (audited)', {
      params: MallIdParamsSchema,
      body: CouponGrantSchema,
      response: apiResponses(CouponAdminSchema),
    }),
    async (request) =>
      ok(await admin.grantCoupons(deps.db, actorOf(request), request.params.id, request.body)),
  );
  routes.post(
    MALL_PATHS.adminCouponIssue,
    staffRoute('promotions.write', 'Add claimable codes to a claimable definition (audited)', {
      params: MallIdParamsSchema,
      body: CouponIssueSchema,
      response: apiResponses(CouponAdminSchema),
    }),
    async (request) =>
      ok(await admin.issueCoupons(deps.db, actorOf(request), request.params.id, request.body.count)),
  );
  routes.get(
    MALL_PATHS.adminOrders,
    staffRoute(
      'promotions.read',
      'Orders, newest first, optionally of one status (pending: waiting to be fulfilled)',
      { querystring: AdminOrdersQuerySchema, response: apiResponses(AdminOrderPageSchema) },
    ),
    async (request) => ok(await admin.listOrders(deps.db, request.query)),
  );
  routes.post(
    MALL_PATHS.adminOrderFulfil,
    staffRoute(
      'promotions.write',
      "Mark a pending order's item delivered, with a note the player reads (audited)",
      { params: MallIdParamsSchema, body: OrderFulfilSchema, response: apiResponses(MallOrderSchema) },
    ),
    async (request) =>
      ok(await admin.fulfilOrder(deps.db, actorOf(request), request.params.id, request.body.note)),
  );
  routes.post(
    MALL_PATHS.adminOrderCancel,
    staffRoute(
      'promotions.write',
      'Cancel a pending order of items the team cannot send: all it took is given back (audited)',
      { params: MallIdParamsSchema, body: OrderCancelSchema, response: apiResponses(MallOrderSchema) },
    ),
    async (request) =>
      ok(await admin.cancelOrder(deps.db, actorOf(request), request.params.id, request.body.note)),
  );
}
