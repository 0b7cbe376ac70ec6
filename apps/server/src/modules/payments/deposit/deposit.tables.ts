import type { ColumnType, Generated } from 'kysely';
import type { SetAtInsert, Timestamps } from '../../../db/columns.ts';

export type PayItemTable = {
  id: Generated<number>;
  pay_money: number;
  coins: Generated<number>;
  img: Generated<string>;
  hot: Generated<boolean>;
  sort: Generated<number>;
  enabled: Generated<boolean>;
};

/** 0 created, 1 waiting for the customer, 2 being confirmed, 3 paid, 4 failed, 5 queued for its push. */
export type DepositOrderTable = Timestamps & {
  id: Generated<number>;
  trans_no: string;
  member_id: number;
  channel_id: number;
  pay_item_id: number | null;
  pay_money: number;
  coins: Generated<number>;
  msisdn: string | null;
  state: Generated<number>;
  message: Generated<string>;
  checkout_request_id: string | null;
  merchant_request_id: string | null;
  receipt: string | null;
  result_code: number | null;
  journal_transaction_id: number | null;
  first_deposit: Generated<boolean>;
  bonus: Generated<number>;
  next_check_at: Date | null;
  check_attempts: Generated<number>;
  /** What M-Pesa reported for an order held for review (state 2): minor units, and its receipt. */
  held_amount: Generated<number | null>;
  held_receipt: Generated<string | null>;
  /** The cash credited (minor units); the order's amount unless M-Pesa reported less. */
  paid_money: Generated<number | null>;
  operator_note: Generated<string>;
  /** The random token in this order's CallBackURL (migration 0026); null on older orders. */
  callback_token: Generated<string | null>;
  /** STK pushes sent for the order (a push refused at the rate ceiling or by a busy M-Pesa is sent again). */
  push_attempts: Generated<number>;
  /** A queued order's (state 5) next push, not before; null otherwise. */
  next_push_at: Generated<Date | null>;
};

export type UnmatchedStkCallbackState = 'open' | 'attached' | 'credited' | 'dismissed';

/** STK callbacks whose CheckoutRequestID no order carried when they came (migration 0016). */
export type UnmatchedStkCallbackTable = {
  id: Generated<number>;
  checkout_request_id: string;
  merchant_request_id: string | null;
  result_code: number;
  result_desc: Generated<string>;
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
  note: Generated<string>;
  created_at: SetAtInsert<Date>;
  resolved_at: Date | null;
};

/** The deposit module's tables: declaring them here makes this module their owner (db/table-owners.ts); db/schema.ts assembles them. */
export type DepositTables = {
  pay_item: PayItemTable;
  deposit_order: DepositOrderTable;
  unmatched_stk_callback: UnmatchedStkCallbackTable;
};
