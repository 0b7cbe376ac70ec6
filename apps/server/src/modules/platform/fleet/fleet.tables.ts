import type { ColumnType } from 'kysely';
import type { SetAtInsert } from '../../../db/columns.ts';

/** Migration 0098: one run of an instance of the server, kept up to date by its heartbeat. */
export type FleetInstanceTable = {
  /** The run's id: host, pid and a random part (the crash driver's lease holder). */
  id: string;
  /** INSTANCE_ID, or host:pid. */
  name: string;
  host: string;
  pid: number;
  version: string;
  build_commit: string | null;
  serves_http: boolean;
  runs_jobs: boolean;
  started_at: SetAtInsert<Date>;
  /** Its last heartbeat, by the database's clock. */
  last_seen_at: ColumnType<Date, undefined, Date>;
  /** Set by a clean stop. */
  stopped_at: ColumnType<Date | null, undefined, Date | null>;
};

/** The fleet module's tables: declaring them here makes this module their owner (db/table-owners.ts). */
export type FleetTables = {
  fleet_instance: FleetInstanceTable;
};
