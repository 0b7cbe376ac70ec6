import type { Generated } from 'kysely';

export type MemberKycTable = {
  member_id: number;
  status: 'pending' | 'verified' | 'rejected';
  fields: Record<string, string>;
  submitted_at: Generated<Date>;
  reviewed_at: Date | null;
};

/** The kyc module's tables: declaring them here makes this module their owner (db/table-owners.ts); db/schema.ts assembles them. */
export type KycTables = {
  member_kyc: MemberKycTable;
};
