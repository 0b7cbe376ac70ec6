import type { ColumnType, Generated } from 'kysely';
import type { SetAtInsert } from '../../../db/columns.ts';

/** A cash rain slot of a site day, created when it opens (migration 0043). */
export type CashRainSlotTable = {
  id: Generated<number>;
  site_day: string;
  slot_id: number;
  begins_at: Date;
  ends_at: Date;
  budget: number;
  server_seed: string;
  server_seed_hash: string;
  packets: number;
  /** The split parameters its packets were made from (packages/fair `CashRainSplit`); null before 0048. */
  split: ColumnType<unknown, string | null | undefined, never>;
  created_at: SetAtInsert<Date>;
};

/** One packet of a slot; `member_id` is set by the claim that takes it. */
export type CashRainPacketTable = {
  id: Generated<number>;
  slot_id: number;
  position: number;
  gift_type: number;
  amount: number;
  member_id: number | null;
  claimed_at: Date | null;
};

/** A member's one claim in a slot (primary key slot, member). */
export type CashRainClaimTable = {
  slot_id: number;
  member_id: number;
  packet_id: number | null;
  gift_type: number;
  amount: number;
  created_at: SetAtInsert<Date>;
};

/** The cash-rain module's tables: declaring them here makes this module their owner (db/table-owners.ts); db/schema.ts assembles them. */
export type CashRainTables = {
  cash_rain_slot: CashRainSlotTable;
  cash_rain_packet: CashRainPacketTable;
  cash_rain_claim: CashRainClaimTable;
};
