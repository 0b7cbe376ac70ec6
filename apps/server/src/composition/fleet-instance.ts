import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { instanceIdOf, type Env } from '../env.ts';
import { newInstanceRunId, startHeartbeat, type Heartbeat } from '../modules/platform/fleet/fleet.service.ts';

/**
 * This process in the fleet's register (docs/deployment.md "Seeing the fleet"): from the moment the app is
 * ready its heartbeat says it is alive, and a clean close says goodbye. Answers the run's id, which the
 * crash driver's lease is held under, so the back office names the driver among the instances.
 */
export function registerFleetInstance(
  app: FastifyInstance,
  options: { db: Kysely<Database>; env: Env; version: string; runsJobs: boolean },
): string {
  const { env } = options;
  const id = newInstanceRunId();
  let heartbeat: Heartbeat | undefined;
  app.addHook('onReady', async () => {
    heartbeat = await startHeartbeat(
      options.db,
      {
        id,
        name: instanceIdOf(env),
        version: options.version,
        commit: env.BUILD_COMMIT,
        servesHttp: env.SERVE_HTTP,
        runsJobs: options.runsJobs,
      },
      app.log,
    );
  });
  app.addHook('onClose', async () => {
    await heartbeat?.stop();
  });
  return id;
}
