import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { Kysely } from 'kysely';
import {
  FLEET_ENDED_SHOWN_HOURS,
  FLEET_GONE_AFTER_SECONDS,
  FLEET_HEARTBEAT_SECONDS,
  type Fleet,
  type FleetInstance,
} from '@app/contracts/fleet';
import type { Database } from '../../../db/schema.ts';
import * as repository from './fleet.repository.ts';

/**
 * The fleet's register (issue 26 §7; docs/deployment.md "Seeing the fleet"): every instance writes a
 * heartbeat to the database, so operators see the instances serving the casino on it, and which one drives
 * the crash game, whichever instance answers them.
 */

/** Runs not seen for this long leave the register. */
const FORGET_AFTER_DAYS = 7;

/**
 * A name for this run of the process, unique across machines and restarts (host, pid and a random part;
 * two apps in one test process get two). The crash driver's lease is held under it.
 */
export function newInstanceRunId(): string {
  return `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
}

export type InstanceFacts = {
  /** newInstanceRunId(). */
  id: string;
  /** INSTANCE_ID, or host:pid. */
  name: string;
  version: string;
  commit: string | undefined;
  servesHttp: boolean;
  runsJobs: boolean;
};

export type Heartbeat = { stop: () => Promise<void> };

/**
 * Registers this run and beats every FLEET_HEARTBEAT_SECONDS until stopped; the first beat is written
 * before this resolves, so a ready instance is in the register. A failed beat is logged and the next one
 * tried: an instance that cannot reach the database for three beats is shown gone, which is the truth.
 */
export async function startHeartbeat(
  db: Kysely<Database>,
  facts: InstanceFacts,
  log: { warn: (details: object, message: string) => void },
): Promise<Heartbeat> {
  const row: repository.NewInstance = {
    id: facts.id,
    name: facts.name,
    host: hostname(),
    pid: process.pid,
    version: facts.version,
    build_commit: facts.commit ?? null,
    serves_http: facts.servesHttp,
    runs_jobs: facts.runsJobs,
  };
  await repository.forgetOlderThan(db, FORGET_AFTER_DAYS);
  await repository.beat(db, row);
  let beating: Promise<void> = Promise.resolve();
  const timer = setInterval(() => {
    beating = repository
      .beat(db, row)
      .catch((error: unknown) => log.warn({ err: error }, 'fleet: the heartbeat could not be written'));
  }, FLEET_HEARTBEAT_SECONDS * 1000);
  // The heartbeat never keeps a process alive that has nothing else to do.
  timer.unref();
  return {
    stop: async () => {
      clearInterval(timer);
      await beating;
      await repository.markStopped(db, facts.id);
    },
  };
}

/** The crash driver's lease as the crash game reads it (games/crash findCrashDriver). */
export type DriverLease = { holder: string; term: number; since: Date; leaseUntil: Date };

/** The register's runs of the last day and the crash driver among them. */
export async function getFleet(db: Kysely<Database>, driver: DriverLease | undefined): Promise<Fleet> {
  const rows = await repository.listInstances(db, {
    goneAfterSeconds: FLEET_GONE_AFTER_SECONDS,
    shownHours: FLEET_ENDED_SHOWN_HOURS,
  });
  const instances: FleetInstance[] = rows.map((row) => ({
    id: row.id,
    name: row.name,
    host: row.host,
    pid: row.pid,
    version: row.version,
    commit: row.build_commit,
    servesHttp: row.serves_http,
    runsJobs: row.runs_jobs,
    state: row.live ? 'live' : row.stopped_at ? 'stopped' : 'gone',
    startedAt: new Date(row.started_at).toISOString(),
    lastSeenAt: new Date(row.last_seen_at).toISOString(),
    stoppedAt: row.stopped_at ? new Date(row.stopped_at).toISOString() : null,
    drivesCrash: driver?.holder === row.id,
  }));
  return {
    heartbeatSeconds: FLEET_HEARTBEAT_SECONDS,
    goneAfterSeconds: FLEET_GONE_AFTER_SECONDS,
    instances,
    crashDriver: driver
      ? {
          instanceId: driver.holder,
          name: rows.find((row) => row.id === driver.holder)?.name ?? null,
          term: driver.term,
          since: new Date(driver.since).toISOString(),
          leaseUntil: new Date(driver.leaseUntil).toISOString(),
        }
      : null,
  };
}
