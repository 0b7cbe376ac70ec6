import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  CoinSpinIdParamsSchema,
  CoinSpinRecordsSchema,
  CoinSpinRequestSchema,
  CoinSpinResultSchema,
  CoinSpinStateSchema,
} from '@app/contracts/coin-spin';
import { DAILY_PATHS } from '@app/contracts/paths';
import { sessionOf } from '../../../http/auth.ts';
import { ok } from '../../../http/envelope.ts';
import { apiResponses, memberRoute, openRoute } from '../../../http/route-schema.ts';
import * as coinSpin from './coin-spin.service.ts';
import { authenticate } from '../../platform/member/member.service.ts';
import type { House } from '../kit/plug.ts';

/** The coin spin (paths of our design, docs/api.md). Mounted under /api. */
export async function coinSpinRoutes(app: FastifyInstance, { db, country }: House): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['promotions'];

  routes.get(
    DAILY_PATHS.coinSpin,
    openRoute(
      tags,
      'Today’s coin spin wheel: the published pool and seed commitment (visitors too), whether the caller may spin',
      { params: CoinSpinIdParamsSchema, response: apiResponses(CoinSpinStateSchema) },
    ),
    // The pool is published: visitors see it; a logged-in caller also learns whether they may spin.
    async (request) => {
      const session = await authenticate({ db }, request.client.token);
      return ok(await coinSpin.state(db, country, session?.member.id, request.params.id, new Date()));
    },
  );

  routes.post(
    DAILY_PATHS.coinSpinPlay,
    memberRoute(tags, 'The day’s free spin (once per site day); answers the spin’s record and the balances', {
      params: CoinSpinIdParamsSchema,
      body: CoinSpinRequestSchema,
      response: apiResponses(CoinSpinResultSchema),
    }),
    async (request) =>
      ok(
        await coinSpin.spin(
          db,
          country,
          sessionOf(request).member.id,
          { id: request.params.id, clientSeed: request.body.clientSeed },
          new Date(),
        ),
      ),
  );

  routes.get(
    DAILY_PATHS.coinSpinRecords,
    memberRoute(
      tags,
      'The caller’s spins, newest first; a day’s server seed is revealed once the day is over',
      { params: CoinSpinIdParamsSchema, response: apiResponses(CoinSpinRecordsSchema) },
    ),
    async (request) =>
      ok(await coinSpin.records(db, country, sessionOf(request).member.id, request.params.id, new Date())),
  );
}
