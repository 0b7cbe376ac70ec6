import type { ColumnType, Generated } from 'kysely';
import type { SetAtInsert } from '../../../db/columns.ts';

export type Asset = 'cash' | 'withdrawable' | 'coins' | 'diamonds' | 'tickets';

export type LedgerAccountKind = 'player' | 'house' | 'clearing' | 'promotion' | 'world' | 'draw';

export type LedgerAccountTable = {
  id: Generated<number>;
  code: string;
  kind: LedgerAccountKind;
  member_id: number | null;
  overdraft: SetAtInsert<boolean>;
  cash: Generated<number>;
  withdrawable: Generated<number>;
  coins: Generated<number>;
  diamonds: Generated<number>;
  tickets: Generated<number>;
};

export type JournalTransactionTable = {
  id: Generated<number>;
  idempotency_key: string;
  payload_hash: string;
  kind: string;
  member_id: number | null;
  description: SetAtInsert<string>;
  created_at: SetAtInsert<Date>;
};

export type MoneyFactKind = 'bet' | 'win' | 'rollback' | 'deposit' | 'withdrawal';

/** Migration 0031: one row per money fact, written with its journal transaction (wallet module). */
export type MoneyFactTable = {
  /** The journal transaction the fact is (one fact per transaction). */
  transaction_id: number;
  /** xid8, as text: the id of the database transaction that wrote it. */
  xid: ColumnType<string, never, never>;
  kind: MoneyFactKind;
  member_id: number;
  amount: number;
  game_id: number | null;
  source_ref: string;
  /** Migration 0074: the withdrawable (own-money) cash the transaction moved on the member, a size ≤ amount. */
  own_money: SetAtInsert<number>;
  created_at: SetAtInsert<Date>;
};

/** Migration 0031: how far each consumer of money facts has read, in (xid, transaction_id) order. */
export type FactCursorTable = {
  consumer: string;
  last_xid: Generated<string>;
  last_transaction_id: Generated<number>;
  consumed: Generated<number>;
  updated_at: Generated<Date>;
};

export type JournalEntryTable = {
  id: Generated<number>;
  transaction_id: number;
  account_id: number;
  asset: Asset;
  amount: number;
  /** The leg's own type when it differs from its transaction's (a withdrawal's fee and tax legs). */
  kind: SetAtInsert<string | null>;
};

export type BonusGrantStatus = 'pending' | 'active' | 'completed' | 'expired' | 'forfeited' | 'cancelled';

/** A bonus given to a member (migration 0045), the wallet's bonus pocket: terms snapshot, wagering, status. */
export type BonusGrantTable = {
  id: Generated<number>;
  member_id: number;
  /** What granted it: a programme code ('welcome-bonus', 'first-deposit-bonus'…). */
  source: string;
  /** The source's own reference (the member for a welcome bonus, the deposit's key…): unique per source. */
  source_ref: string;
  /** Where its bonus cash came from and where forfeited or unconverted bonus cash goes back. */
  budget_account: string;
  amount: number;
  wagering_required: number;
  wagering_progress: Generated<number>;
  max_stake: number | null;
  max_conversion: number;
  /** The terms as granted (wagering multiple, days, contribution per game kind, in percent). */
  terms: ColumnType<unknown, string, string>;
  status: BonusGrantStatus;
  forfeit_reason: string | null;
  /** What became withdrawable at completion. */
  converted: number | null;
  expires_at: Date;
  created_at: SetAtInsert<Date>;
  activated_at: Date | null;
  ended_at: Date | null;
};

/** The wallet module's tables: declaring them here makes this module their owner (db/table-owners.ts); db/schema.ts assembles them. */
/** Migration 0079: a member's responsible-gambling limit (`deposit:day` … `stake:month`). */
export type PlayerLimitTable = {
  member_id: number;
  name: string;
  amount: number | null;
  /** A raise or removal waiting for its cooling-off: in force from `pending_at` (null amount: removed). */
  pending_amount: number | null;
  pending_at: Date | null;
  updated_at: SetAtInsert<Date>;
};

/** Migration 0079: what counts against a member's limits this day, week and month (player-limits.sql.ts). */
export type PlayerLimitUsageTable = {
  member_id: number;
  time_zone: string;
  day_start: ColumnType<string, string, string>;
  week_start: ColumnType<string, string, string>;
  month_start: ColumnType<string, string, string>;
  deposits_day: number;
  deposits_week: number;
  deposits_month: number;
  stakes_day: number;
  stakes_week: number;
  stakes_month: number;
  losses_day: number;
  losses_week: number;
  losses_month: number;
  /** Migration 0086: the member's current play session, its first bet and its last (the session limit). */
  session_started_at: Date | null;
  session_last_bet_at: Date | null;
  /**
   * Migration 0097: the limits in force, as `player_limit` says at `limits_change_at`'s last working out
   * (`player_limits_in_force`), null where the member has none; worked out again from then.
   */
  limit_deposit_day: number | null;
  limit_deposit_week: number | null;
  limit_deposit_month: number | null;
  limit_stake_day: number | null;
  limit_stake_week: number | null;
  limit_stake_month: number | null;
  limit_loss_day: number | null;
  limit_loss_week: number | null;
  limit_loss_month: number | null;
  limit_session: number | null;
  limits_change_at: Generated<Date>;
};

/** Migration 0079: every limit change asked, by the player or an operator, and when it applies. */
export type PlayerLimitChangeTable = {
  id: Generated<number>;
  member_id: number;
  name: string;
  from_amount: number | null;
  to_amount: number | null;
  applies_at: Date;
  requested_by: string;
  reason: SetAtInsert<string>;
  created_at: SetAtInsert<Date>;
};

export type WalletTables = {
  ledger_account: LedgerAccountTable;
  journal_transaction: JournalTransactionTable;
  journal_entry: JournalEntryTable;
  money_fact: MoneyFactTable;
  fact_cursor: FactCursorTable;
  bonus_grant: BonusGrantTable;
  player_limit: PlayerLimitTable;
  player_limit_usage: PlayerLimitUsageTable;
  player_limit_change: PlayerLimitChangeTable;
};
