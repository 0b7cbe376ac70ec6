import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  RevenueReportCsvQuerySchema,
  RevenueReportQuerySchema,
  RevenueReportSchema,
  type RevenueReport,
} from '@app/contracts/back-office-reports';
import { ADMIN_PATHS } from '@app/contracts/paths';
import { ok } from '../../http/envelope.ts';
import { apiResponses, staffRoute } from '../../http/route-schema.ts';
import { getGameRegister } from '../../modules/games/catalogue/games.service.ts';
import {
  revenueReport,
  type ReportedGame,
  type RevenueDeps,
} from '../../modules/platform/revenue/revenue-report.ts';
import { reportCsv } from './reports-csv.ts';

/**
 * The back office's Reports (issue 26 §6), mounted under /api: the revenue module's report of a period,
 * with the games named from the catalogue (the games module, a layer above the revenue module), as JSON for
 * the screen and as CSV for a spreadsheet. Staff with reports.read, checked before the query is read.
 */
export async function backOfficeReportsRoutes(
  app: FastifyInstance,
  { deps }: { deps: RevenueDeps },
): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  async function reportOf(period: { from: string; to: string }): Promise<RevenueReport> {
    const games = new Map<number, ReportedGame>();
    for (const [id, game] of await getGameRegister(deps.db)) {
      games.set(id, { code: game.code, name: game.name, provider: game.supplier });
    }
    return revenueReport(deps, period, games);
  }

  routes.get(
    ADMIN_PATHS.revenueReport,
    staffRoute(
      'reports.read',
      'GGR, NGR, stakes, wins, deposits, withdrawals, taxes, programme costs, registrations and first deposits ' +
        'of a period, by day, game, provider and programme (minor units)',
      { querystring: RevenueReportQuerySchema, response: apiResponses(RevenueReportSchema) },
    ),
    async (request) => ok(await reportOf(request.query)),
  );

  routes.get(
    ADMIN_PATHS.revenueReportCsv,
    staffRoute(
      'reports.read',
      'One grouping of the report (day, game, provider, programme) as CSV, amounts in major units',
      { querystring: RevenueReportCsvQuerySchema },
    ),
    async (request, reply) => {
      const { from, to, group } = request.query;
      const body = reportCsv(await reportOf({ from, to }), group);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="revenue-by-${group}-${from}-${to}.csv"`)
        .header('cache-control', 'private, no-store')
        .send(body);
    },
  );
}
