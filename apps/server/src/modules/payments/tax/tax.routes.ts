import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import type { CountryProfile } from '@app/contracts/country';
import { ADMIN_PATHS } from '@app/contracts/paths';
import type { Database } from '../../../db/schema.ts';
import { ok } from '../../../http/envelope.ts';

import { apiResponses, staffRoute } from '../../../http/route-schema.ts';
import { TaxReportQuerySchema, TaxReportSchema } from './tax-report.schemas.ts';
import { dailyTaxReport } from './tax.service.ts';

/** The operator's daily tax report (staff, reports.read), beside the other payment endpoints. Mounted under /api. */
export async function taxRoutes(
  app: FastifyInstance,
  { db, country }: { db: Kysely<Database>; country: CountryProfile },
): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.get(
    ADMIN_PATHS.taxReport,
    // Checked before the query is read: a staff session with reports.read.
    staffRoute(
      'reports.read',
      'The taxes booked in one day of the market’s time zone (deposit excise, withdrawal tax), from the ledger',
      { querystring: TaxReportQuerySchema, response: apiResponses(TaxReportSchema) },
    ),
    async (request) => ok(await dailyTaxReport({ db, country }, request.query.day)),
  );
}
