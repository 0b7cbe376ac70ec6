import type { Generated } from 'kysely';
import type { SetAtInsert, Timestamps } from '../../../db/columns.ts';

export type DepositAppealState = 'submitted' | 'processing' | 'approved' | 'rejected';

export type DepositAppealTable = Timestamps & {
  id: Generated<number>;
  member_id: number;
  deposit_order_id: number;
  receipt: Generated<string>;
  content: Generated<string>;
  images: Generated<string[]>;
  state: DepositAppealState;
};

export type DepositAppealEventTable = {
  id: Generated<number>;
  appeal_id: number;
  actor: 'member' | 'operator';
  state: string;
  note: Generated<string>;
  created_at: SetAtInsert<Date>;
};

/** The feedback module's tables: declaring them here makes this module their owner (db/table-owners.ts); db/schema.ts assembles them. */
export type FeedbackTables = {
  deposit_appeal: DepositAppealTable;
  deposit_appeal_event: DepositAppealEventTable;
};
