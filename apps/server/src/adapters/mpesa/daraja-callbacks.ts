import { z } from 'zod';
import { DarajaError, type DarajaOperation } from './daraja-error.ts';

/**
 * Readers of the bodies Daraja POSTs to us: the STK callback, the B2C Result (on ResultURL or
 * QueueTimeOutURL) and the Transaction Status Result (external-protocols.md §1.2, §1.4). They only
 * read: a callback is a hint, never proof. Confirm with the STK query or Transaction Status before
 * moving money, and stay idempotent on CheckoutRequestID / OriginatorConversationID (duplicates happen).
 */

/** Daraja sends numbers as JSON numbers in callbacks and as strings in sync answers; read both. */
const NumericText = z.union([z.string().regex(/^\d+(?:\.\d+)?$/), z.number().finite().nonnegative()]);
const NameValueSchema = z.object({
  Name: z.string(),
  // `{"Name":"Balance"}` comes without a Value.
  Value: z.union([z.string(), z.number()]).optional(),
});
const KeyValueSchema = z.object({
  Key: z.string(),
  Value: z.union([z.string(), z.number()]).optional(),
});

const StkCallbackSchema = z.object({
  Body: z.object({
    stkCallback: z.object({
      MerchantRequestID: z.string().min(1),
      CheckoutRequestID: z.string().min(1),
      // A number in the callback; a numeric string is accepted as the query sends it.
      ResultCode: z.union([z.number().int(), z.string().regex(/^\d+$/).transform(Number)]),
      ResultDesc: z.string(),
      CallbackMetadata: z.object({ Item: z.array(NameValueSchema) }).optional(),
    }),
  }),
});

/** Result parameters arrive as a list, or as a lone object when there is only one. */
const KeyValueListSchema = z.union([z.array(KeyValueSchema), KeyValueSchema.transform((item) => [item])]);

const ResultEnvelopeSchema = z.object({
  Result: z.object({
    ResultType: z.union([z.number().int(), z.string().regex(/^\d+$/).transform(Number)]).optional(),
    ResultCode: z.union([z.number().int().transform(String), z.string().min(1)]),
    ResultDesc: z.string(),
    OriginatorConversationID: z.string(),
    ConversationID: z.string(),
    TransactionID: z.string().optional(),
    ResultParameters: z.object({ ResultParameter: KeyValueListSchema }).optional(),
  }),
});

export type StkCallback = {
  merchantRequestId: string;
  checkoutRequestId: string;
  /** 0 paid; 1032 cancelled; 1037 phone unreachable; 2001 wrong PIN; see STK_RESULT_MESSAGES. */
  resultCode: number;
  resultDesc: string;
  /** Only when resultCode is 0. */
  paid?: {
    /** Whole shillings. */
    amount: number;
    /** The M-PESA receipt, e.g. NLJ7RT61SV. */
    receipt: string;
    /** `YYYYMMDDHHmmss`, Kenyan time. */
    transactionDate: string;
    /** `2547XXXXXXXX`. */
    phone: string;
  };
};

export type B2cResult = {
  /** Our withdrawal id, as sent. */
  originatorConversationId: string;
  conversationId: string;
  /** "0" success; other codes ("1", "2001", "2040", "SFC_IC0003"…) failed. A string: some are not numbers. */
  resultCode: string;
  resultDesc: string;
  /** Daraja's TransactionID; undefined when it sent none (queue timeout). */
  transactionId: string | undefined;
  receipt?: string;
  /** Shillings paid out. */
  amount?: number;
  /** The customer's registered name, from ReceiverPartyPublicName "2547… - NAME" without the number. */
  receiverName?: string;
  /** `dd.MM.yyyy HH:mm:ss`, Kenyan time, as Daraja sends it. */
  completedAt?: string;
  /**
   * Daraja gave up waiting in its queue: nothing was paid yet, but the outcome is not final either.
   * Ask Transaction Status before retrying with a new id.
   */
  timedOut: boolean;
};

