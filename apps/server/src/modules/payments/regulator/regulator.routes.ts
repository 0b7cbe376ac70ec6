import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ADMIN_PATHS } from '@app/contracts/paths';
import {
  RegulatorExportFileParamsSchema,
  RegulatorExportsQuerySchema,
  RegulatorExportsSchema,
} from '@app/contracts/regulator';
import { ok } from '../../../http/envelope.ts';

import { apiResponses, staffRoute } from '../../../http/route-schema.ts';
import { getExports, readExportFile, type RegulatorDeps } from './regulator.service.ts';

/** The regulator's feed for operators (staff, reports.read), beside the tax report. Mounted under /api. */
export async function regulatorRoutes(
  app: FastifyInstance,
  { deps }: { deps: RegulatorDeps },
): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.get(
    ADMIN_PATHS.regulatorExports,
    // Checked before the query is read: a staff session with reports.read.
    staffRoute(
      'reports.read',
      "The regulatory export's runs (a day, or the last 14 days): status, rows, checksums, on time or late; and the live feed",
      { querystring: RegulatorExportsQuerySchema, response: apiResponses(RegulatorExportsSchema) },
    ),
    async (request) => ok(await getExports(deps, request.query.day)),
  );
  routes.get(
    ADMIN_PATHS.regulatorExportFile,
    staffRoute(
      'reports.read',
      "One file of a day's latest finished export, byte for byte as the regulator receives it",
      { params: RegulatorExportFileParamsSchema },
    ),
    async (request, reply) => {
      const file = await readExportFile(deps, request.params.day, request.params.file);
      return (
        reply
          .header('content-type', file.contentType)
          .header('content-length', String(file.bytes))
          .header('content-disposition', `attachment; filename="${file.fileName}"`)
          // The regulator's check of what it received: the same SHA-256 the run recorded.
          .header('x-checksum-sha256', file.checksum)
          .header('cache-control', 'private, no-store')
          .send(file.body)
      );
    },
  );
}
