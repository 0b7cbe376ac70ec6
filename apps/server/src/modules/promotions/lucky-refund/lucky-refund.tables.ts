import type { Generated } from 'kysely';
import type { SetAtInsert } from '../../../db/columns.ts';

export type LuckyRefundPay = 'cash' | 'coins' | 'diamonds';

/** Lucky refund (migration 0068, docs/promotions.md "Lucky refund"): a purchase of codes. */
export type LuckyRefundPurchaseTable = {
  id: Generated<number>;
  member_id: number;
  request_key: string;
  request_hash: string;
  draw_id: number;
  raffle_draw_id: number;
  pay: LuckyRefundPay;
  quantity: number;
  price: number;
  paid: number;
  discount: Generated<number>;
  member_coupon_id: number | null;
  transaction_id: number | null;
  created_at: SetAtInsert<Date>;
};

/** A code sold: its ticket in the round's draw and in the week's raffle. */
export type LuckyRefundCodeTable = {
  draw_id: number;
  ticket_no: number;
  code: string;
  member_id: number;
  purchase_id: number;
  pay: LuckyRefundPay;
  raffle_draw_id: number;
  raffle_ticket_no: number;
  read_at: Date | null;
};

/** A settled round or raffle: the split of its money, once. */
export type LuckyRefundSettlementTable = {
  draw_id: number;
  kind: 'round' | 'raffle';
  sales: Generated<number>;
  house: Generated<number>;
  jackpot_in: Generated<number>;
  jackpot_out: Generated<number>;
  to_budget: Generated<number>;
  winners: Generated<number>;
  prize: Generated<number>;
  refund: Generated<number>;
  settled_at: SetAtInsert<Date>;
};

/** What a code got (credited at settlement); `redeemed_at` once its member confirmed it. */
export type LuckyRefundResultTable = {
  id: Generated<number>;
  member_id: number;
  draw_id: number;
  ticket_no: number;
  code: string;
  kind: 'prize' | 'refund' | 'jackpot';
  currency: LuckyRefundPay;
  amount: number;
  created_at: SetAtInsert<Date>;
  redeemed_at: Date | null;
};

/** The lucky-refund module's tables: declaring them here makes this module their owner (db/table-owners.ts); db/schema.ts assembles them. */
export type LuckyRefundTables = {
  lucky_refund_purchase: LuckyRefundPurchaseTable;
  lucky_refund_code: LuckyRefundCodeTable;
  lucky_refund_settlement: LuckyRefundSettlementTable;
  lucky_refund_result: LuckyRefundResultTable;
};
