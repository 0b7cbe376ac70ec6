import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { CountryProfile } from '@app/contracts/country';
import { createLocalEventBus, createRedisEventBus, type EventBus } from '../adapters/events/event-bus.ts';
import type { Clock } from '../db/clock.ts';
import type { Database } from '../db/schema.ts';
import type { Env } from '../env.ts';
import { createCrashEngine, type CrashEngine } from '../modules/games/crash/crash.engine.ts';

/**
 * What makes the crash game one game across a fleet (docs/games.md "One driver in a fleet"): the event bus
 * every process hears (Redis pub/sub with REDIS_URL, else this process's own; tests may give theirs), and
 * the crash engine, which forwards the game's events to this process's pages and, where this process runs
 * the jobs with CRASH_DRIVER=auto, joins the election of the one process that drives the rounds (tests
 * start it by hand). A stop gives the lease up and touches no round: the next driver finishes it.
 */
export async function registerCrashGame(
  app: FastifyInstance,
  options: {
    db: Kysely<Database>;
    env: Env;
    country: CountryProfile;
    runsJobs: boolean;
    events: EventBus | undefined;
    clock: Clock;
    /** This process's run id in the fleet's register: the driver's lease is held under it. */
    holder: string;
  },
): Promise<CrashEngine> {
  const { env } = options;
  const events =
    options.events ??
    (env.REDIS_URL
      ? await createRedisEventBus({ url: env.REDIS_URL, namespace: env.REDIS_NAMESPACE, logger: app.log })
      : createLocalEventBus());
  app.decorate('events', events);
  const crashEngine = createCrashEngine({
    db: options.db,
    country: options.country,
    logger: app.log,
    bus: events,
    now: options.clock.now,
    holder: options.holder,
  });
  app.decorate('crashEngine', crashEngine);
  app.addHook('onReady', () => crashEngine.open());
  if (options.runsJobs && env.CRASH_DRIVER === 'auto') app.addHook('onReady', () => crashEngine.start());
  app.addHook('onClose', () => crashEngine.stop());
  if (!options.events) app.addHook('onClose', () => events.close());
  return crashEngine;
}