export type TransactionStatusResult = {
  originatorConversationId: string;
  conversationId: string;
  /** "0" when the query found the transaction; e.g. "2001" bad initiator, others when not found. */
  resultCode: string;
  resultDesc: string;
  timedOut: boolean;
  /** Present when the query found a transaction. */
  transaction?: {
    /** Daraja's TransactionStatus: `Completed` or `Failed` (kept as sent). */
    status: string;
    receipt: string | undefined;
    amount: number | undefined;
    /** The OriginatorConversationID of the B2C it describes: our withdrawal id. */
    originatorConversationId: string | undefined;
    conversationId: string | undefined;
    creditPartyName: string | undefined;
  };
};

/** Player-facing English for each STK ResultCode; the web app's catalogues translate by code. */
export const STK_RESULT_MESSAGES = {
  0: 'Payment received. Your balance will update in a moment.',
  1: 'Your M-PESA balance is too low for this payment. Top up M-PESA and try again.',
  1032: 'You cancelled the payment on your phone.',
  1037: 'We could not reach your phone. Make sure it is on and has signal, then try again.',
  2001: 'The M-PESA PIN was wrong. Please try again.',
  default: 'The payment did not go through. Please try again.',
} as const satisfies Record<number | 'default', string>;

export function stkResultMessage(resultCode: number): string {
  return Object.hasOwn(STK_RESULT_MESSAGES, resultCode)
    ? STK_RESULT_MESSAGES[resultCode as keyof typeof STK_RESULT_MESSAGES]
    : STK_RESULT_MESSAGES.default;
}

function unusable(operation: DarajaOperation, what: string): DarajaError {
  return new DarajaError('unusable-response', `Daraja ${operation} unreadable: ${what}`, { operation });
}

function parseWith<T>(schema: z.ZodType<T>, body: unknown, operation: DarajaOperation): T {
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    // Only the paths of the problems: the values are a customer's data.
    const paths = parsed.error.issues.map((issue) => issue.path.join('.') || '(root)');
    throw unusable(operation, `bad ${[...new Set(paths)].join(', ')}`);
  }
  return parsed.data;
}

type Value = string | number | undefined;

function findByName(items: readonly { Name: string; Value?: Value }[], name: string): Value {
  return items.find((item) => item.Name === name)?.Value;
}

function findByKey(items: readonly { Key: string; Value?: Value }[], key: string): Value {
  return items.find((item) => item.Key === key)?.Value;
}

function readNumber(value: Value): number | undefined {
  const parsed = NumericText.safeParse(value);
  return parsed.success ? Number(parsed.data) : undefined;
}

function readString(value: Value): string | undefined {
  if (value === undefined) return undefined;
  const text = String(value).trim();
  return text === '' ? undefined : text;
}

/** Reads a `Body.stkCallback` POST. Items are looked up by Name, never by position. */
export function parseStkCallback(body: unknown): StkCallback {
  const { stkCallback } = parseWith(StkCallbackSchema, body, 'stk callback').Body;
  const result: StkCallback = {
    merchantRequestId: stkCallback.MerchantRequestID,
    checkoutRequestId: stkCallback.CheckoutRequestID,
    resultCode: stkCallback.ResultCode,
    resultDesc: stkCallback.ResultDesc,
  };
  if (stkCallback.ResultCode !== 0) return result;

  const items = stkCallback.CallbackMetadata?.Item ?? [];
  const item = (name: string) => findByName(items, name);
  const amount = readNumber(item('Amount'));
  const receipt = readString(item('MpesaReceiptNumber'));
  const transactionDate = readString(item('TransactionDate'));
  const phone = readString(item('PhoneNumber'));
  if (amount === undefined || receipt === undefined || transactionDate === undefined || phone === undefined) {
    throw unusable(
      'stk callback',
      'a successful callback without Amount, MpesaReceiptNumber, TransactionDate or PhoneNumber',
    );
  }
  return { ...result, paid: { amount, receipt, transactionDate, phone } };
}

function readResultParameters(result: z.infer<typeof ResultEnvelopeSchema>['Result']) {
  const parameters = result.ResultParameters?.ResultParameter ?? [];
  return (key: string) => findByKey(parameters, key);
}

