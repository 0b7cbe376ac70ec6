import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  GiveawayBasicQuerySchema,
  GiveawayBasicSchema,
  GiveawayGiftSchema,
  GiveawayGiftsRequestSchema,
  GiveawayRegisterRequestSchema,
  GiveawayRegisterResponseSchema,
} from '@app/contracts/giveaway';
import { GIVEAWAY_PATHS } from '@app/contracts/paths';
import { ok } from '../../../http/envelope.ts';
import { apiResponses, openRoute } from '../../../http/route-schema.ts';
import type { Caller, MemberDeps } from '../../platform/member/member.service.ts';
import * as giveaway from './giveaway.service.ts';

function callerOf(request: FastifyRequest): Caller {
  return { ip: request.ip, deviceId: request.client.deviceId, platform: request.client.platform };
}

/** Giveaway (promotions spec §7): a landing page for new players, so every call is open to visitors. */
export async function giveawayRoutes(app: FastifyInstance, { deps }: { deps: MemberDeps }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['giveaway'];

  routes.get(
    GIVEAWAY_PATHS.basic,
    openRoute(tags, 'A giveaway’s gift, dates and status (1 on, 0 not started, -1 over)', {
      querystring: GiveawayBasicQuerySchema,
      response: apiResponses(GiveawayBasicSchema),
    }),
    async (request) => ok(await giveaway.getBasic(deps, request.query.id)),
  );

  // Tells whether a mobile is registered, as member/checkMobile does: under the same per-address limit.
  routes.post(
    GIVEAWAY_PATHS.gifts,
    openRoute(tags, 'The gift a new mobile would receive; a registered mobile is refused', {
      body: GiveawayGiftsRequestSchema,
      response: apiResponses(GiveawayGiftSchema),
    }),
    async (request) => ok(await giveaway.checkGift(deps, request.body, callerOf(request))),
  );

  routes.post(
    GIVEAWAY_PATHS.register,
    openRoute(
      tags,
      'Registers the new player (as member/reg does) and gives the gift once; answers the login',
      { body: GiveawayRegisterRequestSchema, response: apiResponses(GiveawayRegisterResponseSchema) },
    ),
    async (request) => ok(await giveaway.registerForGift(deps, request.body, callerOf(request))),
  );
}
