import { z as zod } from 'zod';

/**
 * The fleet as operators read it (issue 26 §7; docs/api.md "Operators: the fleet"): the instances that
 * serve the casino on this database, each from the heartbeat it writes, and which one drives the crash
 * game (the driver's lease). Times are ISO 8601 instants, by the database's clock.
 */

/** Every instance writes its heartbeat this often. */
export const FLEET_HEARTBEAT_SECONDS = 10;
/** An instance not heard of for this long (three heartbeats missed) is counted gone. */
export const FLEET_GONE_AFTER_SECONDS = 3 * FLEET_HEARTBEAT_SECONDS;
/** Instances that stopped or went are still listed this long after they were last seen. */
export const FLEET_ENDED_SHOWN_HOURS = 24;

/** live: heard of lately; stopped: it said goodbye (a clean stop); gone: it missed its heartbeats. */
export const FleetInstanceStateSchema = zod.enum(['live', 'stopped', 'gone']);
export type FleetInstanceState = zod.infer<typeof FleetInstanceStateSchema>;

export const FleetInstanceSchema = zod.object({
  /** This run of the instance (host, pid and a random part): the crash driver's lease names it. */
  id: zod.string(),
  /** The instance's own name: INSTANCE_ID, or host:pid. */
  name: zod.string(),
  host: zod.string(),
  pid: zod.number().int(),
  version: zod.string(),
  /** The source commit of its build (BUILD_COMMIT), when it was given one. */
  commit: zod.string().nullable(),
  /** Serves HTTP (players and operators); a worker (SERVE_HTTP=0) does not. */
  servesHttp: zod.boolean(),
  /** Runs the background jobs, and may drive the crash game; a web instance (RUN_JOBS=0) does not. */
  runsJobs: zod.boolean(),
  state: FleetInstanceStateSchema,
  startedAt: zod.string(),
  lastSeenAt: zod.string(),
  stoppedAt: zod.string().nullable(),
  /** Whether this instance holds the crash driver's lease now. */
  drivesCrash: zod.boolean(),
});
export type FleetInstance = zod.infer<typeof FleetInstanceSchema>;

export const FleetSchema = zod.object({
  heartbeatSeconds: zod.number().int(),
  goneAfterSeconds: zod.number().int(),
  /** Live instances first, then those that ended in the last day; each group newest first. */
  instances: zod.array(FleetInstanceSchema),
  /** Who drives the crash game now, or null when no instance holds a live lease. */
  crashDriver: zod
    .object({
      /** The holder's run id: an instance's `id`. */
      instanceId: zod.string(),
      /** That instance's name, when it is in the register. */
      name: zod.string().nullable(),
      /** Counts the hand-overs from one instance to another. */
      term: zod.number().int(),
      since: zod.string(),
      leaseUntil: zod.string(),
    })
    .nullable(),
});
export type Fleet = zod.infer<typeof FleetSchema>;
