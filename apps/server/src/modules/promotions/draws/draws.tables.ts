import type { Generated } from 'kysely';
import type { SetAtInsert } from '../../../db/columns.ts';

export type DrawStatus = 'scheduled' | 'open' | 'closed' | 'drawn' | 'settled';

export type DrawTicketPay = 'cash' | 'ticket' | 'coins' | 'diamonds';

/** One draw of a draw product (migration 0064, docs/draws.md). */
export type DrawTable = {
  id: Generated<number>;
  product: string;
  ref: string;
  price: number;
  sales_open_at: Date;
  sales_close_at: Date;
  draw_at: Date;
  beacon_round: number;
  status: Generated<DrawStatus>;
  ticket_count: Generated<number>;
  ticket_root: string | null;
  closed_at: Date | null;
  beacon_signature: string | null;
  randomness: string | null;
  drawn_at: Date | null;
  outcome: unknown;
  settled_at: Date | null;
  delay_reason: string | null;
  settings: Generated<unknown>;
  created_at: SetAtInsert<Date>;
};

/** A ticket of a draw's list (migration 0064): its number, owner, canonical entry and, once settled, prize. */
export type DrawTicketTable = {
  draw_id: number;
  ticket_no: number;
  member_id: number;
  entry: string;
  pay: DrawTicketPay;
  transaction_id: number | null;
  prize: number | null;
  tier: number | null;
  created_at: SetAtInsert<Date>;
};

/** The draws module's tables: declaring them here makes this module their owner (db/table-owners.ts); db/schema.ts assembles them. */
export type DrawsTables = {
  draw: DrawTable;
  draw_ticket: DrawTicketTable;
};
