import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CollectCardsBuyRequestSchema,
  CollectCardsChanceResultSchema,
  CollectCardsConfigSchema,
  CollectCardsDrawRequestSchema,
  CollectCardsDrawResultSchema,
  CollectCardsDrawSchema,
  CollectCardsFreeSchema,
  CollectCardsGiftSchema,
  CollectCardsMemberSchema,
  CollectCardsNoticeSchema,
  CollectCardsOrderChanceSchema,
  CollectCardsOrderQuerySchema,
  CollectCardsOrderRequestSchema,
} from '@app/contracts/collect-cards';
import { COLLECT_CARDS_PATHS } from '@app/contracts/paths';
import { sessionOf } from '../../../http/auth.ts';
import { ok } from '../../../http/envelope.ts';
import { apiResponses, memberRoute, openRoute } from '../../../http/route-schema.ts';
import * as service from './collect-cards.service.ts';

/**
 * Collect-cards (issue 16 §3, docs/api.md "Collect-cards"). Mounted under /api. The activity and its
 * winners are open to visitors; everything about a member's cards needs the member.
 */
export async function collectCardsRoutes(
  app: FastifyInstance,
  { deps }: { deps: service.CollectCardsDeps },
): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['collect-cards'];

  routes.get(
    COLLECT_CARDS_PATHS.config,
    openRoute(
      tags,
      'The activity: status, cards and their odds, gift, prices, the chances a set takes on average',
      { response: apiResponses(CollectCardsConfigSchema) },
    ),
    async () => ok(await service.getConfig(deps)),
  );

  routes.get(
    COLLECT_CARDS_PATHS.notices,
    openRoute(
      tags,
      'The latest completed sets, mobiles masked; empty while the operator keeps winners hidden',
      { response: apiResponses(z.array(CollectCardsNoticeSchema)) },
    ),
    async () => ok(await service.getNotices(deps)),
  );

  routes.get(
    COLLECT_CARDS_PATHS.member,
    memberRoute(tags, "The caller's cards (cardSet), chances, sets completed and next draw's commitment", {
      response: apiResponses(CollectCardsMemberSchema),
    }),
    async (request) => ok(await service.getMember(deps, sessionOf(request).member.id)),
  );

  routes.get(
    COLLECT_CARDS_PATHS.free,
    memberRoute(tags, "Whether the caller's free chance of the site day is still to take", {
      response: apiResponses(CollectCardsFreeSchema),
    }),
    async (request) => ok(await service.getFree(deps, sessionOf(request).member.id)),
  );

  routes.post(
    COLLECT_CARDS_PATHS.free,
    memberRoute(tags, "Takes the caller's free chance of the site day, once", {
      response: apiResponses(CollectCardsChanceResultSchema),
    }),
    async (request) => ok(await service.takeFree(deps, sessionOf(request).member.id)),
  );

  routes.get(
    COLLECT_CARDS_PATHS.gifts,
    memberRoute(tags, "The caller's completed sets and the gift each paid, newest first", {
      response: apiResponses(z.array(CollectCardsGiftSchema)),
    }),
    async (request) => ok(await service.getGifts(deps, sessionOf(request).member.id)),
  );

  routes.get(
    COLLECT_CARDS_PATHS.chances,
    memberRoute(tags, "What the caller's deposit `orderNo` gives or gave: granted, available or none", {
      querystring: CollectCardsOrderQuerySchema,
      response: apiResponses(CollectCardsOrderChanceSchema),
    }),
    async (request) =>
      ok(await service.getOrderChance(deps, sessionOf(request).member.id, request.query.orderNo)),
  );

  // The spec's POST, read only: a paid deposit gives its chances on the server (the money fact's consumer,
  // docs/promotions.md "Collect-cards"), whatever page the player saw; this only says what it gave.
  routes.post(
    COLLECT_CARDS_PATHS.chances,
    memberRoute(
      tags,
      "What the caller's deposit `orderNo` gave (read only: a paid deposit's chances are given by the server)",
      { body: CollectCardsOrderRequestSchema, response: apiResponses(CollectCardsOrderChanceSchema) },
    ),
    async (request) =>
      ok(await service.getOrderChance(deps, sessionOf(request).member.id, request.body.orderNo)),
  );

  routes.post(
    COLLECT_CARDS_PATHS.buy,
    memberRoute(tags, 'Buys one chance with coins (costChance); the same requestId again buys nothing more', {
      body: CollectCardsBuyRequestSchema,
      response: apiResponses(CollectCardsChanceResultSchema),
    }),
    async (request) =>
      ok(await service.buyChance(deps, sessionOf(request).member.id, request.body.requestId)),
  );

  routes.post(
    COLLECT_CARDS_PATHS.draw,
    memberRoute(tags, 'Uses one chance to draw a card; a complete set pays the gift once and starts again', {
      body: CollectCardsDrawRequestSchema,
      response: apiResponses(CollectCardsDrawResultSchema),
    }),
    async (request) => ok(await service.draw(deps, sessionOf(request).member.id, request.body)),
  );

  routes.get(
    COLLECT_CARDS_PATHS.draws,
    memberRoute(tags, "The caller's latest draws with their revealed seeds, newest first", {
      response: apiResponses(z.array(CollectCardsDrawSchema)),
    }),
    async (request) => ok(await service.getDraws(deps, sessionOf(request).member.id)),
  );
}
