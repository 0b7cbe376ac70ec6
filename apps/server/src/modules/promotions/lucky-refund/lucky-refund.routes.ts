import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ActIdQuerySchema,
  JackpotSchema,
  LuckyRefundActiveSchema,
  LuckyRefundBuyResultSchema,
  LuckyRefundBuySchema,
  LuckyRefundBuyWithAssetSchema,
  OptionalRefundIdQuerySchema,
  PersonalCodesSchema,
  PersonalResultSchema,
  PersonalResultsQuerySchema,
  PersonalResultsSchema,
  RedeemSchema,
  RefundIdQuerySchema,
  RoundResultsSchema,
  SpecialResultsListSchema,
  SpecialResultsSchema,
} from '@app/contracts/lucky-refund';
import { LUCKY_REFUND_PATHS } from '@app/contracts/paths';
import { sessionOf } from '../../../http/auth.ts';
import { ok } from '../../../http/envelope.ts';
import { apiResponses, memberRoute, openRoute } from '../../../http/route-schema.ts';
import { authenticate } from '../../platform/member/member.service.ts';
import * as luckyRefund from './lucky-refund.service.ts';

/**
 * Lucky refund (spec §7, docs/api.md "Lucky refund"). Mounted under /api. Visitors read the rounds, the
 * results and the jackpot; buying, the caller's codes and results and the redeem need a member.
 */
export async function luckyRefundRoutes(
  app: FastifyInstance,
  { deps }: { deps: luckyRefund.LuckyRefundDeps },
): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['lucky-refund'];
  // Visitors see the round; a caller's token adds their codes in it.
  const callerOf = async (token: string | undefined) =>
    (await authenticate({ db: deps.db }, token))?.member.id;

  routes.get(
    LUCKY_REFUND_PATHS.active,
    openRoute(
      tags,
      "The round on sale now with its countdown, the round before it, the week's raffle, the jackpot",
      { response: apiResponses(LuckyRefundActiveSchema) },
    ),
    async (request) => ok(await luckyRefund.getActive(deps, await callerOf(request.client.token))),
  );

  routes.get(
    LUCKY_REFUND_PATHS.jackpot,
    openRoute(tags, 'The jackpot now (the Saturday raffle wins it)', {
      response: apiResponses(JackpotSchema),
    }),
    async () => ok(await luckyRefund.getJackpot(deps)),
  );

  routes.get(
    LUCKY_REFUND_PATHS.prevResults,
    openRoute(tags, 'The results of the round before `refundId` (the previous results)', {
      querystring: RefundIdQuerySchema,
      response: apiResponses(RoundResultsSchema),
    }),
    async (request) => ok(await luckyRefund.getPreviousResults(deps, request.query.refundId)),
  );

  routes.get(
    LUCKY_REFUND_PATHS.prevResultsV2,
    openRoute(tags, 'The results of round `actId` itself', {
      querystring: ActIdQuerySchema,
      response: apiResponses(RoundResultsSchema),
    }),
    async (request) => ok(await luckyRefund.getRoundResults(deps, request.query.actId)),
  );

  routes.get(
    LUCKY_REFUND_PATHS.latestResults,
    openRoute(tags, "The last paid round's results", { response: apiResponses(RoundResultsSchema) }),
    async () => ok(await luckyRefund.getLatestResults(deps)),
  );

  routes.get(
    LUCKY_REFUND_PATHS.specialResults,
    openRoute(tags, "The Saturday raffle round `refundId`'s codes entered (this week's without it)", {
      querystring: OptionalRefundIdQuerySchema,
      response: apiResponses(SpecialResultsSchema),
    }),
    async (request) => ok(await luckyRefund.getSpecialResults(deps, request.query.refundId)),
  );

  routes.get(
    LUCKY_REFUND_PATHS.specialResultsV2,
    openRoute(tags, 'The last raffles drawn and paid, newest first (up to round `refundId`)', {
      querystring: OptionalRefundIdQuerySchema,
      response: apiResponses(SpecialResultsListSchema),
    }),
    async (request) => ok(await luckyRefund.getSpecialResultsList(deps, request.query.refundId)),
  );

  routes.get(
    LUCKY_REFUND_PATHS.personalCodes,
    memberRoute(tags, "The caller's codes in round `refundId`, and the advert of those not shown yet", {
      querystring: RefundIdQuerySchema,
      response: apiResponses(PersonalCodesSchema),
    }),
    async (request) =>
      ok(await luckyRefund.getPersonalCodes(deps, sessionOf(request).member.id, request.query.refundId)),
  );

  routes.get(
    LUCKY_REFUND_PATHS.personalResults,
    memberRoute(tags, "The caller's prizes, refunds and jackpots, newest first (credited when paid)", {
      querystring: PersonalResultsQuerySchema,
      response: apiResponses(PersonalResultsSchema),
    }),
    async (request) =>
      ok(await luckyRefund.getPersonalResults(deps, sessionOf(request).member.id, request.query)),
  );

  routes.post(
    LUCKY_REFUND_PATHS.redeem,
    memberRoute(tags, "Confirms one of the caller's results (it was credited when its round was paid)", {
      body: RedeemSchema,
      response: apiResponses(PersonalResultSchema),
    }),
    async (request) =>
      ok(await luckyRefund.redeem(deps, sessionOf(request).member.id, request.body.resultId)),
  );

  routes.post(
    LUCKY_REFUND_PATHS.buy,
    memberRoute(
      tags,
      'Buys codes of round `refundId` with cash (a mall coupon off the price); the same requestId buys once',
      { body: LuckyRefundBuySchema, response: apiResponses(LuckyRefundBuyResultSchema) },
    ),
    async (request) =>
      ok(
        await luckyRefund.buyCodes(deps, sessionOf(request).member.id, 'cash', request.body, {
          platform: request.client.platform,
        }),
      ),
  );

  routes.post(
    LUCKY_REFUND_PATHS.buyWithCoins,
    memberRoute(tags, 'Buys codes of round `refundId` with coins', {
      body: LuckyRefundBuyWithAssetSchema,
      response: apiResponses(LuckyRefundBuyResultSchema),
    }),
    async (request) =>
      ok(
        await luckyRefund.buyCodes(deps, sessionOf(request).member.id, 'coins', request.body, {
          platform: request.client.platform,
        }),
      ),
  );

  routes.post(
    LUCKY_REFUND_PATHS.buyWithDiamonds,
    memberRoute(tags, 'Buys codes of round `refundId` with diamonds', {
      body: LuckyRefundBuyWithAssetSchema,
      response: apiResponses(LuckyRefundBuyResultSchema),
    }),
    async (request) =>
      ok(
        await luckyRefund.buyCodes(deps, sessionOf(request).member.id, 'diamonds', request.body, {
          platform: request.client.platform,
        }),
      ),
  );
}
