import type { ColumnType, Generated } from 'kysely';
import type { SetAtInsert, TranslationsColumn } from '../../../db/columns.ts';

export type PayChannelDirection = 'deposit' | 'withdraw';

export type PayHall = 'mpesa' | 'panpay';

export type PayChannelTable = {
  id: Generated<number>;
  direction: PayChannelDirection;
  channel_code: string;
  name: string;
  provider: string;
  hall: PayHall | null;
  logo_url: Generated<string>;
  memo: Generated<string>;
  mobile_pattern: Generated<string>;
  whole_units: Generated<boolean>;
  min_amount: number | null;
  max_amount: number | null;
  withdraw_fee_type: number | null;
  /** numeric(12, 4): read as a string by both drivers. */
  withdraw_fee_value: ColumnType<string | null, string | number | null | undefined, string | number | null>;
  sort: Generated<number>;
  enabled: Generated<boolean>;
  translations: TranslationsColumn;
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
  result_desc: Generated<string>;
  amount: number | null;
  receipt: string | null;
  verdict: Generated<CallbackHintVerdict>;
  /** What M-Pesa confirmed, in words, once judged. */
  confirmed: Generated<string | null>;
  note: Generated<string>;
  created_at: SetAtInsert<Date>;
  judged_at: Generated<Date | null>;
  closed_at: Generated<Date | null>;
};

/** The Daraja app's one access token, shared by every instance (migration 0076, daraja-token-store.ts). */
export type DarajaAccessTokenTable = {
  app: string;
  access_token: string;
  expires_at: Date;
  minted_at: Generated<Date>;
};

/** Each M-Pesa shortcode's token bucket of pushes, shared by every instance (migration 0077, admission.ts). */
export type MpesaAdmissionTable = {
  shortcode: string;
  tokens: number;
  refilled_at: Generated<Date>;
};

/** The row that pauses M-Pesa payments while it exists (migration 0080, mpesa-pause.ts). */
export type MpesaPauseTable = {
  service: 'mpesa';
  source: 'operator' | 'daraja';
  reason: ColumnType<string, string | undefined, string>;
  paused_by: ColumnType<string | null, string | null | undefined, string | null>;
  paused_at: ColumnType<Date, Date | undefined, Date>;
  /** A pause Daraja's maintenance answer started: when it is asked again whether it is back. */
  probe_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  probe_attempts: ColumnType<number, number | undefined, number>;
};

/**
 * The payments module's tables (the module of the loose `payment*.ts` files): their owner in
 * db/table-owners.ts, assembled in db/schema.ts.
 */
export type PaymentsTables = {
  pay_channel: PayChannelTable;
  payment_callback_hint: PaymentCallbackHintTable;
  daraja_access_token: DarajaAccessTokenTable;
  mpesa_admission: MpesaAdmissionTable;
  mpesa_pause: MpesaPauseTable;
};
