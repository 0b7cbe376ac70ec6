import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  CashBackClaimResultSchema,
  CashBackClaimSchema,
  CashBackRecordPageSchema,
  CashBackRecordsQuerySchema,
  CashBackSummarySchema,
} from '@app/contracts/cash-back';
import { CASH_BACK_PATHS } from '@app/contracts/paths';
import { sessionOf } from '../../../http/auth.ts';
import { ok } from '../../../http/envelope.ts';
import { apiResponses, memberRoute } from '../../../http/route-schema.ts';
import { claim, getRecords, getSummary, type CashBackDeps } from './cash-back.service.ts';

/** Weekly cash back (issue 15 §3, docs/api.md "Weekly cash back"). Mounted under /api; members only. */
export async function cashBackRoutes(app: FastifyInstance, { deps }: { deps: CashBackDeps }): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['cash-back'];

  routes.get(
    CASH_BACK_PATHS.summary,
    memberRoute(
      tags,
      "The caller's week in play (loss so far, rate, estimate) and last week's cash back and claim",
      { response: apiResponses(CashBackSummarySchema) },
    ),
    async (request) => ok(await getSummary(deps, sessionOf(request).member.id)),
  );

  routes.post(
    CASH_BACK_PATHS.claim,
    memberRoute(tags, "Claims the caller's cash back of `week` (its Monday), once, in the claim window", {
      body: CashBackClaimSchema,
      response: apiResponses(CashBackClaimResultSchema),
    }),
    async (request) => ok(await claim(deps, sessionOf(request).member.id, request.body.week)),
  );

  routes.get(
    CASH_BACK_PATHS.records,
    memberRoute(tags, "The caller's settled weeks with a cash back, newest first", {
      querystring: CashBackRecordsQuerySchema,
      response: apiResponses(CashBackRecordPageSchema),
    }),
    async (request) => ok(await getRecords(deps, sessionOf(request).member.id, request.query)),
  );
}
