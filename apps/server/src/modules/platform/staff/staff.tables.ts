import type { ColumnType, Generated } from 'kysely';

/** Staff accounts (migration 0035): operators as people, apart from members. */
export type StaffTable = {
  id: Generated<number>;
  login: string;
  email: string | null;
  display_name: ColumnType<string, string | undefined, string>;
  password_hash: string;
  roles: ColumnType<string[], string[] | undefined, string[]>;
  totp_secret: string | null;
  totp_confirmed_at: Date | null;
  totp_last_step: ColumnType<number, number | undefined, number>;
  failed_logins: ColumnType<number, number | undefined, number>;
  locked_until: Date | null;
  disabled_at: Date | null;
  created_by: number | null;
  created_at: ColumnType<Date, Date | undefined, never>;
};

export type StaffSessionTable = {
  id: Generated<number>;
  staff_id: number;
  token_hash: string;
  ip: string | null;
  created_at: ColumnType<Date, Date | undefined, never>;
  last_seen_at: ColumnType<Date, Date | undefined, Date>;
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
