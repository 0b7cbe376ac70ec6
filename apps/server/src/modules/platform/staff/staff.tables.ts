import type { ColumnType, Generated } from 'kysely';
import type { SetAtInsert } from '../../../db/columns.ts';

/** Staff accounts (migration 0035): operators as people, apart from members. */
export type StaffTable = {
  id: Generated<number>;
  login: string;
  email: string | null;
  display_name: Generated<string>;
  password_hash: string;
  roles: Generated<string[]>;
  totp_secret: string | null;
  totp_confirmed_at: Date | null;
  totp_last_step: Generated<number>;
  failed_logins: Generated<number>;
  locked_until: Date | null;
  disabled_at: Date | null;
  created_by: number | null;
  created_at: SetAtInsert<Date>;
};

export type StaffSessionTable = {
  id: Generated<number>;
  staff_id: number;
  token_hash: string;
  ip: string | null;
  created_at: SetAtInsert<Date>;
  last_seen_at: Generated<Date>;
  expires_at: Date;
  ended_at: Date | null;
  end_reason: string | null;
};

/** The operators' audit log (migration 0036): append-only, hash-chained. */
export type AuditLogTable = {
  id: number;
  at: Date;
  staff_id: number | null;
  staff_login: string;
  action: string;
  target: string | null;
  before: ColumnType<unknown, string | null, never>;
  after: ColumnType<unknown, string | null, never>;
  request_id: string | null;
  prev_hash: string;
  hash: string;
};

export type AuditHeadTable = {
  id: number;
  last_id: number;
  last_hash: string;
};

/** The staff module's tables: declaring them here makes this module their owner (db/table-owners.ts); db/schema.ts assembles them. */
export type StaffTables = {
  staff: StaffTable;
  staff_session: StaffSessionTable;
  audit_log: AuditLogTable;
  audit_head: AuditHeadTable;
};
