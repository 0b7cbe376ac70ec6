import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PageQuerySchema } from '@app/contracts/diamonds';
import { VIP_PATHS } from '@app/contracts/paths';
import {
  BenefitClaimQuerySchema,
  BenefitClaimResultSchema,
  BenefitLevelsQuerySchema,
  BenefitLogPageSchema,
  BenefitSettingsQuerySchema,
  BenefitSettingsViewSchema,
  PersonalBenefitsQuerySchema,
  VipBenefitSchema,
  VipLevelSchema,
  VipPersonalLevelSchema,
} from '@app/contracts/vip';
import { sessionOf } from '../../../http/auth.ts';
import { ok } from '../../../http/envelope.ts';
import { apiResponses, memberRoute, openRoute } from '../../../http/route-schema.ts';
import * as vip from './vip.service.ts';
import type { House } from '../kit/plug.ts';

/** VIP levels and benefits (issue 15 §1 §2, spec §7 vip). Mounted under /api. */
export async function vipRoutes(app: FastifyInstance, { db, country }: House): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['vip'];

  routes.get(
    VIP_PATHS.personalLevel,
    memberRoute(tags, "The caller's VIP level, points (BP) and year, and the way to the next level", {
      response: apiResponses(VipPersonalLevelSchema),
    }),
    async (request) => ok(await vip.getPersonalLevel(db, country, sessionOf(request).member.id)),
  );

  routes.get(
    VIP_PATHS.levels,
    openRoute(tags, 'The ten VIP levels, their names and the points each starts at', {
      response: apiResponses(z.array(VipLevelSchema)),
    }),
    async () => ok(await vip.getLevels(db, country)),
  );

  routes.get(
    VIP_PATHS.benefitLevels,
    openRoute(tags, 'The benefits of a level (level 1 when none is named) and what each pays there', {
      querystring: BenefitLevelsQuerySchema,
      response: apiResponses(z.array(VipBenefitSchema)),
    }),
    async (request) =>
      ok(await vip.getLevelBenefits(db, country, request.query.levelId ?? 1, request.client.language)),
  );

  routes.get(
    VIP_PATHS.personalEnjoyed,
    memberRoute(tags, "The caller's benefits with statu and state, ordered by statu 0, 1, -1, 9", {
      querystring: PersonalBenefitsQuerySchema,
      response: apiResponses(z.array(VipBenefitSchema)),
    }),
    async (request) => {
      const ids = request.query.benefitsIds?.split(',').map(Number);
      return ok(
        await vip.getPersonalBenefits(db, country, sessionOf(request).member, request.client.language, ids),
      );
    },
  );

  routes.post(
    VIP_PATHS.personalEnjoyed,
    memberRoute(
      tags,
      'Claim a benefit for its current period, once; answers what was paid (cashbackAmount)',
      { querystring: BenefitClaimQuerySchema, response: apiResponses(BenefitClaimResultSchema) },
    ),
    async (request) =>
      ok(await vip.claimBenefit(db, country, sessionOf(request).member, request.query.benefitsId)),
  );

  routes.get(
    VIP_PATHS.logs,
    memberRoute(tags, "The caller's benefit claims, newest first", {
      querystring: PageQuerySchema,
      response: apiResponses(BenefitLogPageSchema),
    }),
    async (request) =>
      ok(
        await vip.getBenefitLogs(
          db,
          country,
          sessionOf(request).member.id,
          request.client.language,
          request.query,
        ),
      ),
  );

  routes.get(
    VIP_PATHS.settings,
    openRoute(tags, "A benefit's terms at every level", {
      querystring: BenefitSettingsQuerySchema,
      response: apiResponses(BenefitSettingsViewSchema),
    }),
    async (request) =>
      ok(await vip.getBenefitSettings(db, country, request.query.benefitId, request.client.language)),
  );
}
