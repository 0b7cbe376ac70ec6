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

export type MemberMessageTable = {
  id: Generated<number>;
  member_id: number;
  title: string;
  content: string;
  /** An app path the message leads to (the appeal's timeline), or null. */
  link: ColumnType<string | null, string | null | undefined, never>;
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

export type Asset = 'cash' | 'withdrawable' | 'coins' | 'diamonds' | 'tickets';
export type LedgerAccountKind = 'player' | 'house' | 'clearing' | 'promotion' | 'world' | 'draw';

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
  tickets: ColumnType<number, number | undefined, number>;
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

export type MoneyFactKind = 'bet' | 'win' | 'rollback' | 'deposit' | 'withdrawal';

/** Migration 0031: one row per money fact, written with its journal transaction (wallet module). */
export type MoneyFactTable = {
  /** The journal transaction the fact is (one fact per transaction). */
  transaction_id: number;
  /** xid8, as text: the id of the database transaction that wrote it. */
  xid: ColumnType<string, never, never>;
  kind: MoneyFactKind;
  member_id: number;
  amount: number;
  game_id: number | null;
  source_ref: string;
  created_at: ColumnType<Date, Date | undefined, never>;
};

/** Migration 0031: how far each consumer of money facts has read, in (xid, transaction_id) order. */
export type FactCursorTable = {
  consumer: string;
  last_xid: ColumnType<string, string | undefined, string>;
  last_transaction_id: ColumnType<number, number | undefined, number>;
  consumed: ColumnType<number, number | undefined, number>;
  updated_at: ColumnType<Date, Date | undefined, Date>;
};

/** Migration 0031: each member's money totals, counted from the facts (the promotions' counters). */
export type MemberMoneyTotalTable = {
  member_id: number;
  bets: ColumnType<number, number | undefined, number>;
  staked: ColumnType<number, number | undefined, number>;
  won: ColumnType<number, number | undefined, number>;
  rolled_back: ColumnType<number, number | undefined, number>;
  deposited: ColumnType<number, number | undefined, number>;
  withdrawn: ColumnType<number, number | undefined, number>;
  updated_at: ColumnType<Date, Date | undefined, Date>;
};

export type JournalEntryTable = {
  id: Generated<number>;
  transaction_id: number;
  account_id: number;
  asset: Asset;
  amount: number;
  /** The leg's own type when it differs from its transaction's (a withdrawal's fee and tax legs). */
  kind: ColumnType<string | null, string | null | undefined, never>;
};

type Timestamps = {
  created_at: ColumnType<Date, Date | undefined, never>;
  updated_at: ColumnType<Date, Date | undefined, Date>;
};

export type PayItemTable = {
  id: Generated<number>;
  pay_money: number;
  coins: ColumnType<number, number | undefined, number>;
  img: ColumnType<string, string | undefined, string>;
  hot: ColumnType<boolean, boolean | undefined, boolean>;
  sort: ColumnType<number, number | undefined, number>;
  enabled: ColumnType<boolean, boolean | undefined, boolean>;
};

export type PayChannelDirection = 'deposit' | 'withdraw';
export type PayHall = 'mpesa' | 'panpay';

export type PayChannelTable = {
  id: Generated<number>;
  direction: PayChannelDirection;
  channel_code: string;
  name: string;
  provider: string;
  hall: PayHall | null;
  logo_url: ColumnType<string, string | undefined, string>;
  memo: ColumnType<string, string | undefined, string>;
  mobile_pattern: ColumnType<string, string | undefined, string>;
  whole_units: ColumnType<boolean, boolean | undefined, boolean>;
  min_amount: number | null;
  max_amount: number | null;
  withdraw_fee_type: number | null;
  /** numeric(12, 4): read as a string by both drivers. */
  withdraw_fee_value: ColumnType<string | null, string | number | null | undefined, string | number | null>;
  sort: ColumnType<number, number | undefined, number>;
  enabled: ColumnType<boolean, boolean | undefined, boolean>;
  translations: TranslationsColumn;
};

/** 0 created, 1 waiting for the customer, 2 being confirmed, 3 paid, 4 failed. */
export type DepositOrderTable = Timestamps & {
  id: Generated<number>;
  trans_no: string;
  member_id: number;
  channel_id: number;
  pay_item_id: number | null;
  pay_money: number;
  coins: ColumnType<number, number | undefined, number>;
  msisdn: string | null;
  state: ColumnType<number, number | undefined, number>;
  message: ColumnType<string, string | undefined, string>;
  checkout_request_id: string | null;
  merchant_request_id: string | null;
  receipt: string | null;
  result_code: number | null;
  journal_transaction_id: number | null;
  first_deposit: ColumnType<boolean, boolean | undefined, boolean>;
  bonus: ColumnType<number, number | undefined, number>;
  next_check_at: Date | null;
  check_attempts: ColumnType<number, number | undefined, number>;
  /** What M-Pesa reported for an order held for review (state 2): minor units, and its receipt. */
  held_amount: ColumnType<number | null, number | null | undefined, number | null>;
  held_receipt: ColumnType<string | null, string | null | undefined, string | null>;
  /** The cash credited (minor units); the order's amount unless M-Pesa reported less. */
  paid_money: ColumnType<number | null, number | null | undefined, number | null>;
  operator_note: ColumnType<string, string | undefined, string>;
  /** The random token in this order's CallBackURL (migration 0026); null on older orders. */
  callback_token: ColumnType<string | null, string | null | undefined, string | null>;
};

export type WithdrawalState = 'reserved' | 'submitted' | 'paid' | 'failed' | 'unknown';

export type WithdrawalTable = Timestamps & {
  id: Generated<number>;
  withdraw_no: string;
  member_id: number;
  channel_id: number;
  money: number;
  fee: ColumnType<number, number | undefined, number>;
  tax: ColumnType<number, number | undefined, number>;
  payout: number;
  msisdn: string;
  bank_account_name: ColumnType<string, string | undefined, string>;
  bank_account: ColumnType<string, string | undefined, string>;
  bank_code: ColumnType<string, string | undefined, string>;
  bank_name: ColumnType<string, string | undefined, string>;
  state: WithdrawalState;
  message: ColumnType<string, string | undefined, string>;
  conversation_id: string | null;
  receipt: string | null;
  receiver_name: string | null;
  result_code: string | null;
  reserve_transaction_id: number | null;
  settle_transaction_id: number | null;
  next_check_at: Date | null;
  check_attempts: ColumnType<number, number | undefined, number>;
  /** Set just before the B2C request leaves: without it, a reserved row never reached Daraja. */
  b2c_sent_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** Consecutive "not found" answers of Transaction Status (one per status query), and the first's time. */
  not_found_count: ColumnType<number, number | undefined, number>;
  first_not_found_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  last_status_conversation_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** The random token in this withdrawal's ResultURLs (migration 0026); null on older withdrawals. */
  callback_token: ColumnType<string | null, string | null | undefined, string | null>;
};

export type CallbackHintVerdict = 'pending' | 'agrees' | 'disagrees';

/** What a callback said about a deposit or withdrawal, judged once M-Pesa confirms (migration 0026). */
export type PaymentCallbackHintTable = {
  id: Generated<number>;
  payment: 'deposit' | 'withdrawal';
  payment_id: number;
  source: string;
  authentic: boolean;
  paid: boolean;
  result_code: string;
  result_desc: ColumnType<string, string | undefined, string>;
  amount: number | null;
  receipt: string | null;
  verdict: ColumnType<CallbackHintVerdict, CallbackHintVerdict | undefined, CallbackHintVerdict>;
  /** What M-Pesa confirmed, in words, once judged. */
  confirmed: ColumnType<string | null, string | null | undefined, string | null>;
  note: ColumnType<string, string | undefined, string>;
  created_at: ColumnType<Date, Date | undefined, never>;
  judged_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  closed_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
};

export type UnmatchedStkCallbackState = 'open' | 'attached' | 'credited' | 'dismissed';

/** STK callbacks whose CheckoutRequestID no order carried when they came (migration 0016). */
export type UnmatchedStkCallbackTable = {
  id: Generated<number>;
  checkout_request_id: string;
  merchant_request_id: string | null;
  result_code: number;
  result_desc: ColumnType<string, string | undefined, string>;
  receipt: string | null;
  amount: number | null;
  msisdn: string | null;
  transaction_date: string | null;
  state: ColumnType<
    UnmatchedStkCallbackState,
    UnmatchedStkCallbackState | undefined,
    UnmatchedStkCallbackState
  >;
  deposit_order_id: number | null;
  member_id: number | null;
  journal_transaction_id: number | null;
  note: ColumnType<string, string | undefined, string>;
  created_at: ColumnType<Date, Date | undefined, never>;
  resolved_at: Date | null;
};

export type WithdrawalReviewKind = 'held' | 'amount-differs' | 'paid-after-return';
export type WithdrawalReviewState = 'open' | 'closed';
export type WithdrawalReviewResolution = 'paid' | 'returned' | 'recovered' | 'refunded' | 'dismissed';

/** A withdrawal an operator must decide, one per withdrawal and kind (migration 0018). */
export type WithdrawalReviewTable = {
  id: Generated<number>;
  withdrawal_id: number;
  kind: WithdrawalReviewKind;
  state: ColumnType<WithdrawalReviewState, WithdrawalReviewState | undefined, WithdrawalReviewState>;
  /** Minor units M-Pesa reported paying; null when held or when it reported no usable sum. */
  reported_amount: ColumnType<number | null, number | null | undefined, number | null>;
  receipt: ColumnType<string | null, string | null | undefined, string | null>;
  result_code: ColumnType<string | null, string | null | undefined, string | null>;
  result_desc: ColumnType<string, string | undefined, string>;
  conversation_id: ColumnType<string | null, string | null | undefined, string | null>;
  resolution: ColumnType<
    WithdrawalReviewResolution | null,
    WithdrawalReviewResolution | null | undefined,
    WithdrawalReviewResolution | null
  >;
  closed_by: ColumnType<
    'operator' | 'mpesa' | null,
    'operator' | 'mpesa' | null | undefined,
    'operator' | 'mpesa' | null
  >;
  recovered: ColumnType<number, number | undefined, number>;
  written_off: ColumnType<number, number | undefined, number>;
  refunded: ColumnType<number, number | undefined, number>;
  transaction_id: ColumnType<number | null, number | null | undefined, number | null>;
  note: ColumnType<string, string | undefined, string>;
  created_at: ColumnType<Date, Date | undefined, never>;
  updated_at: ColumnType<Date, Date | undefined, Date>;
  closed_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
};

export type ExchangeOptionTable = {
  id: Generated<number>;
  from_asset: 'coins' | 'diamonds';
  from_amount: number;
  cash: number;
  withdrawable: ColumnType<boolean, boolean | undefined, boolean>;
  sort: ColumnType<number, number | undefined, number>;
  enabled: ColumnType<boolean, boolean | undefined, boolean>;
};

export type DepositAppealState = 'submitted' | 'processing' | 'approved' | 'rejected';

export type DepositAppealTable = Timestamps & {
  id: Generated<number>;
  member_id: number;
  deposit_order_id: number;
  receipt: ColumnType<string, string | undefined, string>;
  content: ColumnType<string, string | undefined, string>;
  images: ColumnType<string[], string[] | undefined, string[]>;
  state: DepositAppealState;
};

export type DepositAppealEventTable = {
  id: Generated<number>;
  appeal_id: number;
  actor: 'member' | 'operator';
  state: string;
  note: ColumnType<string, string | undefined, string>;
  created_at: ColumnType<Date, Date | undefined, never>;
};

export type GameSource = 'inhouse' | 'provider';
export type GameMode = 'launch' | 'demo';

export type GameTable = {
  id: Generated<number>;
  code: string;
  name: string;
  supplier_id: string;
  source: GameSource;
  provider: string | null;
  cover: ColumnType<string, string | undefined, string>;
  large_cover: ColumnType<string, string | undefined, string>;
  has_demo: ColumnType<boolean, boolean | undefined, boolean>;
  label: ColumnType<number, number | undefined, number>;
  min_stake: number;
  max_stake: number;
  rtp: number;
  sort: ColumnType<number, number | undefined, number>;
  enabled: ColumnType<boolean, boolean | undefined, boolean>;
  translations: TranslationsColumn;
};

export type GameCategoryTable = {
  id: Generated<number>;
  slug: string;
  name: string;
  cover: ColumnType<string, string | undefined, string>;
  sort: ColumnType<number, number | undefined, number>;
  enabled: ColumnType<boolean, boolean | undefined, boolean>;
  translations: TranslationsColumn;
};

export type GameCategoryGameTable = {
  category_id: number;
  game_id: number;
  sort: ColumnType<number, number | undefined, number>;
  sticky: ColumnType<boolean, boolean | undefined, boolean>;
};

export type GameSessionTable = {
  id: Generated<number>;
  token_hash: string;
  member_id: number | null;
  member_session_id: number | null;
  game_id: number;
  mode: GameMode;
  currency: string;
  demo_balance: number | null;
  created_at: ColumnType<Date, Date | undefined, never>;
  last_seen_at: ColumnType<Date, Date | undefined, Date>;
  expires_at: Date;
  closed_at: Date | null;
};

export type FairSeedPairTable = {
  id: Generated<number>;
  member_id: number | null;
  session_id: number | null;
  server_seed: string;
  server_seed_hash: string;
  client_seed: string;
  next_nonce: ColumnType<number, number | undefined, number>;
  active: ColumnType<boolean, boolean | undefined, boolean>;
  created_at: ColumnType<Date, Date | undefined, never>;
  revealed_at: Date | null;
};

export type CrashChainTable = {
  id: Generated<number>;
  seed: string;
  length: number;
  commitment: string;
  salt: string;
  created_at: ColumnType<Date, Date | undefined, never>;
};

export type CrashRoundState = 'betting' | 'running' | 'crashed' | 'cancelled';

export type CrashRoundTable = {
  id: Generated<number>;
  chain_id: number;
  chain_index: number;
  game_hash: string;
  crash_point: number;
  state: CrashRoundState;
  betting_ends_at: Date;
  started_at: Date | null;
  ended_at: Date | null;
};

export type GameRoundState = 'open' | 'settled' | 'refunded' | 'cancelled';

export type GameRoundTable = {
  id: Generated<number>;
  game_id: number;
  member_id: number | null;
  session_id: number | null;
  mode: GameMode;
  seed_pair_id: number | null;
  nonce: number | null;
  crash_round_id: number | null;
  provider_round: string | null;
  stake: ColumnType<number, number | undefined, number>;
  payout: ColumnType<number, number | undefined, number>;
  multiplier: number | null;
  state: GameRoundState;
  options: ColumnType<Record<string, unknown>, Record<string, unknown> | undefined, Record<string, unknown>>;
  outcome: ColumnType<unknown, unknown, unknown>;
  bet_transaction_id: number | null;
  win_transaction_id: number | null;
  refund_transaction_id: number | null;
  created_at: ColumnType<Date, Date | undefined, never>;
  settled_at: Date | null;
  /** A round that waits for the player's moves (mines): one open per player and game (migration 0023). */
  awaits_player: ColumnType<boolean, boolean | undefined, boolean>;
};

export type ProviderTransactionKind = 'bet' | 'win' | 'rollback';
export type ProviderTransactionState = 'done' | 'rolled_back' | 'tombstone';

export type ProviderTransactionTable = {
  id: Generated<number>;
  provider: string;
  transaction_uuid: string;
  kind: ProviderTransactionKind;
  member_id: number | null;
  game_id: number | null;
  round: ColumnType<string, string | undefined, string>;
  reference_transaction_uuid: string | null;
  amount: ColumnType<number, number | undefined, number>;
  currency: ColumnType<string, string | undefined, string>;
  request_hash: string;
  request: ColumnType<unknown, unknown, unknown>;
  state: ProviderTransactionState;
  journal_transaction_id: number | null;
  created_at: ColumnType<Date, Date | undefined, never>;
};

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

/** An operator's settings of a promotion programme (migration 0037). */
export type PromotionProgrammeTable = {
  code: string;
  enabled: boolean;
  settings: ColumnType<unknown, string, string>;
  updated_at: ColumnType<Date, Date | undefined, Date>;
};

export type PromotionPageTable = {
  id: Generated<number>;
  slug: string;
  title: string;
  image: string;
  description: ColumnType<string, string | undefined, string>;
  rules: ColumnType<string, string | undefined, string>;
  url: string;
  action: ColumnType<string, string | undefined, string>;
  sort: ColumnType<number, number | undefined, number>;
  enabled: ColumnType<boolean, boolean | undefined, boolean>;
  translations: TranslationsColumn;
  updated_at: ColumnType<Date, Date | undefined, Date>;
};

/** A cash rain slot of a site day, created when it opens (migration 0043). */
export type CashRainSlotTable = {
  id: Generated<number>;
  site_day: string;
  slot_id: number;
  begins_at: Date;
  ends_at: Date;
  budget: number;
  server_seed: string;
  server_seed_hash: string;
  packets: number;
  /** The split parameters its packets were made from (packages/fair `CashRainSplit`); null before 0048. */
  split: ColumnType<unknown, string | null | undefined, never>;
  created_at: ColumnType<Date, Date | undefined, never>;
};

/** One packet of a slot; `member_id` is set by the claim that takes it. */
export type CashRainPacketTable = {
  id: Generated<number>;
  slot_id: number;
  position: number;
  gift_type: number;
  amount: number;
  member_id: number | null;
  claimed_at: Date | null;
};

/** A member's one claim in a slot (primary key slot, member). */
export type CashRainClaimTable = {
  slot_id: number;
  member_id: number;
  packet_id: number | null;
  gift_type: number;
  amount: number;
  created_at: ColumnType<Date, Date | undefined, never>;
};

/** How many gifts a giveaway has given (migration 0044). */
export type GiveawayStockTable = {
  giveaway_id: number;
  given: ColumnType<number, number | undefined, number>;
};

/** A member's one gift of a giveaway (primary key giveaway, member). */
export type GiveawayGiftTable = {
  giveaway_id: number;
  member_id: number;
  coins: number;
  diamonds: number;
  cash: number;
  created_at: ColumnType<Date, Date | undefined, never>;
};

export type DiamondTaskProgressTable = {
  member_id: number;
  day: ColumnType<string, string, string>;
  staked: ColumnType<number, number | undefined, number>;
  deposited: ColumnType<number, number | undefined, number>;
};

export type DiamondTaskClaimTable = {
  member_id: number;
  day: ColumnType<string, string, string>;
  task_id: number;
  type: number;
  target: number;
  bonus: number;
  transaction_id: number;
  created_at: ColumnType<Date, Date | undefined, never>;
};

export type DiamondSpinSeedTable = {
  member_id: number;
  server_seed: string;
  server_seed_hash: string;
  client_seed: string;
  nonce: ColumnType<number, number | undefined, number>;
};

export type DiamondSpinPoolTable = {
  day: string;
  segment_id: number;
  published: number;
  remaining: number;
};

export type DiamondSpinBetTable = {
  id: Generated<number>;
  member_id: number;
  request_key: string;
  day: string;
  option_index: number;
  cost: number;
  server_seed: string;
  server_seed_hash: string;
  client_seed: string;
  nonce: number;
  weights: ColumnType<number[], string, string>;
  /** Per spin: the segment landed on and whether its prize was paid (false: its daily pool was empty). */
  spins: ColumnType<{ segment: number; paid: boolean }[], string, string>;
  coins: number;
  diamonds: number;
  cash: number;
  created_at: ColumnType<Date, Date | undefined, never>;
};

export type SignInClaimTable = {
  member_id: number;
  site_day: ColumnType<string, string, never>;
  cycle_day: number;
  asset: string;
  amount: ColumnType<string, number, never>;
  transaction_id: number | null;
  created_at: ColumnType<Date, Date | undefined, never>;
};

export type CoinSpinDayTable = {
  site_day: ColumnType<string, string, never>;
  server_seed: string;
  server_seed_hash: string;
  spins: ColumnType<number, number | undefined, number>;
  created_at: ColumnType<Date, Date | undefined, never>;
};

export type CoinSpinPrizeTable = {
  site_day: ColumnType<string, string, never>;
  prize_index: number;
  coins: ColumnType<string, number, never>;
  cash: ColumnType<string, number, never>;
  count: number;
  remaining: number;
};

export type CoinSpinTable = {
  id: Generated<string>;
  member_id: number;
  site_day: ColumnType<string, string, never>;
  prize_index: number;
  coins: ColumnType<string, number, never>;
  cash: ColumnType<string, number, never>;
  client_seed: string;
  nonce: number;
  remaining_before: ColumnType<number[], number[], never>;
  transaction_id: number | null;
  created_at: ColumnType<Date, Date | undefined, never>;
};

/** An invited member and their referrer (migration 0063): the referral's state, counters and payment. */
export type ReferralTable = {
  invitee_id: number;
  referrer_id: number;
  channel: ColumnType<number, number | undefined, number>;
  state: ColumnType<
    'registered' | 'qualified' | 'paid' | 'refused' | 'capped',
    'registered' | undefined,
    'registered' | 'qualified' | 'paid' | 'refused' | 'capped'
  >;
  reason: string | null;
  /** Signals shared with the referrer or another of their invitees: [{kind, otherMemberId}]. */
  signals: ColumnType<{ kind: string; otherMemberId: number }[], string | undefined, string>;
  ip_flagged: ColumnType<boolean, boolean | undefined, boolean>;
  deposited: ColumnType<number, number | undefined, number>;
  wagered: ColumnType<number, number | undefined, number>;
  cash: ColumnType<number, number | undefined, number>;
  coins: ColumnType<number, number | undefined, number>;
  registered_at: ColumnType<Date, Date | undefined, never>;
  qualified_at: Date | null;
  due_at: Date | null;
  paid_at: Date | null;
  transaction_id: number | null;
};

export type ReferralReferrerTable = {
  referrer_id: number;
  created_at: ColumnType<Date, Date | undefined, never>;
};

export type ReferralVisitTable = { referrer_id: number; channel: number; day: string; visits: number };

export type ReferralTaskClaimTable = {
  referrer_id: number;
  task_id: number;
  invites: number;
  cash: number;
  coins: number;
  transaction_id: number;
  created_at: ColumnType<Date, Date | undefined, never>;
};

export type DrawStatus = 'scheduled' | 'open' | 'closed' | 'drawn' | 'settled';
export type DrawTicketPay = 'cash' | 'ticket' | 'coins' | 'diamonds';

/** One draw of a draw product (migration 0064, docs/draws.md). */
export type DrawTable = {
  id: Generated<number>;
  product: string;
  ref: string;
  price: number;
  sales_open_at: Date;
  sales_close_at: Date;
  draw_at: Date;
  beacon_round: number;
  status: Generated<DrawStatus>;
  ticket_count: Generated<number>;
  ticket_root: string | null;
  closed_at: Date | null;
  beacon_signature: string | null;
  randomness: string | null;
  drawn_at: Date | null;
  outcome: unknown;
  settled_at: Date | null;
  delay_reason: string | null;
  settings: ColumnType<unknown, unknown | undefined, unknown>;
  created_at: ColumnType<Date, Date | undefined, never>;
};

/** A ticket of a draw's list (migration 0064): its number, owner, canonical entry and, once settled, prize. */
export type DrawTicketTable = {
  draw_id: number;
  ticket_no: number;
  member_id: number;
  entry: string;
  pay: DrawTicketPay;
  transaction_id: number | null;
  prize: number | null;
  tier: number | null;
  created_at: ColumnType<Date, Date | undefined, never>;
};

/** Tickets a member holds in one draw of the lottery or the cash draw (migration 0066). */
export type LotteryHoldingTable = {
  draw_id: number;
  member_id: number;
  tickets: number;
};

/** A settled draw's money and its winners' payment progress (migration 0066). */
export type LotterySettlementTable = {
  draw_id: number;
  product: 'lottery' | 'cash-draw';
  sales: number;
  house_share: number;
  rollover_in: number;
  seed_top_up: number;
  paid: number;
  rollover_out: number;
  split: unknown;
  winners: number;
  members_paid: Generated<number>;
  created_at: ColumnType<Date, Date | undefined, never>;
  paid_at: Date | null;
};

/** What one member won in one draw, paid in one ledger transaction (migration 0066). */
export type LotteryPrizeTable = {
  draw_id: number;
  member_id: number;
  amount: number;
  tickets: number;
  best_tier: number;
  transaction_id: number;
  created_at: ColumnType<Date, Date | undefined, never>;
};

/** A member's set in progress in one collect-cards activity (migration 0070). */
export type CollectCardsMemberTable = {
  activity_id: number;
  member_id: number;
  /** The card numbers held (1 = the first light), ascending, each once. */
  cards: ColumnType<number[], number[] | undefined, number[]>;
  chances: ColumnType<number, number | undefined, number>;
  sets: ColumnType<number, number | undefined, number>;
  updated_at: ColumnType<Date, Date | undefined, Date>;
};

export type CollectCardsChanceSource = 'free' | 'deposit' | 'bought';

/** One grant of collect-cards chances, unique by (source, ref) (migration 0070). */
export type CollectCardsChanceTable = {
  id: Generated<number>;
  activity_id: number;
  member_id: number;
  source: CollectCardsChanceSource;
  ref: string;
  chances: number;
  transaction_id: number | null;
  created_at: ColumnType<Date, Date | undefined, never>;
};

export type CollectCardsSeedTable = {
  member_id: number;
  server_seed: string;
  server_seed_hash: string;
  client_seed: string;
  nonce: ColumnType<number, number | undefined, number>;
};

/** One chance used: the card drawn with its seeds (migration 0070). */
export type CollectCardsDrawTable = {
  id: Generated<number>;
  activity_id: number;
  member_id: number;
  request_key: string;
  card: number;
  duplicate: boolean;
  completed: boolean;
  gift: ColumnType<number, number | undefined, number>;
  server_seed: string;
  server_seed_hash: string;
  client_seed: string;
  nonce: number;
  weights: number[];
  created_at: ColumnType<Date, Date | undefined, never>;
};

/** One completed set and its payment (migration 0070). */
export type CollectCardsGiftTable = {
  activity_id: number;
  member_id: number;
  set_no: number;
  amount: number;
  draw_id: number;
  transaction_id: number;
  created_at: ColumnType<Date, Date | undefined, never>;
};

export type LuckyRefundPay = 'cash' | 'coins' | 'diamonds';

/** Lucky refund (migration 0068, docs/promotions.md "Lucky refund"): a purchase of codes. */
export type LuckyRefundPurchaseTable = {
  id: Generated<number>;
  member_id: number;
  request_key: string;
  request_hash: string;
  draw_id: number;
  raffle_draw_id: number;
  pay: LuckyRefundPay;
  quantity: number;
  price: number;
  paid: number;
  discount: ColumnType<number, number | undefined, number>;
  member_coupon_id: number | null;
  transaction_id: number | null;
  created_at: ColumnType<Date, Date | undefined, never>;
};

/** A code sold: its ticket in the round's draw and in the week's raffle. */
export type LuckyRefundCodeTable = {
  draw_id: number;
  ticket_no: number;
  code: string;
  member_id: number;
  purchase_id: number;
  pay: LuckyRefundPay;
  raffle_draw_id: number;
  raffle_ticket_no: number;
  read_at: Date | null;
};

/** A settled round or raffle: the split of its money, once. */
export type LuckyRefundSettlementTable = {
  draw_id: number;
  kind: 'round' | 'raffle';
  sales: ColumnType<number, number | undefined, number>;
  house: ColumnType<number, number | undefined, number>;
  jackpot_in: ColumnType<number, number | undefined, number>;
  jackpot_out: ColumnType<number, number | undefined, number>;
  to_budget: ColumnType<number, number | undefined, number>;
  winners: ColumnType<number, number | undefined, number>;
  prize: ColumnType<number, number | undefined, number>;
  refund: ColumnType<number, number | undefined, number>;
  settled_at: ColumnType<Date, Date | undefined, never>;
};

/** What a code got (credited at settlement); `redeemed_at` once its member confirmed it. */
export type LuckyRefundResultTable = {
  id: Generated<number>;
  member_id: number;
  draw_id: number;
  ticket_no: number;
  code: string;
  kind: 'prize' | 'refund' | 'jackpot';
  currency: LuckyRefundPay;
  amount: number;
  created_at: ColumnType<Date, Date | undefined, never>;
  redeemed_at: Date | null;
};

export type BonusGrantStatus = 'pending' | 'active' | 'completed' | 'expired' | 'forfeited' | 'cancelled';

/** A member's real-money stake in one calendar year of the market, holiday-weighted (migration 0050). */
export type VipPointsTable = {
  member_id: number;
  year: number;
  weighted_stake: ColumnType<number, number | undefined, number>;
  updated_at: ColumnType<Date, Date | undefined, Date>;
};

/** One VIP benefit claimed for one period (migration 0050). */
export type VipBenefitClaimTable = {
  member_id: number;
  benefit_id: number;
  period: string;
  type: number;
  level_id: number;
  asset: 'cash' | 'coins' | 'tickets';
  amount: number;
  transaction_id: number | null;
  created_at: ColumnType<Date, Date | undefined, never>;
};

/** A bonus given to a member (migration 0045), the wallet's bonus pocket: terms snapshot, wagering, status. */
export type BonusGrantTable = {
  id: Generated<number>;
  member_id: number;
  /** What granted it: a programme code ('welcome-bonus', 'first-deposit-bonus'…). */
  source: string;
  /** The source's own reference (the member for a welcome bonus, the deposit's key…): unique per source. */
  source_ref: string;
  /** Where its bonus cash came from and where forfeited or unconverted bonus cash goes back. */
  budget_account: string;
  amount: number;
  wagering_required: number;
  wagering_progress: ColumnType<number, number | undefined, number>;
  max_stake: number | null;
  max_conversion: number;
  /** The terms as granted (wagering multiple, days, contribution per game kind, in percent). */
  terms: ColumnType<unknown, string, string>;
  status: BonusGrantStatus;
  forfeit_reason: string | null;
  /** What became withdrawable at completion. */
  converted: number | null;
  expires_at: Date;
  created_at: ColumnType<Date, Date | undefined, never>;
  activated_at: Date | null;
  ended_at: Date | null;
};

/** A bonus offered to a member (migration 0072): accepted (then granted), declined or lapsed. */
export type BonusOfferTable = {
  id: Generated<number>;
  member_id: number;
  /** The programme offering it ('welcome-bonus', 'first-deposit-bonus'). */
  programme: string;
  /** The occasion ('welcome', 'deposit:<journal transaction>'): the grant's source_ref when accepted. */
  source_ref: string;
  amount: number;
  /** The terms the grant will have (wagering multiple, expiry days, maximum stake and conversion, contribution). */
  terms: ColumnType<unknown, string, string>;
  status: 'offered' | 'accepted' | 'declined' | 'expired';
  grant_id: number | null;
  offered_at: ColumnType<Date, Date | undefined, never>;
  expires_at: Date;
  decided_at: Date | null;
};

/** The mall (migration 0058, docs/promotions.md "Mall and coupons"). */
export type MallGoodsTable = {
  id: Generated<number>;
  slug: string;
  type: number;
  name: string;
  description: ColumnType<string, string | undefined, string>;
  image: ColumnType<string, string | undefined, string>;
  translations: TranslationsColumn;
  currency: 'cash' | 'coins' | 'diamonds';
  price: number;
  original_price: ColumnType<number, number | undefined, number>;
  stock: number | null;
  sold: ColumnType<number, number | undefined, number>;
  member_limit: number | null;
  coupon_type: ColumnType<number, number | undefined, number>;
  deliverable: ColumnType<unknown, string, string>;
  enabled: ColumnType<boolean, boolean | undefined, boolean>;
  sort: ColumnType<number, number | undefined, number>;
  created_at: ColumnType<Date, Date | undefined, never>;
  updated_at: ColumnType<Date, Date | undefined, Date>;
};

export type MallMemberGoodsTable = { member_id: number; goods_id: number; bought: number };

export type MallCouponTable = {
  id: Generated<number>;
  slug: string;
  name: string;
  currency: 'cash' | 'coins' | 'diamonds';
  discount_kind: 'amount' | 'percent';
  discount: number;
  goods_ids: ColumnType<number[], string, string>;
  goods_types: ColumnType<number[], string, string>;
  platforms: ColumnType<number[], string, string>;
  themes: ColumnType<string[], string, string>;
  valid_from: Date;
  valid_to: Date;
  claimable: ColumnType<boolean, boolean | undefined, boolean>;
  enabled: ColumnType<boolean, boolean | undefined, boolean>;
  created_at: ColumnType<Date, Date | undefined, never>;
  updated_at: ColumnType<Date, Date | undefined, Date>;
};

export type MallMemberCouponTable = {
  id: Generated<number>;
  coupon_id: number;
  member_id: number | null;
  source: 'grant' | 'claim';
  code: string | null;
  terms: ColumnType<unknown, string, string>;
  status: ColumnType<'available' | 'used', 'available' | 'used' | undefined, 'available' | 'used'>;
  order_id: number | null;
  /** The purchase outside the mall that used it (migration 0069: `lucky-refund:<purchase>`). */
  used_for: string | null;
  created_at: ColumnType<Date, Date | undefined, never>;
  claimed_at: Date | null;
  used_at: Date | null;
};

export type MallOrderTable = {
  id: Generated<number>;
  member_id: number;
  request_key: string;
  request_hash: string;
  status: 'completed' | 'pending' | 'fulfilled' | 'cancelled';
  cash: number;
  coins: number;
  diamonds: number;
  discount: ColumnType<number, number | undefined, number>;
  discount_currency: 'cash' | 'coins' | 'diamonds' | null;
  member_coupon_id: number | null;
  note: ColumnType<string, string | undefined, string>;
  fulfilled_by: string | null;
  created_at: ColumnType<Date, Date | undefined, never>;
  fulfilled_at: Date | null;
};

export type MallOrderLineTable = {
  order_id: number;
  line: number;
  goods_id: number;
  name: string;
  currency: 'cash' | 'coins' | 'diamonds';
  unit_price: number;
  count: number;
  deliverable: ColumnType<unknown, string, never>;
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
  pay_item: PayItemTable;
  pay_channel: PayChannelTable;
  deposit_order: DepositOrderTable;
  withdrawal: WithdrawalTable;
  withdrawal_review: WithdrawalReviewTable;
  unmatched_stk_callback: UnmatchedStkCallbackTable;
  payment_callback_hint: PaymentCallbackHintTable;
  exchange_option: ExchangeOptionTable;
  deposit_appeal: DepositAppealTable;
  deposit_appeal_event: DepositAppealEventTable;
  game: GameTable;
  game_category: GameCategoryTable;
  game_category_game: GameCategoryGameTable;
  game_session: GameSessionTable;
  fair_seed_pair: FairSeedPairTable;
  crash_chain: CrashChainTable;
  crash_round: CrashRoundTable;
  game_round: GameRoundTable;
  provider_transaction: ProviderTransactionTable;
  money_fact: MoneyFactTable;
  fact_cursor: FactCursorTable;
  member_money_total: MemberMoneyTotalTable;
  staff: StaffTable;
  staff_session: StaffSessionTable;
  audit_log: AuditLogTable;
  audit_head: AuditHeadTable;
  promotion_programme: PromotionProgrammeTable;
  promotion_page: PromotionPageTable;
  cash_rain_slot: CashRainSlotTable;
  cash_rain_packet: CashRainPacketTable;
  cash_rain_claim: CashRainClaimTable;
  giveaway_stock: GiveawayStockTable;
  giveaway_gift: GiveawayGiftTable;
  sign_in_claim: SignInClaimTable;
  coin_spin_day: CoinSpinDayTable;
  coin_spin_prize: CoinSpinPrizeTable;
  coin_spin: CoinSpinTable;
  diamond_task_progress: DiamondTaskProgressTable;
  diamond_task_claim: DiamondTaskClaimTable;
  diamond_spin_seed: DiamondSpinSeedTable;
  diamond_spin_pool: DiamondSpinPoolTable;
  diamond_spin_bet: DiamondSpinBetTable;
  bonus_grant: BonusGrantTable;
  bonus_offer: BonusOfferTable;
  mall_goods: MallGoodsTable;
  mall_member_goods: MallMemberGoodsTable;
  mall_coupon: MallCouponTable;
  mall_member_coupon: MallMemberCouponTable;
  mall_order: MallOrderTable;
  mall_order_line: MallOrderLineTable;
  vip_points: VipPointsTable;
  vip_benefit_claim: VipBenefitClaimTable;
  referral: ReferralTable;
  referral_referrer: ReferralReferrerTable;
  referral_visit: ReferralVisitTable;
  referral_task_claim: ReferralTaskClaimTable;
  draw: DrawTable;
  draw_ticket: DrawTicketTable;
  lucky_refund_purchase: LuckyRefundPurchaseTable;
  lucky_refund_code: LuckyRefundCodeTable;
  lucky_refund_settlement: LuckyRefundSettlementTable;
  lucky_refund_result: LuckyRefundResultTable;
  lottery_holding: LotteryHoldingTable;
  lottery_settlement: LotterySettlementTable;
  lottery_prize: LotteryPrizeTable;
  collect_cards_member: CollectCardsMemberTable;
  collect_cards_chance: CollectCardsChanceTable;
  collect_cards_seed: CollectCardsSeedTable;
  collect_cards_draw: CollectCardsDrawTable;
  collect_cards_gift: CollectCardsGiftTable;
};

export type CfGlobalRow = Selectable<CfGlobalTable>;
export type CfMenuRow = Selectable<CfMenuTable>;
export type AdvertRow = Selectable<AdvertTable>;
export type CfFaqRow = Selectable<CfFaqTable>;
export type ContentPageRow = Selectable<ContentPageTable>;
export type MemberRow = Selectable<MemberTable>;
