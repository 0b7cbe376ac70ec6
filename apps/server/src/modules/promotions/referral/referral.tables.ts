import type { ColumnType } from 'kysely';

/** An invited member and their referrer (migration 0063): the referral's state, counters and payment. */
export type ReferralTable = {
  invitee_id: number;
  referrer_id: number;
  channel: ColumnType<number, number | undefined, number>;
  state: ColumnType<
    'registered' | 'qualified' | 'paid' | 'refused' | 'capped',
    'registered' | undefined,
    'registered' | 'qualified' | 'paid' | 'refused' | 'capped'
  >;
  reason: string | null;
  /** Signals shared with the referrer or another of their invitees: [{kind, otherMemberId}]. */
  signals: ColumnType<{ kind: string; otherMemberId: number }[], string | undefined, string>;
  ip_flagged: ColumnType<boolean, boolean | undefined, boolean>;
  deposited: ColumnType<number, number | undefined, number>;
  wagered: ColumnType<number, number | undefined, number>;
  cash: ColumnType<number, number | undefined, number>;
  coins: ColumnType<number, number | undefined, number>;
  registered_at: ColumnType<Date, Date | undefined, never>;
  qualified_at: Date | null;
  due_at: Date | null;
  paid_at: Date | null;
  transaction_id: number | null;
};

export type ReferralReferrerTable = {
  referrer_id: number;
  created_at: ColumnType<Date, Date | undefined, never>;
};

export type ReferralVisitTable = { referrer_id: number; channel: number; day: string; visits: number };

export type ReferralTaskClaimTable = {
  referrer_id: number;
  task_id: number;
  invites: number;
  cash: number;
  coins: number;
  transaction_id: number;
  created_at: ColumnType<Date, Date | undefined, never>;
};

/** The referral module's tables: declaring them here makes this module their owner (db/table-owners.ts); db/schema.ts assembles them. */
export type ReferralTables = {
  referral: ReferralTable;
  referral_referrer: ReferralReferrerTable;
  referral_visit: ReferralVisitTable;
  referral_task_claim: ReferralTaskClaimTable;
};
