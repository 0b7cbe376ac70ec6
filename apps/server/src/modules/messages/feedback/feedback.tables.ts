import type { ColumnType, Generated } from 'kysely';
import type { Timestamps } from '../../../db/columns.ts';

export type DepositAppealState = 'submitted' | 'processing' | 'approved' | 'rejected';

export type DepositAppealTable = Timestamps & {
  id: Generated<number>;
  member_id: number;
  deposit_order_id: number;
  receipt: ColumnType<string, string | undefined, string>;
  content: ColumnType<string, string | undefined, string>;
  images: ColumnType<string[], string[] | undefined, string[]>;
  state: DepositAppealState;
};

export type DepositAppealEventTable = {
  id: Generated<number>;
  appeal_id: number;
  actor: 'member' | 'operator';
  state: string;
  note: ColumnType<string, string | undefined, string>;
  created_at: ColumnType<Date, Date | undefined, never>;
};

/** The feedback module's tables: declaring them here makes this module their owner (db/table-owners.ts); db/schema.ts assembles them. */
export type FeedbackTables = {
  deposit_appeal: DepositAppealTable;
  deposit_appeal_event: DepositAppealEventTable;
};