/** "254705912645 - NICHOLAS JOHN SONGOK" → "NICHOLAS JOHN SONGOK". */
function nameWithoutNumber(publicName: string | undefined): string | undefined {
  if (publicName === undefined) return undefined;
  const match = /^\+?\d+\s*-\s*(.+)$/.exec(publicName);
  return (match?.[1] ?? publicName).trim() || undefined;
}

/**
 * Reads a B2C Result. Pass `source: 'queue-timeout'` for a POST that arrived on QueueTimeOutURL: it
 * always means timedOut, whatever its body says (Daraja's shape for it is not documented).
 */
export function parseB2cResult(
  body: unknown,
  options: { source?: 'result' | 'queue-timeout' } = {},
): B2cResult {
  const { Result } = parseWith(ResultEnvelopeSchema, body, 'b2c result');
  const parameter = readResultParameters(Result);
  const result: B2cResult = {
    originatorConversationId: Result.OriginatorConversationID,
    conversationId: Result.ConversationID,
    resultCode: Result.ResultCode,
    resultDesc: Result.ResultDesc,
    transactionId: readString(Result.TransactionID),
    timedOut: options.source === 'queue-timeout' || Result.ResultType === 1,
  };
  const receipt = readString(parameter('TransactionReceipt'));
  const amount = readNumber(parameter('TransactionAmount'));
  const receiverName = nameWithoutNumber(readString(parameter('ReceiverPartyPublicName')));
  const completedAt = readString(parameter('TransactionCompletedDateTime'));
  if (receipt !== undefined) result.receipt = receipt;
  if (amount !== undefined) result.amount = amount;
  if (receiverName !== undefined) result.receiverName = receiverName;
  if (completedAt !== undefined) result.completedAt = completedAt;
  if (result.resultCode === '0' && !result.timedOut && result.receipt === undefined) {
    throw unusable('b2c result', 'a successful result without TransactionReceipt');
  }
  return result;
}

/** Reads the Result a Transaction Status query POSTs to its ResultURL (or QueueTimeOutURL). */
export function parseTransactionStatusResult(
  body: unknown,
  options: { source?: 'result' | 'queue-timeout' } = {},
): TransactionStatusResult {
  const { Result } = parseWith(ResultEnvelopeSchema, body, 'transaction status result');
  const parameter = readResultParameters(Result);
  const result: TransactionStatusResult = {
    originatorConversationId: Result.OriginatorConversationID,
    conversationId: Result.ConversationID,
    resultCode: Result.ResultCode,
    resultDesc: Result.ResultDesc,
    timedOut: options.source === 'queue-timeout' || Result.ResultType === 1,
  };
  const status = readString(parameter('TransactionStatus'));
  if (status !== undefined) {
    result.transaction = {
      status,
      receipt: readString(parameter('ReceiptNo')),
      amount: readNumber(parameter('Amount')),
      originatorConversationId: readString(parameter('OriginatorConversationID')),
      conversationId: readString(parameter('ConversationID')),
      creditPartyName: readString(parameter('CreditPartyName')),
    };
  }
  return result;
}

export type AccountBalanceResult = {
  conversationId: string;
  resultCode: string;
  /** The B2C utility account's available funds in shillings (what payouts are paid from), when reported. */
  utilityAvailable?: number;
};

/**
 * Reads the Result an Account Balance query POSTs: its `AccountBalance` parameter is Daraja's text,
 * `Name|KES|available|current|reserved|uncleared` per account, accounts joined by `&`.
 */
export function parseAccountBalanceResult(body: unknown): AccountBalanceResult {
  const { Result } = parseWith(ResultEnvelopeSchema, body, 'account balance result');
  const parameter = readResultParameters(Result);
  const result: AccountBalanceResult = {
    conversationId: Result.ConversationID,
    resultCode: Result.ResultCode,
  };
  const text = readString(parameter('AccountBalance'));
  const utility = text
    ?.split('&')
    .map((account) => account.split('|'))
    .find((fields) => fields[0]?.trim() === 'Utility Account');
  const available = utility?.[2] === undefined ? Number.NaN : Number(utility[2]);
  if (Number.isFinite(available)) result.utilityAvailable = available;
  return result;
}
