import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { PROMOTION_PAGE_PATHS } from '@app/contracts/paths';
import {
  PromotionPageAdminSchema,
  PromotionPageIdParamsSchema,
  PromotionPageInputSchema,
  PromotionPageQuerySchema,
  PromotionPageSchema,
} from '@app/contracts/promotion-pages';
import type { Database } from '../../../db/schema.ts';

import { ok } from '../../../http/envelope.ts';
import { apiResponses, openRoute, staffRoute } from '../../../http/route-schema.ts';
import { actorOf } from '../../platform/staff/staff-auth.ts';
import * as service from './promotion-pages.service.ts';

/**
 * Promotion pages (issue 14 §1): visitors read one in their language; operators list, create and edit them
 * (audited). Mounted under /api.
 */
export async function promotionPagesRoutes(
  app: FastifyInstance,
  { db }: { db: Kysely<Database> },
): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    PROMOTION_PAGE_PATHS.page,
    openRoute(
      ['promotions'],
      'One promotion page in the caller’s language (4080 when absent or switched off)',
      { querystring: PromotionPageQuerySchema, response: apiResponses(PromotionPageSchema) },
    ),
    async (request, reply) => {
      // Operator content, the same for every visitor of a language: browsers may keep it a minute.
      reply.header('cache-control', 'public, max-age=60');
      reply.header('vary', 'accept-language, platform');
      return ok(await service.getPromotionPage(db, request.query.id, request.client.language));
    },
  );

  routes.get(
    PROMOTION_PAGE_PATHS.adminPages,
    staffRoute('promotions.read', 'Every promotion page with its translations, switch and order', {
      response: apiResponses(z.array(PromotionPageAdminSchema)),
    }),
    async () => ok(await service.listPromotionPages(db)),
  );

  routes.post(
    PROMOTION_PAGE_PATHS.adminPages,
    staffRoute('promotions.write', 'Create a promotion page (audited)', {
      body: PromotionPageInputSchema,
      response: apiResponses(PromotionPageAdminSchema),
    }),
    async (request) => ok(await service.createPromotionPage(db, actorOf(request), request.body)),
  );

  routes.put(
    PROMOTION_PAGE_PATHS.adminPage,
    staffRoute('promotions.write', 'Replace a promotion page (audited)', {
      params: PromotionPageIdParamsSchema,
      body: PromotionPageInputSchema,
      response: apiResponses(PromotionPageAdminSchema),
    }),
    async (request) =>
      ok(await service.updatePromotionPage(db, actorOf(request), request.params.id, request.body)),
  );
}
