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
import { requires, sessionOf } from '../../../http/auth.ts';
import { ok } from '../../../http/envelope.ts';
import { apiResponses } from '../../../http/route-schema.ts';
import * as vip from './vip.service.ts';
import type { House } from '../kit/plug.ts';

/** VIP levels and benefits (issue 15 §1 §2, spec §7 vip). Mounted under /api. */
export async function vipRoutes(app: FastifyInstance, { db, country }: House): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['vip'];
  const security = requires('memberToken');

  routes.get(
    VIP_PATHS.personalLevel,
    {
      schema: {
        security,
        tags,
        summary: "The caller's VIP level, points (BP) and year, and the way to the next level",
        response: apiResponses(VipPersonalLevelSchema),
      },
    },
    async (request) => ok(await vip.getPersonalLevel(db, country, sessionOf(request).member.id)),
  );

  routes.get(
    VIP_PATHS.levels,
    {
      schema: {
        tags,
        summary: 'The ten VIP levels, their names and the points each starts at',
        response: apiResponses(z.array(VipLevelSchema)),
      },
    },
    async () => ok(await vip.getLevels(db, country)),
  );

  routes.get(
    VIP_PATHS.benefitLevels,
    {
      schema: {
        tags,
        summary: 'The benefits of a level (level 1 when none is named) and what each pays there',
        querystring: BenefitLevelsQuerySchema,
        response: apiResponses(z.array(VipBenefitSchema)),
      },
    },
    async (request) =>
      ok(await vip.getLevelBenefits(db, country, request.query.levelId ?? 1, request.client.language)),
  );

  routes.get(
    VIP_PATHS.personalEnjoyed,
    {
      schema: {
        security,
        tags,
        summary: "The caller's benefits with statu and state, ordered by statu 0, 1, -1, 9",
        querystring: PersonalBenefitsQuerySchema,
        response: apiResponses(z.array(VipBenefitSchema)),
      },
    },
    async (request) => {
      const ids = request.query.benefitsIds?.split(',').map(Number);
      return ok(
        await vip.getPersonalBenefits(db, country, sessionOf(request).member, request.client.language, ids),
      );
    },
  );

  routes.post(
    VIP_PATHS.personalEnjoyed,
    {
      schema: {
        security,
        tags,
        summary: 'Claim a benefit for its current period, once; answers what was paid (cashbackAmount)',
        querystring: BenefitClaimQuerySchema,
        response: apiResponses(BenefitClaimResultSchema),
      },
    },
    async (request) =>
      ok(await vip.claimBenefit(db, country, sessionOf(request).member, request.query.benefitsId)),
  );

  routes.get(
    VIP_PATHS.logs,
    {
      schema: {
        security,
        tags,
        summary: "The caller's benefit claims, newest first",
        querystring: PageQuerySchema,
        response: apiResponses(BenefitLogPageSchema),
      },
    },
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
    {
      schema: {
        tags,
        summary: "A benefit's terms at every level",
        querystring: BenefitSettingsQuerySchema,
        response: apiResponses(BenefitSettingsViewSchema),
      },
    },
    async (request) =>
      ok(await vip.getBenefitSettings(db, country, request.query.benefitId, request.client.language)),
  );
}
