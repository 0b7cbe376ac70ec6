import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ADMIN_PATHS, REFERRAL_PATHS } from '@app/contracts/paths';
import {
  ActivityParamsSchema,
  InvitationVisitResultSchema,
  InvitationVisitSchema,
  InviteTaskCollectSchema,
  InviteTaskSchema,
  ReferralAdminPageSchema,
  ReferralAdminQuerySchema,
  ReferralRewardSchema,
  ReferralSummarySchema,
} from '@app/contracts/referral';
import { sessionOf } from '../../../http/auth.ts';
import { ok } from '../../../http/envelope.ts';
import { apiResponses, memberRoute, openRoute, staffRoute } from '../../../http/route-schema.ts';
import { authenticate } from '../../platform/member/member.service.ts';
import * as referral from './referral.service.ts';
import type { House } from '../kit/plug.ts';

/** Invitation and referral (issue 15 §5): the link's visit, the programme's pages, the operators' list. */
export async function referralRoutes(app: FastifyInstance, { db, country }: House): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['referral'];

  routes.post(
    REFERRAL_PATHS.visit,
    openRoute(tags, 'An invitation link was opened: counted per referrer, channel (1-5) and day', {
      body: InvitationVisitSchema,
      response: apiResponses(InvitationVisitResultSchema),
    }),
    async (request) => ok(await referral.recordVisit(db, country, request.body)),
  );

  routes.get(
    REFERRAL_PATHS.summary,
    openRoute(tags, "The referral programme's terms; for a member also their code and invited friends", {
      params: ActivityParamsSchema,
      response: apiResponses(ReferralSummarySchema),
    }),
    async (request) => {
      const session = await authenticate({ db }, request.client.token);
      return ok(await referral.getSummary(db, country, session?.member.id, request.params.id));
    },
  );

  routes.get(
    REFERRAL_PATHS.rewards,
    memberRoute(tags, "The caller's referral rewards (friends paid, invite tasks collected), newest first", {
      params: ActivityParamsSchema,
      response: apiResponses(z.array(ReferralRewardSchema)),
    }),
    async (request) => ok(await referral.getRewards(db, sessionOf(request).member.id, request.params.id)),
  );

  routes.get(
    REFERRAL_PATHS.tasks,
    memberRoute(tags, 'The invite tasks with the number of friends the caller was rewarded for', {
      params: ActivityParamsSchema,
      response: apiResponses(z.array(InviteTaskSchema)),
    }),
    async (request) =>
      ok(await referral.getInviteTasks(db, country, sessionOf(request).member.id, request.params.id)),
  );

  routes.post(
    REFERRAL_PATHS.taskCollect,
    memberRoute(tags, 'Collect a reached invite task, once; answers the tasks', {
      params: ActivityParamsSchema,
      body: InviteTaskCollectSchema,
      response: apiResponses(z.array(InviteTaskSchema)),
    }),
    async (request) =>
      ok(
        await referral.collectInviteTask(
          db,
          country,
          sessionOf(request).member.id,
          request.params.id,
          request.body.taskId,
        ),
      ),
  );

  routes.get(
    ADMIN_PATHS.referrals,
    staffRoute(
      'promotions.read',
      'Referrals with their state, refusal reason and abuse signals (IP: flagged for review)',
      { querystring: ReferralAdminQuerySchema, response: apiResponses(ReferralAdminPageSchema) },
    ),
    async (request) => ok(await referral.listReferrals(db, request.query)),
  );
}
