import { sql, type Kysely } from 'kysely';

/**
 * The fleet's register (issue 26 §7): one row per run of an instance, written by its heartbeat, so that
 * operators see which instances serve the casino and which one drives the crash game. `id` is the run's
 * name (host, pid and a random part: the crash driver's lease holder), `name` the instance's own
 * (INSTANCE_ID, or host:pid). `last_seen_at` is by the database's clock, like the crash lease, so the
 * instances' clocks do not matter; an instance that misses its heartbeats is counted gone. A clean stop
 * sets `stopped_at`. `crash_driver.since` is when the lease's holder took it (a new term).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table fleet_instance (
      id text primary key,
      name text not null,
      host text not null,
      pid integer not null,
      version text not null,
      build_commit text,
      serves_http boolean not null,
      runs_jobs boolean not null,
      started_at timestamptz not null default clock_timestamp(),
      last_seen_at timestamptz not null default clock_timestamp(),
      stopped_at timestamptz
    )`.execute(db);
  await sql`create index fleet_instance_last_seen on fleet_instance (last_seen_at)`.execute(db);
  await sql`alter table crash_driver add column since timestamptz not null default clock_timestamp()`.execute(
    db,
  );
}
