import type { Generated } from 'kysely';
import type { KycReason } from '@app/contracts/kyc';

export type MemberKycTable = {
  member_id: number;
  status: 'pending' | 'verified' | 'rejected' | 'needs-review';
  fields: Record<string, string>;
  submitted_at: Generated<Date>;
  reviewed_at: Date | null;
  /** The normalised identity this record claims (unique among pending, verified and needs-review). */
  identity_key: string | null;
  reason: KycReason | null;
  /** An operator's note to the member with a rejection. */
  note: string | null;
  /** The verification service's job reference and result code. */
  provider_ref: string | null;
  result_code: string | null;
  attempts: Generated<number>;
  attempted_at: Date | null;
  /** The staff member who decided a review. */
  reviewed_by: number | null;
  /** Migration 0093: the photo of the attempt in review, in the private file store (none otherwise). */
  photo_key: string | null;
};

/** The kyc module's tables: declaring them here makes this module their owner (db/table-owners.ts); db/schema.ts assembles them. */
export type KycTables = {
  member_kyc: MemberKycTable;
};
