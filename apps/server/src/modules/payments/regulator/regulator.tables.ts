import type { ColumnType, Generated } from 'kysely';
import type { SetAtInsert } from '../../../db/columns.ts';

export type RegulatorExportStatus = 'running' | 'done' | 'failed';

/** One file of a run: its rows and bytes, the SHA-256 of its content, and how many stored parts hold it. */
export type RegulatorExportFile = {
  name: string;
  rows: number;
  bytes: number;
  checksum: string;
  parts: number;
};

/** Migration 0081: one run of a day's regulatory export. */
export type RegulatorExportTable = {
  id: Generated<number>;
  /** The market's calendar day, YYYY-MM-DD. */
  day: ColumnType<string, string, never>;
  market: string;
  format: string;
  status: RegulatorExportStatus;
  rows: Generated<number>;
  /** SHA-256 over the files' checksums in order: equal for two runs of one day that produced the same bytes. */
  checksum: string | null;
  files: ColumnType<RegulatorExportFile[], string | undefined, string>;
  error: string | null;
  started_at: SetAtInsert<Date>;
  produced_at: Date | null;
};

/** Migration 0081: the near-real-time feed's outbox, one batch of money facts each. */
export type RegulatorLiveBatchTable = {
  id: Generated<number>;
  market: string;
  format: string;
  first_transaction_id: number;
  last_transaction_id: number;
  rows: number;
  content: string;
  checksum: string;
  created_at: SetAtInsert<Date>;
  stored_at: Date | null;
};

/** The regulator module's tables: declaring them here makes this module their owner (db/table-owners.ts). */
export type RegulatorTables = {
  regulator_export: RegulatorExportTable;
  regulator_live_batch: RegulatorLiveBatchTable;
};
