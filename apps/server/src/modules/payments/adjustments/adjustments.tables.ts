import type { Generated, Selectable } from 'kysely';
import type { SetAtInsert } from '../../../db/columns.ts';

/**
 * Migration 0089: a manual adjustment as a maker-checker request (issue 26 §3). `key` is the maker's
 * idempotency key; the journal transaction that executes it is keyed `adjustment:<key>`.
 */
export type ManualAdjustmentTable = {
  id: Generated<number>;
  key: string;
  member_id: number;
  asset: 'cash' | 'coins' | 'diamonds' | 'tickets';
  direction: 'credit' | 'debit';
  amount: number;
  withdrawable: Generated<boolean>;
  reason: string;
  state: Generated<'pending' | 'executed' | 'rejected'>;
  requested_by: number;
  requested_at: SetAtInsert<Date>;
  decided_by: number | null;
  decided_at: Date | null;
  note: string | null;
  transaction_id: number | null;
};

/** The adjustments module's tables (db/table-owners.ts). */
export type AdjustmentsTables = { manual_adjustment: ManualAdjustmentTable };

export type ManualAdjustmentRow = Selectable<ManualAdjustmentTable>;
