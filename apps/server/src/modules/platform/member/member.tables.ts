import type { Generated, Selectable } from 'kysely';
import type { SetAtInsert } from '../../../db/columns.ts';

/** `break`: on a time-out until its `member_break` ends (migration 0082). */
export type MemberStatus = 'active' | 'excluded' | 'break';

export type MemberTable = {
  id: Generated<number>;
  mobile: string;
  password_hash: string;
  nick_name: Generated<string>;
  img: Generated<string>;
  level_id: Generated<number>;
  score: Generated<number>;
  pin_hash: string | null;
  guid: string;
  invite_code: string;
  invited_by: number | null;
  guid_code: string | null;
  /** The referrer and landing-URL cookies read at registration (migration 0071). */
  referrer: Generated<string | null>;
  landing_url: Generated<string | null>;
  status: Generated<MemberStatus>;
  excluded_at: Date | null;
  exclusion_note: string | null;
  betting_session_id: number | null;
  created_at: SetAtInsert<Date>;
  updated_at: Generated<Date>;
  /** A demonstration account (migration 0016): it may play but never withdraw. */
  demo: Generated<boolean>;
  /** Disabled by an operator (migration 0092): no login, no session, until an operator enables it. */
  disabled_at: Generated<Date | null>;
  disabled_reason: Generated<string | null>;
};

export type MemberSessionTable = {
  id: Generated<number>;
  member_id: number;
  token_hash: string;
  device_id: string | null;
  ip: string | null;
  created_at: SetAtInsert<Date>;
  last_seen_at: Generated<Date>;
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
  attempts: Generated<number>;
  expires_at: Date;
  used_at: Date | null;
  ip: string | null;
  gateway_message_id: string | null;
  delivery_status: string | null;
  created_at: SetAtInsert<Date>;
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
  name: Generated<string>;
  created_at: SetAtInsert<Date>;
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
  name: Generated<string>;
  expires_at: Date;
  used_at: Date | null;
};

/** The member module's tables: declaring them here makes this module their owner (db/table-owners.ts); db/schema.ts assembles them. */
/** Migration 0082: a member's time-out, from `starts_at` to `ends_at`. */
export type MemberBreakTable = {
  id: Generated<number>;
  member_id: number;
  kind: 'time-out';
  starts_at: SetAtInsert<Date>;
  ends_at: Date;
  created_at: SetAtInsert<Date>;
};

/** Migration 0092: an operator's note on a member (only ever added). */
export type MemberNoteTable = {
  id: Generated<number>;
  member_id: number;
  text: string;
  staff_id: number | null;
  staff_login: string;
  created_at: SetAtInsert<Date>;
};

/** Migration 0092: a tag an operator put on a member, who and when. */
export type MemberTagTable = {
  member_id: number;
  tag: string;
  staff_id: number | null;
  staff_login: string;
  created_at: SetAtInsert<Date>;
};

export type MemberTables = {
  member: MemberTable;
  member_session: MemberSessionTable;
  sms_code: SmsCodeTable;
  login_throttle: LoginThrottleTable;
  rate_counter: RateCounterTable;
  social_identity: SocialIdentityTable;
  oauth_attempt: OauthAttemptTable;
  social_ticket: SocialTicketTable;
  member_break: MemberBreakTable;
  member_note: MemberNoteTable;
  member_tag: MemberTagTable;
};

export type MemberRow = Selectable<MemberTable>;
