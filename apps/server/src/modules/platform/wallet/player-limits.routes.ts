import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import type { CountryProfile } from '@app/contracts/country';
import {
  LowerLimitBodySchema,
  MemberIdParamsSchema,
  PlayerLimitsSchema,
  SetLimitsBodySchema,
} from '@app/contracts/limits';
import { ACCOUNT_PATHS, ADMIN_PATHS } from '@app/contracts/paths';
import type { Database } from '../../../db/schema.ts';
import { AppError } from '../../../http/app-error.ts';
import { sessionOf } from '../../../http/auth.ts';
import { ok } from '../../../http/envelope.ts';
import { apiResponses, memberRoute, staffRoute } from '../../../http/route-schema.ts';
import { auditedWrite } from '../staff/audit.service.ts';
import { actorOf, staffOf } from '../staff/staff-auth.ts';
import {
  getPlayerLimits,
  lowerPlayerLimit,
  setPlayerLimits,
  type LimitsMarket,
} from './player-limits.service.ts';
import { hasPlayerAccount } from './wallet.service.ts';

/**
 * Responsible-gambling limits (issue 25 §2), mounted under /api: the player's own (GET, POST) and an
 * operator's lowering of a player's limit (players.protect, audited with its reason).
 */
export async function playerLimitsRoutes(
  app: FastifyInstance,
  { db, country }: { db: Kysely<Database>; country: CountryProfile },
): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const market: LimitsMarket = {
    timeZone: country.timeZone,
    coolingOffHours: country.compliance.limits.coolingOffHours,
  };
  const memberId = (request: FastifyRequest) => sessionOf(request).member.id;

  routes.get(
    ACCOUNT_PATHS.limits,
    memberRoute(
      ['wallet'],
      'The caller’s deposit, loss, stake and session limits, what counts against them, and raises waiting',
      { response: apiResponses(PlayerLimitsSchema) },
    ),
    async (request) => ok(await getPlayerLimits(db, market, memberId(request))),
  );

  routes.post(
    ACCOUNT_PATHS.limits,
    memberRoute(
      ['wallet'],
      'Change limits: a lower one applies at once, a raise or removal after the cooling-off',
      { body: SetLimitsBodySchema, response: apiResponses(PlayerLimitsSchema) },
    ),
    async (request) => ok(await setPlayerLimits(db, market, memberId(request), request.body)),
  );

  const existingMember = async (id: number) => {
    if (!(await hasPlayerAccount(db, id))) throw new AppError('NOT_FOUND');
    return id;
  };

  routes.get(
    ADMIN_PATHS.memberLimits,
    staffRoute('players.protect', 'A player’s limits, what counts against them, and raises waiting', {
      params: MemberIdParamsSchema,
      response: apiResponses(PlayerLimitsSchema),
    }),
    async (request) => ok(await getPlayerLimits(db, market, await existingMember(request.params.id))),
  );

  routes.post(
    ADMIN_PATHS.memberLimits,
    staffRoute(
      'players.protect',
      'Lower a player’s limit at once (never raise it), with the reason the audit log keeps',
      {
        params: MemberIdParamsSchema,
        body: LowerLimitBodySchema,
        response: apiResponses(PlayerLimitsSchema),
      },
    ),
    async (request) => {
      const id = await existingMember(request.params.id);
      const actor = actorOf(request);
      const staffId = staffOf(request).id;
      await auditedWrite(db, actor, async (trx) => {
        const result = await lowerPlayerLimit(trx, market, id, { ...request.body, staffId });
        return {
          result,
          record: {
            action: 'player-limit.lower',
            target: `member:${id}`,
            before: { [request.body.name]: result.from },
            after: { [request.body.name]: result.to, reason: request.body.reason },
          },
        };
      });
      return ok(await getPlayerLimits(db, market, id));
    },
  );
}
