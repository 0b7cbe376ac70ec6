import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { DAILY_PATHS } from '@app/contracts/paths';
import {
  DailyBonusPreviewQuerySchema,
  DailyBonusPreviewSchema,
  DailyBonusSignResultSchema,
} from '@app/contracts/sign-in';
import { sessionOf } from '../../../http/auth.ts';
import { ok } from '../../../http/envelope.ts';
import { apiResponses, memberRoute, openRoute } from '../../../http/route-schema.ts';
import * as signIn from './sign-in.service.ts';
import { authenticate } from '../../platform/member/member.service.ts';
import type { House } from '../kit/plug.ts';

/** Daily sign-in (spec promotions §3, §7). Mounted under /api. */
export async function signInRoutes(app: FastifyInstance, { db, country }: House): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['promotions'];

  routes.get(
    DAILY_PATHS.signInPreview,
    openRoute(
      tags,
      'The caller’s 7 sign-in days: claimed, today’s, amounts; day 7 is the grand day (a visitor: a new cycle)',
      { querystring: DailyBonusPreviewQuerySchema, response: apiResponses(DailyBonusPreviewSchema) },
    ),
    // Visitors see what the 7 days pay (a new cycle); the claim needs login.
    async (request) => {
      const session = await authenticate({ db }, request.client.token);
      return ok(await signIn.preview(db, country, session?.member.id, new Date()));
    },
  );

  routes.post(
    DAILY_PATHS.signIn,
    memberRoute(
      tags,
      'Claim today’s sign-in bonus (once per site day); answers what it paid and the balances',
      { response: apiResponses(DailyBonusSignResultSchema) },
    ),
    async (request) => ok(await signIn.sign(db, country, sessionOf(request).member.id, new Date())),
  );
}
