import type { Generated } from 'kysely';
import type { SetAtInsert } from '../../../db/columns.ts';

/**
 * What identifies a person across accounts (issue 25 §3): `identity` the KYC identity key
 * (`KE:NATIONAL_ID:12345678`), `phone` a number as E.164 digits (`254712345678`: the login number and the
 * M-Pesa numbers alike), `device` the app's device id, `social` a social login as `provider:subject`.
 */
export type ExcludedIdentityKind = 'identity' | 'phone' | 'device' | 'social';

/** Migration 0087: a self-exclusion, from `starts_at` to `ends_at` (null, with `months` null: permanent). */
export type SelfExclusionTable = {
  id: Generated<number>;
  member_id: number;
  months: number | null;
  starts_at: SetAtInsert<Date>;
  ends_at: Date | null;
  created_at: SetAtInsert<Date>;
};

/** The identities a self-exclusion covers, gathered when it began. */
export type SelfExclusionIdentityTable = {
  exclusion_id: number;
  kind: ExcludedIdentityKind;
  value: string;
};

/** The exclusion module's tables: declaring them here makes this module their owner (db/table-owners.ts); db/schema.ts assembles them. */
export type ExclusionTables = {
  self_exclusion: SelfExclusionTable;
  self_exclusion_identity: SelfExclusionIdentityTable;
};
