import type { ColumnType } from 'kysely';

export type MemberKycTable = {
  member_id: number;
  status: 'pending' | 'verified' | 'rejected';
  fields: Record<string, string>;
  submitted_at: ColumnType<Date, Date | undefined, Date>;
  reviewed_at: Date | null;
};

/** The kyc module's tables: declaring them here makes this module their owner (db/table-owners.ts); db/schema.ts assembles them. */
export type KycTables = {
  member_kyc: MemberKycTable;
};
