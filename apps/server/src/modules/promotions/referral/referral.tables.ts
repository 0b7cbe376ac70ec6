import type { ColumnType, Generated } from 'kysely';
import type { SetAtInsert } from '../../../db/columns.ts';

/** An invited member and their referrer (migration 0063): the referral's state, counters and payment. */
export type ReferralTable = {
  invitee_id: number;
  referrer_id: number;
  channel: Generated<number>;
  state: ColumnType<
    'registered' | 'qualified' | 'paid' | 'refused' | 'capped',
    'registered' | undefined,
    'registered' | 'qualified' | 'paid' | 'refused' | 'capped'
  >;
  reason: string | null;
  /** Signals shared with the referrer or another of their invitees: [{kind, otherMemberId}]. */
  signals: ColumnType<{ kind: string; otherMemberId: number }[], string | undefined, string>;
  ip_flagged: Generated<boolean>;
  deposited: Generated<number>;
  wagered: Generated<number>;
  cash: Generated<number>;
  coins: Generated<number>;
  registered_at: SetAtInsert<Date>;
  qualified_at: Date | null;
  due_at: Date | null;
  paid_at: Date | null;
  transaction_id: number | null;
};

export type ReferralReferrerTable = {
  referrer_id: number;
  created_at: SetAtInsert<Date>;
};

export type ReferralVisitTable = { referrer_id: number; channel: number; day: string; visits: number };

export type ReferralTaskClaimTable = {
  referrer_id: number;
  task_id: number;
  invites: number;
  cash: number;
  coins: number;
  transaction_id: number;
  created_at: SetAtInsert<Date>;
};

/** The referral module's tables: declaring them here makes this module their owner (db/table-owners.ts); db/schema.ts assembles them. */
export type ReferralTables = {
  referral: ReferralTable;
  referral_referrer: ReferralReferrerTable;
  referral_visit: ReferralVisitTable;
  referral_task_claim: ReferralTaskClaimTable;
};
