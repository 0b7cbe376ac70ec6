import type { ColumnType, Generated, Selectable } from 'kysely';

/** Per-language overrides of a row's text fields: {"fr": {"title": "…"}, "pt": {…}}. */
export type Translations = Record<string, Record<string, string>>;
type TranslationsColumn = ColumnType<Translations, Translations | undefined, Translations>;

export type CfGlobalTable = {
  id: Generated<number>;
  type: number;
  name: string;
  content: string;
  platform: ColumnType<number, number | undefined, number>;
  sort: ColumnType<number, number | undefined, number>;
  translations: TranslationsColumn;
  updated_at: ColumnType<Date, Date | undefined, Date>;
};

export type CfMenuTable = {
  id: Generated<number>;
  slug: string;
  position: number;
  title: string;
  url: string;
  image: string;
  content: string;
  sort: number;
  enabled: ColumnType<boolean, boolean | undefined, boolean>;
  translations: TranslationsColumn;
};

export type AdvertSeason = 'always' | 'christmas';

export type AdvertTable = {
  id: Generated<number>;
  slug: string;
  position: number;
  title: string;
  url: string;
  image: string;
  content: string;
  sort: number;
  enabled: ColumnType<boolean, boolean | undefined, boolean>;
  season: ColumnType<AdvertSeason, AdvertSeason | undefined, AdvertSeason>;
  starts_at: Date | null;
  ends_at: Date | null;
  translations: TranslationsColumn;
};

export type CfFaqTable = {
  id: Generated<number>;
  slug: string;
  type: number;
  question: string;
  answer: string;
  sort: number;
  enabled: ColumnType<boolean, boolean | undefined, boolean>;
  translations: TranslationsColumn;
};

export type ContentPageTable = {
  type: string;
  title: string;
  body: string;
  translations: TranslationsColumn;
  updated_at: ColumnType<Date, Date | undefined, Date>;
};

export type PageViewTable = {
  id: Generated<number>;
  path: string;
  referrer: string | null;
  device_id: string | null;
  platform: number;
  created_at: ColumnType<Date, Date | undefined, never>;
};

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
  status: ColumnType<MemberStatus, MemberStatus | undefined, MemberStatus>;
  excluded_at: Date | null;
  exclusion_note: string | null;
  betting_session_id: number | null;
  created_at: ColumnType<Date, Date | undefined, never>;
  updated_at: ColumnType<Date, Date | undefined, Date>;
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

export type MemberMessageTable = {
  id: Generated<number>;
  member_id: number;
  title: string;
  content: string;
  read_at: Date | null;
  deleted_at: Date | null;
  created_at: ColumnType<Date, Date | undefined, never>;
};

export type SystemMessageTable = {
  id: Generated<number>;
  title: string;
  content: string;
  created_at: ColumnType<Date, Date | undefined, never>;
};

export type SystemMessageReadTable = {
  system_message_id: number;
  member_id: number;
  read_at: ColumnType<Date, Date | undefined, never>;
};

export type NoticeTable = {
  id: Generated<number>;
  type: number;
  message: string;
  mobile: string | null;
  amount: number | null;
  starts_at: ColumnType<Date, Date | undefined, Date>;
  ends_at: Date;
  created_at: ColumnType<Date, Date | undefined, never>;
};

export type MemberKycTable = {
  member_id: number;
  status: 'pending' | 'verified' | 'rejected';
  fields: Record<string, string>;
  submitted_at: ColumnType<Date, Date | undefined, Date>;
  reviewed_at: Date | null;
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

export type Asset = 'cash' | 'withdrawable' | 'coins' | 'diamonds';
export type LedgerAccountKind = 'player' | 'house' | 'clearing' | 'promotion' | 'world';

export type LedgerAccountTable = {
  id: Generated<number>;
  code: string;
  kind: LedgerAccountKind;
  member_id: number | null;
  overdraft: ColumnType<boolean, boolean | undefined, never>;
  cash: ColumnType<number, number | undefined, number>;
  withdrawable: ColumnType<number, number | undefined, number>;
  coins: ColumnType<number, number | undefined, number>;
  diamonds: ColumnType<number, number | undefined, number>;
};

export type JournalTransactionTable = {
  id: Generated<number>;
  idempotency_key: string;
  payload_hash: string;
  kind: string;
  member_id: number | null;
  description: ColumnType<string, string | undefined, never>;
  created_at: ColumnType<Date, Date | undefined, never>;
};

export type JournalEntryTable = {
  id: Generated<number>;
  transaction_id: number;
  account_id: number;
  asset: Asset;
  amount: number;
};

export type Database = {
  cf_global: CfGlobalTable;
  cf_menu: CfMenuTable;
  advert: AdvertTable;
  cf_faq: CfFaqTable;
  content_page: ContentPageTable;
  page_view: PageViewTable;
  member: MemberTable;
  member_session: MemberSessionTable;
  sms_code: SmsCodeTable;
  login_throttle: LoginThrottleTable;
  rate_counter: RateCounterTable;
  member_message: MemberMessageTable;
  system_message: SystemMessageTable;
  system_message_read: SystemMessageReadTable;
  notice: NoticeTable;
  member_kyc: MemberKycTable;
  social_identity: SocialIdentityTable;
  oauth_attempt: OauthAttemptTable;
  social_ticket: SocialTicketTable;
  ledger_account: LedgerAccountTable;
  journal_transaction: JournalTransactionTable;
  journal_entry: JournalEntryTable;
};

export type CfGlobalRow = Selectable<CfGlobalTable>;
export type CfMenuRow = Selectable<CfMenuTable>;
export type AdvertRow = Selectable<AdvertTable>;
export type CfFaqRow = Selectable<CfFaqTable>;
export type ContentPageRow = Selectable<ContentPageTable>;
export type MemberRow = Selectable<MemberTable>;
