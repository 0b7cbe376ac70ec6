import type { ColumnType, Generated } from 'kysely';
import type { SetAtInsert } from '../../../db/columns.ts';

/** A bonus offered to a member (migration 0072): accepted (then granted), declined or lapsed. */
export type BonusOfferTable = {
  id: Generated<number>;
  member_id: number;
  /** The programme offering it ('welcome-bonus', 'first-deposit-bonus'). */
  programme: string;
  /** The occasion ('welcome', 'deposit:<journal transaction>'): the grant's source_ref when accepted. */
  source_ref: string;
  amount: number;
  /** The terms the grant will have (wagering multiple, expiry days, maximum stake and conversion, contribution). */
  terms: ColumnType<unknown, string, string>;
  status: 'offered' | 'accepted' | 'declined' | 'expired';
  grant_id: number | null;
  offered_at: SetAtInsert<Date>;
  expires_at: Date;
  decided_at: Date | null;
};

/** The bonus module's tables: declaring them here makes this module their owner (db/table-owners.ts); db/schema.ts assembles them. */
export type BonusTables = {
  bonus_offer: BonusOfferTable;
};
