import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  DiamondBalanceSchema,
  DiamondRecordSchema,
  DiamondRecordsQuerySchema,
  DiamondSpinBetRequestSchema,
  DiamondSpinBetResultSchema,
  DiamondSpinBetSchema,
  DiamondSpinConfigSchema,
  DiamondSpinRecordsQuerySchema,
  DiamondSpinWinnerSchema,
  DiamondTaskCollectResultSchema,
  DiamondTaskCollectSchema,
  DiamondTaskConfigSchema,
  DiamondTaskRecordPageSchema,
  PageQuerySchema,
} from '@app/contracts/diamonds';
import { DIAMOND_PATHS, DIAMOND_SPIN_PATHS } from '@app/contracts/paths';
import { sessionOf } from '../../../http/auth.ts';
import { ok } from '../../../http/envelope.ts';
import { apiResponses, memberRoute } from '../../../http/route-schema.ts';
import { getBalances, getDiamondMovements } from '../../platform/wallet/wallet.service.ts';
import * as spin from './diamond-spin.service.ts';
import * as tasks from './diamond-task.service.ts';
import type { House } from '../kit/plug.ts';

/** Diamonds (issue 14 §4 §5): tasks and the member's diamond account. Mounted under /api. */
export async function diamondsRoutes(app: FastifyInstance, { db, country }: House): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['diamonds'];

  routes.get(
    DIAMOND_PATHS.tasks,
    memberRoute(tags, "The task config and the caller's tasks of the site day, with progress", {
      response: apiResponses(DiamondTaskConfigSchema),
    }),
    async (request) => ok(await tasks.getTasks(db, country, sessionOf(request).member.id)),
  );

  routes.post(
    DIAMOND_PATHS.taskCollect,
    memberRoute(
      tags,
      "Collect a reached task of today: its bonus in diamonds, once; answers the caller's diamonds",
      { body: DiamondTaskCollectSchema, response: apiResponses(DiamondTaskCollectResultSchema) },
    ),
    async (request) => ok(await tasks.collect(db, country, sessionOf(request).member.id, request.body.id)),
  );

  routes.get(
    DIAMOND_PATHS.taskRecords,
    memberRoute(tags, "The caller's collected tasks, newest first", {
      querystring: PageQuerySchema,
      response: apiResponses(DiamondTaskRecordPageSchema),
    }),
    async (request) => ok(await tasks.getRecords(db, sessionOf(request).member.id, request.query)),
  );

  routes.get(
    DIAMOND_PATHS.balance,
    memberRoute(tags, "The caller's diamonds", { response: apiResponses(DiamondBalanceSchema) }),
    async (request) => ok({ diamond: (await getBalances(db, sessionOf(request).member.id)).diamonds }),
  );

  routes.get(
    DIAMOND_PATHS.records,
    memberRoute(
      tags,
      "The caller's diamond movements, newest first, older than excludeMaxId, optionally of one type",
      { querystring: DiamondRecordsQuerySchema, response: apiResponses(z.array(DiamondRecordSchema)) },
    ),
    async (request) =>
      ok(
        await getDiamondMovements(db, sessionOf(request).member.id, {
          type: request.query.type,
          beforeId: request.query.excludeMaxId,
          limit: request.query.limit,
        }),
      ),
  );

  // The diamond spin; v2 is the same wheel for the other theme's page (the same payloads).
  for (const [cfgPath, betPath, winnersPath] of [
    [DIAMOND_SPIN_PATHS.cfg, DIAMOND_SPIN_PATHS.bet, DIAMOND_SPIN_PATHS.winners],
    [DIAMOND_SPIN_PATHS.cfgV2, DIAMOND_SPIN_PATHS.betV2, DIAMOND_SPIN_PATHS.winnersV2],
  ] as const) {
    routes.get(
      cfgPath,
      memberRoute(
        tags,
        "The wheel: bet options, segments with today's pools, the caller's seed commitment and diamonds",
        { response: apiResponses(DiamondSpinConfigSchema) },
      ),
      async (request) => ok(await spin.getConfig(db, country, sessionOf(request).member.id)),
    );
    routes.post(
      betPath,
      memberRoute(
        tags,
        'Spin: the option {index} costs diamonds and pays what its spins land on, from the daily pools',
        { body: DiamondSpinBetRequestSchema, response: apiResponses(DiamondSpinBetResultSchema) },
      ),
      async (request) => ok(await spin.bet(db, country, sessionOf(request).member.id, request.body)),
    );
    routes.get(
      winnersPath,
      memberRoute(tags, 'The latest winners, mobiles masked', {
        response: apiResponses(z.array(DiamondSpinWinnerSchema)),
      }),
      async () => ok(await spin.getWinners(db, country)),
    );
  }

  routes.get(
    DIAMOND_SPIN_PATHS.records,
    memberRoute(
      tags,
      "The caller's spins, newest first, older than maxId, with their seeds for the verifier",
      { querystring: DiamondSpinRecordsQuerySchema, response: apiResponses(z.array(DiamondSpinBetSchema)) },
    ),
    async (request) => ok(await spin.getRecords(db, country, sessionOf(request).member.id, request.query)),
  );
}
