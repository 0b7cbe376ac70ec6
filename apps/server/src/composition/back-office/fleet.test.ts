import { hostname } from 'node:os';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FLEET_GONE_AFTER_SECONDS, type Fleet, type FleetInstance } from '@app/contracts/fleet';
import { ADMIN_PATHS } from '@app/contracts/paths';
import { callApi } from '../../../test/api-client.ts';
import { staffSession, type TestStaff } from '../../../test/staff-session.ts';
import { createTestFleet, type TestApp, type TestFleet } from '../../../test/test-app.ts';

/**
 * The back office's Fleet (issue 26 §7): two app instances on one database both appear in the register
 * from their heartbeats, whichever instance is asked, with the one that drives the crash game named and
 * since when; an instance that missed its heartbeats is counted gone, one that stopped cleanly stopped;
 * the route needs jobs.read. On PGlite by default, on PostgreSQL with DATABASE_URL (each instance its own
 * pool there).
 */
let fleet: TestFleet;
let driver: TestApp;
let other: TestApp;
let viewer: TestStaff;
let support: TestStaff;

beforeAll(async () => {
  fleet = await createTestFleet(2);
  [driver, other] = fleet.instances as [TestApp, TestApp];
  // The first instance drives the crash game, as the election would make one of a fleet's workers do.
  await driver.app.crashEngine.start({ chainLength: 50, leaseMs: 5_000, renewMs: 1_000 });
  [viewer, support] = [await staffSession(other, ['viewer']), await staffSession(other, ['support'])];
});
afterAll(() => fleet.close());

async function fleetSeenBy(instance: TestApp, staff: TestStaff = viewer): Promise<Fleet> {
  const answer = await callApi(instance, ADMIN_PATHS.fleet, { method: 'GET', headers: staff.headers });
  expect(answer.code).toBe(0);
  return answer.data as Fleet;
}

const runIdOf = (instance: TestApp) => instance.app.crashEngine.holder;
const byId = (seen: Fleet, id: string) => seen.instances.find((instance) => instance.id === id);

describe('the fleet', () => {
  it('shows both instances, live, and names the crash driver, asked through either instance', async () => {
    for (const asked of [other, driver]) {
      const seen = await fleetSeenBy(asked);
      const [first, second] = [byId(seen, runIdOf(driver)), byId(seen, runIdOf(other))];
      for (const instance of [first, second]) {
        expect(instance).toMatchObject<Partial<FleetInstance>>({
          name: `${hostname()}:${process.pid}`,
          host: hostname(),
          pid: process.pid,
          version: '0.0.0-test',
          commit: null,
          servesHttp: true,
          runsJobs: false,
          state: 'live',
          stoppedAt: null,
        });
        expect(Date.parse(instance!.lastSeenAt)).toBeGreaterThanOrEqual(Date.parse(instance!.startedAt));
      }
      expect(first!.drivesCrash).toBe(true);
      expect(second!.drivesCrash).toBe(false);
      expect(seen.crashDriver).toMatchObject({ instanceId: runIdOf(driver), name: first!.name });
      // Taken when the engine started, after the instance's first heartbeat; held for a few seconds more.
      expect(Date.parse(seen.crashDriver!.since)).toBeGreaterThanOrEqual(Date.parse(first!.startedAt));
      expect(Date.parse(seen.crashDriver!.leaseUntil)).toBeGreaterThan(Date.parse(seen.crashDriver!.since));
      expect(seen.goneAfterSeconds).toBe(FLEET_GONE_AFTER_SECONDS);
    }
  });

  it('keeps the driver’s since across renewals of its lease', async () => {
    const before = (await fleetSeenBy(other)).crashDriver!;
    // The lease is renewed every second: wait for a renewal by the database's clock.
    await expect
      .poll(async () => (await fleetSeenBy(other)).crashDriver!.leaseUntil, { timeout: 10_000 })
      .not.toBe(before.leaseUntil);
    const after = (await fleetSeenBy(other)).crashDriver!;
    expect(after).toMatchObject({ instanceId: before.instanceId, term: before.term, since: before.since });
  });

  it('counts an instance that missed its heartbeats as gone, after the live ones', async () => {
    // A run killed (kill -9) a minute ago: its last heartbeat is the last the register heard of it.
    await fleet.db
      .insertInto('fleet_instance')
      .values({
        id: 'worker-3:4242:abcdef',
        name: 'worker-3',
        host: 'worker-3',
        pid: 4242,
        version: '1.2.3',
        build_commit: '0123abc',
        serves_http: false,
        runs_jobs: true,
      })
      .execute();
    await sql`update fleet_instance
      set started_at = clock_timestamp() - interval '1 hour',
          last_seen_at = clock_timestamp() - ${FLEET_GONE_AFTER_SECONDS + 30} * interval '1 second'
      where id = 'worker-3:4242:abcdef'`.execute(fleet.db);
    const seen = await fleetSeenBy(other);
    expect(byId(seen, 'worker-3:4242:abcdef')).toMatchObject({
      name: 'worker-3',
      commit: '0123abc',
      servesHttp: false,
      runsJobs: true,
      state: 'gone',
      stoppedAt: null,
      drivesCrash: false,
    });
    expect(seen.instances.map((instance) => instance.state)).toEqual(['live', 'live', 'gone']);
  });

  it('refuses a caller without a staff session, and staff without jobs.read', async () => {
    const anonymous = await callApi(other, ADMIN_PATHS.fleet, { method: 'GET' });
    expect(anonymous.status).toBe(401);
    const refused = await callApi(other, ADMIN_PATHS.fleet, { method: 'GET', headers: support.headers });
    expect(refused.status).toBe(403);
  });

  it('shows the driver that stopped cleanly as stopped, and nobody driving', async () => {
    await driver.close();
    // Closed here: the fleet's own close is left the other instance.
    fleet.instances.splice(fleet.instances.indexOf(driver), 1);
    const seen = await fleetSeenBy(other);
    const stopped = byId(seen, runIdOf(driver));
    expect(stopped).toMatchObject({ state: 'stopped', drivesCrash: false });
    expect(Date.parse(stopped!.stoppedAt!)).toBeGreaterThanOrEqual(Date.parse(stopped!.startedAt));
    expect(byId(seen, runIdOf(other))).toMatchObject({ state: 'live', drivesCrash: false });
    // A clean stop gives the lease up at once: nobody drives until another instance takes it.
    expect(seen.crashDriver).toBeNull();
    expect(seen.instances.map((instance) => instance.state)).toEqual(['live', 'stopped', 'gone']);
  });
});
