import type { ColumnType, Generated } from 'kysely';
import type { SetAtInsert, TranslationsColumn } from '../../../db/columns.ts';

/** The mall (migration 0058, docs/promotions.md "Mall and coupons"). */
export type MallGoodsTable = {
  id: Generated<number>;
  slug: string;
  type: number;
  name: string;
  description: Generated<string>;
  image: Generated<string>;
  translations: TranslationsColumn;
  currency: 'cash' | 'coins' | 'diamonds';
  price: number;
  original_price: Generated<number>;
  stock: number | null;
  sold: Generated<number>;
  member_limit: number | null;
  coupon_type: Generated<number>;
  deliverable: ColumnType<unknown, string, string>;
  enabled: Generated<boolean>;
  sort: Generated<number>;
  created_at: SetAtInsert<Date>;
  updated_at: Generated<Date>;
};

export type MallMemberGoodsTable = { member_id: number; goods_id: number; bought: number };

export type MallCouponTable = {
  id: Generated<number>;
  slug: string;
  name: string;
  currency: 'cash' | 'coins' | 'diamonds';
  discount_kind: 'amount' | 'percent';
  discount: number;
  goods_ids: ColumnType<number[], string, string>;
  goods_types: ColumnType<number[], string, string>;
  platforms: ColumnType<number[], string, string>;
  themes: ColumnType<string[], string, string>;
  valid_from: Date;
  valid_to: Date;
  claimable: Generated<boolean>;
  enabled: Generated<boolean>;
  created_at: SetAtInsert<Date>;
  updated_at: Generated<Date>;
};

export type MallMemberCouponTable = {
  id: Generated<number>;
  coupon_id: number;
  member_id: number | null;
  source: 'grant' | 'claim';
  code: string | null;
  terms: ColumnType<unknown, string, string>;
  status: Generated<'available' | 'used'>;
  order_id: number | null;
  /** The purchase outside the mall that used it (migration 0069: `lucky-refund:<purchase>`). */
  used_for: string | null;
  created_at: SetAtInsert<Date>;
  claimed_at: Date | null;
  used_at: Date | null;
};

export type MallOrderTable = {
  id: Generated<number>;
  member_id: number;
  request_key: string;
  request_hash: string;
  status: 'completed' | 'pending' | 'fulfilled' | 'cancelled';
  cash: number;
  coins: number;
  diamonds: number;
  discount: Generated<number>;
  discount_currency: 'cash' | 'coins' | 'diamonds' | null;
  member_coupon_id: number | null;
  note: Generated<string>;
  fulfilled_by: string | null;
  created_at: SetAtInsert<Date>;
  fulfilled_at: Date | null;
};

export type MallOrderLineTable = {
  order_id: number;
  line: number;
  goods_id: number;
  name: string;
  currency: 'cash' | 'coins' | 'diamonds';
  unit_price: number;
  count: number;
  deliverable: ColumnType<unknown, string, never>;
};

/** The mall module's tables: declaring them here makes this module their owner (db/table-owners.ts); db/schema.ts assembles them. */
export type MallTables = {
  mall_goods: MallGoodsTable;
  mall_member_goods: MallMemberGoodsTable;
  mall_coupon: MallCouponTable;
  mall_member_coupon: MallMemberCouponTable;
  mall_order: MallOrderTable;
  mall_order_line: MallOrderLineTable;
};
