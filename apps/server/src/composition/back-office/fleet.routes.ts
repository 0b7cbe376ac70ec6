import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { FleetSchema } from '@app/contracts/fleet';
import { ADMIN_PATHS } from '@app/contracts/paths';
import type { Database } from '../../db/schema.ts';
import { ok } from '../../http/envelope.ts';
import { apiResponses, staffRoute } from '../../http/route-schema.ts';
import { findCrashDriver } from '../../modules/games/crash/crash.service.ts';
import { getFleet } from '../../modules/platform/fleet/fleet.service.ts';

/**
 * The back office's Fleet (issue 26 §7), mounted under /api: the instances in the fleet's register (the
 * platform's fleet module) with the crash driver named among them (the crash game's lease, a layer above).
 * Staff with jobs.read, as the jobs they sit beside: an operations read, nothing about players or money.
 */
export async function backOfficeFleetRoutes(
  app: FastifyInstance,
  { db }: { db: Kysely<Database> },
): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.get(
    ADMIN_PATHS.fleet,
    staffRoute(
      'jobs.read',
      'The instances serving the casino on this database (live, stopped or gone, from their heartbeats) ' +
        'and which one drives the crash game, since when',
      { response: apiResponses(FleetSchema) },
    ),
    async () => ok(await getFleet(db, await findCrashDriver(db))),
  );
}
