import type { ColumnType } from 'kysely';

export type MemberKycTable = {
  member_id: number;
  status: 'pending' | 'verified' | 'rejected';
  fields: Record<string, string>;
  submitted_at: ColumnType<Date, Date | undefined, Date>;
  reviewed_at: Date | null;
};

/** The kyc module's tables: their owner in db/table-owners.ts, assembled in db/schema.ts. */
export type KycTables = {
  member_kyc: MemberKycTable;
};
