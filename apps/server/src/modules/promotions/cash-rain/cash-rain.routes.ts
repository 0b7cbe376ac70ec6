import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CashRainClaimSchema,
  CashRainConfigSchema,
  CashRainDrawStatusQuerySchema,
  CashRainGiftSchema,
  CashRainRecordSchema,
  CashRainSlotFairnessSchema,
  CashRainSlotQuerySchema,
} from '@app/contracts/cash-rain';
import { CASH_RAIN_PATHS } from '@app/contracts/paths';
import { ok } from '../../../http/envelope.ts';
import { apiResponses, memberRoute, openRoute } from '../../../http/route-schema.ts';
import { sessionOf } from '../../../http/auth.ts';
import { authenticate } from '../../platform/member/member.service.ts';
import * as cashRain from './cash-rain.service.ts';

/** Cash rain (promotions spec §7), mounted under /api. */
export async function cashRainRoutes(app: FastifyInstance, { deps }: { deps: cashRain.CashRainDeps }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['cash-rain'];

  // Visitors see the slots (the home widget); a logged-in caller also learns whether to deposit first.
  routes.get(
    CASH_RAIN_PATHS.config,
    openRoute(
      tags,
      'Today’s cash rain slots, rules and title; memberStatus 1 when the caller must deposit first',
      { response: apiResponses(CashRainConfigSchema) },
    ),
    async (request) => {
      const session = await authenticate(deps, request.client.token);
      return ok(await cashRain.getConfig(deps, session?.member.id));
    },
  );

  routes.get(
    CASH_RAIN_PATHS.drawStatus,
    memberRoute(tags, 'Whether the caller already took part in today’s slot `id`', {
      querystring: CashRainDrawStatusQuerySchema,
      response: apiResponses(z.boolean()),
    }),
    async (request) => {
      const { member } = sessionOf(request);
      return ok(await cashRain.hasTakenPart(deps, member.id, request.query.id));
    },
  );

  routes.post(
    CASH_RAIN_PATHS.gifts,
    memberRoute(
      tags,
      'Claims the caller’s one packet of the open slot `id`; answers the gift (type 0: try again)',
      { body: CashRainClaimSchema, response: apiResponses(CashRainGiftSchema) },
    ),
    async (request) => {
      const { member } = sessionOf(request);
      return ok(await cashRain.claimGift(deps, member.id, request.body));
    },
  );

  // The slot's commitment is public (anyone may check a rain), like the config.
  routes.get(
    CASH_RAIN_PATHS.slot,
    openRoute(
      tags,
      'A slot’s commitment: its seed hash (from before it opens), its seed once finished, its split parameters',
      { querystring: CashRainSlotQuerySchema, response: apiResponses(CashRainSlotFairnessSchema) },
    ),
    async (request) => ok(await cashRain.getSlotFairness(deps, request.query)),
  );

  routes.get(
    CASH_RAIN_PATHS.records,
    memberRoute(
      tags,
      'The caller’s latest cash rain claims, with their packet’s position and their slot’s commitment',
      { response: apiResponses(z.array(CashRainRecordSchema)) },
    ),
    async (request) => {
      const { member } = sessionOf(request);
      return ok(await cashRain.getMemberRecords(deps, member.id));
    },
  );
}
