import type { ColumnType, Generated } from 'kysely';
import type { Timestamps } from '../../../db/columns.ts';

export type PayItemTable = {
  id: Generated<number>;
  pay_money: number;
  coins: ColumnType<number, number | undefined, number>;
  img: ColumnType<string, string | undefined, string>;
  hot: ColumnType<boolean, boolean | undefined, boolean>;
  sort: ColumnType<number, number | undefined, number>;
  enabled: ColumnType<boolean, boolean | undefined, boolean>;
};

/** 0 created, 1 waiting for the customer, 2 being confirmed, 3 paid, 4 failed, 5 queued for its push. */
export type DepositOrderTable = Timestamps & {
  id: Generated<number>;
  trans_no: string;
  member_id: number;
  channel_id: number;
  pay_item_id: number | null;
  pay_money: number;
  coins: ColumnType<number, number | undefined, number>;
  msisdn: string | null;
  state: ColumnType<number, number | undefined, number>;
  message: ColumnType<string, string | undefined, string>;
  checkout_request_id: string | null;
  merchant_request_id: string | null;
  receipt: string | null;
  result_code: number | null;
  journal_transaction_id: number | null;
  first_deposit: ColumnType<boolean, boolean | undefined, boolean>;
  bonus: ColumnType<number, number | undefined, number>;
  next_check_at: Date | null;
  check_attempts: ColumnType<number, number | undefined, number>;
  /** What M-Pesa reported for an order held for review (state 2): minor units, and its receipt. */
  held_amount: ColumnType<number | null, number | null | undefined, number | null>;
  held_receipt: ColumnType<string | null, string | null | undefined, string | null>;
  /** The cash credited (minor units); the order's amount unless M-Pesa reported less. */
  paid_money: ColumnType<number | null, number | null | undefined, number | null>;
  operator_note: ColumnType<string, string | undefined, string>;
  /** The random token in this order's CallBackURL (migration 0026); null on older orders. */
  callback_token: ColumnType<string | null, string | null | undefined, string | null>;
  /** STK pushes sent for the order (a push refused at the rate ceiling or by a busy M-Pesa is sent again). */
  push_attempts: ColumnType<number, number | undefined, number>;
  /** A queued order's (state 5) next push, not before; null otherwise. */
  next_push_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
};

export type UnmatchedStkCallbackState = 'open' | 'attached' | 'credited' | 'dismissed';

/** STK callbacks whose CheckoutRequestID no order carried when they came (migration 0016). */
export type UnmatchedStkCallbackTable = {
  id: Generated<number>;
  checkout_request_id: string;
  merchant_request_id: string | null;
  result_code: number;
  result_desc: ColumnType<string, string | undefined, string>;
  receipt: string | null;
  amount: number | null;
  msisdn: string | null;
  transaction_date: string | null;
  state: ColumnType<
    UnmatchedStkCallbackState,
    UnmatchedStkCallbackState | undefined,
    UnmatchedStkCallbackState
  >;
  deposit_order_id: number | null;
  member_id: number | null;
  journal_transaction_id: number | null;
  note: ColumnType<string, string | undefined, string>;
  created_at: ColumnType<Date, Date | undefined, never>;
  resolved_at: Date | null;
};

/** The deposit module's tables: declaring them here makes this module their owner (db/table-owners.ts); db/schema.ts assembles them. */
export type DepositTables = {
  pay_item: PayItemTable;
  deposit_order: DepositOrderTable;
  unmatched_stk_callback: UnmatchedStkCallbackTable;
};
