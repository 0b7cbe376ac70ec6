import type { Generated } from 'kysely';
import type { ProgrammeDayCost } from '../wallet/wallet.service.ts';

/** A fact kind's three sums in a rolled-up row: how many facts, their cash, its own-money part. */
export type FactColumns<Kind extends string> = {
  [Column in `${Kind}_facts` | `${Kind}_amount` | `${Kind}_own_money`]: number;
};

/** Migration 0094: one settled calendar day of the market, summed from the ledger by the daily job. */
export type RevenueDayTable = FactColumns<'bet' | 'win' | 'rollback' | 'deposit' | 'withdrawal'> & {
  /** YYYY-MM-DD in the market's time zone. */
  day: string;
  currency: string;
  /** The promotion budgets' cash paid out, net of what came back (the revenue module's bonus cost). */
  bonus_cost: number;
  excise_transactions: number;
  excise_amount: number;
  excise_tax: number;
  withdrawal_tax_transactions: number;
  withdrawal_tax_amount: number;
  withdrawal_tax: number;
  registrations: number;
  first_deposits: number;
  first_deposit_amount: number;
  /** When the job last summed the day. */
  rolled_up_at: Generated<Date>;
  /**
   * Migration 0101: the open day is summed from its midnight up to this mark (exclusive), and the ledger after
   * it is added when the day is read; null once the whole settled day is summed.
   */
  summed_until: Date | null;
};

/** Migration 0094: a rolled-up day's bets, wins and refunds on one game. */
export type RevenueDayGameTable = FactColumns<'bet' | 'win' | 'rollback'> & {
  day: string;
  game_id: number;
};

/** Migration 0094: what one programme's budget paid out on a rolled-up day (net, by asset). */
export type RevenueDayProgrammeTable = ProgrammeDayCost;

/** The revenue module's tables: declaring them here makes this module their owner (db/table-owners.ts). */
export type RevenueTables = {
  revenue_day: RevenueDayTable;
  revenue_day_game: RevenueDayGameTable;
  revenue_day_programme: RevenueDayProgrammeTable;
};
