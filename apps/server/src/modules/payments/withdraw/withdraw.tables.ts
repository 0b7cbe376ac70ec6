import type { ColumnType, Generated } from 'kysely';
import type { Timestamps } from '../../../db/columns.ts';

export type WithdrawalState = 'reserved' | 'submitted' | 'paid' | 'failed' | 'unknown';

export type WithdrawalTable = Timestamps & {
  id: Generated<number>;
  withdraw_no: string;
  member_id: number;
  channel_id: number;
  money: number;
  fee: ColumnType<number, number | undefined, number>;
  tax: ColumnType<number, number | undefined, number>;
  payout: number;
  msisdn: string;
  bank_account_name: ColumnType<string, string | undefined, string>;
  bank_account: ColumnType<string, string | undefined, string>;
  bank_code: ColumnType<string, string | undefined, string>;
  bank_name: ColumnType<string, string | undefined, string>;
  state: WithdrawalState;
  message: ColumnType<string, string | undefined, string>;
  conversation_id: string | null;
  receipt: string | null;
  receiver_name: string | null;
  result_code: string | null;
  reserve_transaction_id: number | null;
  settle_transaction_id: number | null;
  next_check_at: Date | null;
  check_attempts: ColumnType<number, number | undefined, number>;
  /** Set just before the B2C request leaves: without it, a reserved row never reached Daraja. */
  b2c_sent_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** Consecutive "not found" answers of Transaction Status (one per status query), and the first's time. */
  not_found_count: ColumnType<number, number | undefined, number>;
  first_not_found_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  last_status_conversation_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** The random token in this withdrawal's ResultURLs (migration 0026); null on older withdrawals. */
  callback_token: ColumnType<string | null, string | null | undefined, string | null>;
};

export type WithdrawalReviewKind = 'held' | 'amount-differs' | 'paid-after-return';

export type WithdrawalReviewState = 'open' | 'closed';

export type WithdrawalReviewResolution = 'paid' | 'returned' | 'recovered' | 'refunded' | 'dismissed';

/** A withdrawal an operator must decide, one per withdrawal and kind (migration 0018). */
export type WithdrawalReviewTable = {
  id: Generated<number>;
  withdrawal_id: number;
  kind: WithdrawalReviewKind;
  state: ColumnType<WithdrawalReviewState, WithdrawalReviewState | undefined, WithdrawalReviewState>;
  /** Minor units M-Pesa reported paying; null when held or when it reported no usable sum. */
  reported_amount: ColumnType<number | null, number | null | undefined, number | null>;
  receipt: ColumnType<string | null, string | null | undefined, string | null>;
  result_code: ColumnType<string | null, string | null | undefined, string | null>;
  result_desc: ColumnType<string, string | undefined, string>;
  conversation_id: ColumnType<string | null, string | null | undefined, string | null>;
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
  recovered: ColumnType<number, number | undefined, number>;
  written_off: ColumnType<number, number | undefined, number>;
  refunded: ColumnType<number, number | undefined, number>;
  transaction_id: ColumnType<number | null, number | null | undefined, number | null>;
  note: ColumnType<string, string | undefined, string>;
  created_at: ColumnType<Date, Date | undefined, never>;
  updated_at: ColumnType<Date, Date | undefined, Date>;
  closed_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
};

/** The withdraw module's tables: declaring them here makes this module their owner (db/table-owners.ts); db/schema.ts assembles them. */
/** The B2C float as Account Balance last reported it (migration 0077, withdraw-float.ts). */
export type MpesaFloatTable = {
  shortcode: string;
  /** Minor units. */
  utility_available: number;
  below_alert: boolean;
  reported_at: ColumnType<Date, Date | undefined, Date>;
};

export type WithdrawTables = {
  withdrawal: WithdrawalTable;
  withdrawal_review: WithdrawalReviewTable;
  mpesa_float: MpesaFloatTable;
};
