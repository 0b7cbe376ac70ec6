import { sql, type Kysely, type Selectable } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import type { FleetInstanceTable } from './fleet.tables.ts';

type Db = Kysely<Database>;

export type NewInstance = Pick<
  FleetInstanceTable,
  'id' | 'name' | 'host' | 'pid' | 'version' | 'build_commit' | 'serves_http' | 'runs_jobs'
>;

/**
 * Records that the instance run `id` is alive now, by the database's clock: its first beat writes the row
 * (started now), the next ones move `last_seen_at`. A beat after a stop counts as alive again.
 */
export async function beat(db: Db, instance: NewInstance): Promise<void> {
  await db
    .insertInto('fleet_instance')
    .values(instance)
    .onConflict((conflict) =>
      conflict.column('id').doUpdateSet({ last_seen_at: sql`clock_timestamp()`, stopped_at: null }),
    )
    .execute();
}

/** A clean stop: the run says goodbye, so it is not taken for one that died. */
export async function markStopped(db: Db, id: string): Promise<void> {
  await db
    .updateTable('fleet_instance')
    .set({ stopped_at: sql`clock_timestamp()`, last_seen_at: sql`clock_timestamp()` })
    .where('id', '=', id)
    .execute();
}

/** Forgets runs not seen for `days` (the register keeps what operators may still ask about). */
export async function forgetOlderThan(db: Db, days: number): Promise<void> {
  await db
    .deleteFrom('fleet_instance')
    .where('last_seen_at', '<', sql<Date>`clock_timestamp() - ${days} * interval '1 day'`)
    .execute();
}

export type InstanceRow = Selectable<FleetInstanceTable> & { live: boolean };

/**
 * The runs seen in the last `shownHours`, live ones first, each group newest first. `live`: not stopped
 * and heard of within `goneAfterSeconds`, by the database's clock.
 */
export async function listInstances(
  db: Db,
  options: { goneAfterSeconds: number; shownHours: number },
): Promise<InstanceRow[]> {
  const live = sql<boolean>`(stopped_at is null
    and last_seen_at > clock_timestamp() - ${options.goneAfterSeconds} * interval '1 second')`;
  return db
    .selectFrom('fleet_instance')
    .selectAll()
    .select(live.as('live'))
    .where('last_seen_at', '>', sql<Date>`clock_timestamp() - ${options.shownHours} * interval '1 hour'`)
    .orderBy(live, 'desc')
    .orderBy('started_at', 'desc')
    .orderBy('id')
    .execute();
}
