import type { ColumnType, Generated, Selectable } from 'kysely';

export type MemberStatus = 'active' | 'excluded';

export type MemberTable = {
  id: Generated<number>;
  mobile: string;
  password_hash: string;
  nick_name: ColumnType<string, string | undefined, string>;
  img: ColumnType<string, string | undefined, string>;
  level_id: ColumnType<number, number | undefined, number>;
  score: ColumnType<number, number | undefined, number>;
  pin_hash: string | null;
  guid: string;
  invite_code: string;
  invited_by: number | null;
  guid_code: string | null;
  /** The referrer and landing-URL cookies read at registration (migration 0071). */
  referrer: ColumnType<string | null, string | null | undefined, string | null>;
  landing_url: ColumnType<string | null, string | null | undefined, string | null>;
  status: ColumnType<MemberStatus, MemberStatus | undefined, MemberStatus>;
  excluded_at: Date | null;
  exclusion_note: string | null;
  betting_session_id: number | null;
  created_at: ColumnType<Date, Date | undefined, never>;
  updated_at: ColumnType<Date, Date | undefined, Date>;
  /** A demonstration account (migration 0016): it may play but never withdraw. */
  demo: ColumnType<boolean, boolean | undefined, boolean>;
};

export type MemberSessionTable = {
  id: Generated<number>;
  member_id: number;
  token_hash: string;
  device_id: string | null;
  ip: string | null;
  created_at: ColumnType<Date, Date | undefined, never>;
  last_seen_at: ColumnType<Date, Date | undefined, Date>;
  expires_at: Date;
  ended_at: Date | null;
  end_reason: string | null;
  reauthenticated_at: Date | null;
};

export type SmsCodeTable = {
  id: Generated<number>;
  mobile: string;
  purpose: string;
  salt: string;
  code_hash: string;
  attempts: ColumnType<number, number | undefined, number>;
  expires_at: Date;
  used_at: Date | null;
  ip: string | null;
  gateway_message_id: string | null;
  delivery_status: string | null;
  created_at: ColumnType<Date, Date | undefined, never>;
};

export type LoginThrottleTable = {
  key: string;
  failures: number;
  window_started_at: Date;
  locked_until: Date | null;
};

export type RateCounterTable = {
  key: string;
  window_start: Date;
  count: number;
};

export type SocialIdentityTable = {
  provider: string;
  subject: string;
  member_id: number;
  name: ColumnType<string, string | undefined, string>;
  created_at: ColumnType<Date, Date | undefined, never>;
};

export type OauthAttemptTable = {
  state_hash: string;
  provider: string;
  code_verifier: string;
  return_path: string | null;
  expires_at: Date;
  used_at: Date | null;
};

export type SocialTicketTable = {
  ticket_hash: string;
  provider: string;
  subject: string;
  name: ColumnType<string, string | undefined, string>;
  expires_at: Date;
  used_at: Date | null;
};

/** The member module's tables: declaring them here makes this module their owner (db/table-owners.ts); db/schema.ts assembles them. */
export type MemberTables = {
  member: MemberTable;
  member_session: MemberSessionTable;
  sms_code: SmsCodeTable;
  login_throttle: LoginThrottleTable;
  rate_counter: RateCounterTable;
  social_identity: SocialIdentityTable;
  oauth_attempt: OauthAttemptTable;
  social_ticket: SocialTicketTable;
};

export type MemberRow = Selectable<MemberTable>;
