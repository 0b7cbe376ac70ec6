import type { ColumnType, Generated } from 'kysely';
import type { SetAtInsert, Timestamps } from '../../../db/columns.ts';

/**
 * `queued`: its money reserved, waiting for the payout queue to send it: accepted while M-Pesa payments are
 * paused (migration 0080), or approved by the staff it needed. `approval`: its money reserved, held for
 * `approvals_required` staff approvals (migration 0084), not sent.
 */
export type WithdrawalState =
  'approval' | 'queued' | 'reserved' | 'submitted' | 'paid' | 'failed' | 'unknown';

export type WithdrawalTable = Timestamps & {
  id: Generated<number>;
  withdraw_no: string;
  member_id: number;
  channel_id: number;
  money: number;
  fee: Generated<number>;
  tax: Generated<number>;
  payout: number;
  msisdn: string;
  bank_account_name: Generated<string>;
  bank_account: Generated<string>;
  bank_code: Generated<string>;
  bank_name: Generated<string>;
  state: WithdrawalState;
  message: Generated<string>;
  conversation_id: string | null;
  receipt: string | null;
  receiver_name: string | null;
  result_code: string | null;
  reserve_transaction_id: number | null;
  settle_transaction_id: number | null;
  next_check_at: Date | null;
  check_attempts: Generated<number>;
  /** Set just before the B2C request leaves: without it, a reserved row never reached Daraja. */
  b2c_sent_at: Generated<Date | null>;
  /** Consecutive "not found" answers of Transaction Status (one per status query), and the first's time. */
  not_found_count: Generated<number>;
  first_not_found_at: Generated<Date | null>;
  last_status_conversation_id: Generated<string | null>;
  /** The random token in this withdrawal's ResultURLs (migration 0026); null on older withdrawals. */
  callback_token: Generated<string | null>;
  /** How many different staff members must approve it before it is sent: 0 (automatic), 1 or 2. */
  approvals_required: Generated<number>;
  /** Why staff rejected it (state failed), as the member reads it; null when not rejected. */
  rejection_reason: Generated<string | null>;
  /** The member's session it was asked from (migration 0100); null on older withdrawals. */
  member_session_id: Generated<number | null>;
};

/** One staff member's approval of a held withdrawal (migration 0084): once per withdrawal and person. */
export type WithdrawalApprovalTable = {
  withdrawal_id: number;
  staff_id: number;
  approved_at: Generated<Date>;
};

export type WithdrawalReviewKind = 'held' | 'amount-differs' | 'paid-after-return';

export type WithdrawalReviewState = 'open' | 'closed';

export type WithdrawalReviewResolution = 'paid' | 'returned' | 'recovered' | 'refunded' | 'dismissed';

/** A withdrawal an operator must decide, one per withdrawal and kind (migration 0018). */
export type WithdrawalReviewTable = {
  id: Generated<number>;
  withdrawal_id: number;
  kind: WithdrawalReviewKind;
  state: Generated<WithdrawalReviewState>;
  /** Minor units M-Pesa reported paying; null when held or when it reported no usable sum. */
  reported_amount: Generated<number | null>;
  receipt: Generated<string | null>;
  result_code: Generated<string | null>;
  result_desc: Generated<string>;
  conversation_id: Generated<string | null>;
  resolution: ColumnType<
    WithdrawalReviewResolution | null,
    WithdrawalReviewResolution | null | undefined,
    WithdrawalReviewResolution | null
  >;
  closed_by: ColumnType<
    'operator' | 'mpesa' | null,
    'operator' | 'mpesa' | null | undefined,
    'operator' | 'mpesa' | null
  >;
  recovered: Generated<number>;
  written_off: Generated<number>;
  refunded: Generated<number>;
  transaction_id: Generated<number | null>;
  note: Generated<string>;
  created_at: SetAtInsert<Date>;
  updated_at: Generated<Date>;
  closed_at: Generated<Date | null>;
};

/** The withdraw module's tables: declaring them here makes this module their owner (db/table-owners.ts); db/schema.ts assembles them. */
/** The B2C float as Account Balance last reported it (migration 0078, withdraw-float.ts). */
export type MpesaFloatTable = {
  shortcode: string;
  /** Minor units. */
  utility_available: number;
  below_alert: boolean;
  reported_at: Generated<Date>;
};

export type WithdrawTables = {
  withdrawal: WithdrawalTable;
  withdrawal_review: WithdrawalReviewTable;
  withdrawal_approval: WithdrawalApprovalTable;
  mpesa_float: MpesaFloatTable;
};
