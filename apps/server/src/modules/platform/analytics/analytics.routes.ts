import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { PageViewSchema } from '@app/contracts/analytics';
import { ANALYTICS_PATHS } from '@app/contracts/paths';
import type { Database } from '../../../db/schema.ts';
import { ok } from '../../../http/envelope.ts';
import { apiResponses, openRoute } from '../../../http/route-schema.ts';
import { insertPageView } from './analytics.repository.ts';

export async function analyticsRoutes(app: FastifyInstance, { db }: { db: Kysely<Database> }): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().post(
    ANALYTICS_PATHS.pageView,
    openRoute(['analytics'], 'Report a page view (form, JSON or multipart body)', {
      body: PageViewSchema,
      response: apiResponses(z.null()),
    }),
    async (request) => {
      await insertPageView(db, {
        path: request.body.path,
        referrer: request.body.referrer ?? null,
        deviceId: request.client.deviceId ?? null,
        platform: request.client.platform,
      });
      return ok(null);
    },
  );
}
