import { constants, createPublicKey, type KeyObject, publicEncrypt } from 'node:crypto';
import { z } from 'zod';
import { localTimeOf } from '@app/contracts/market-calendar';
import { DarajaError, type DarajaErrorKind, type DarajaOperation } from './daraja-error.ts';
import { normaliseKenyanMsisdn } from './msisdn.ts';
import { describeNetworkError } from '../network-error.ts';

export type DarajaClientOptions = {
  /** https://sandbox.safaricom.co.ke, https://api.safaricom.co.ke, or the simulator. */
  baseUrl: string;
  consumerKey: string;
  consumerSecret: string;
  /** The Lipa Na M-Pesa (STK) paybill shortcode and its passkey. */
  shortcode: string;
  passkey: string;
  /** The B2C shortcode withdrawals are paid from (PartyA), and its API initiator. */
  b2cShortcode: string;
  initiatorName: string;
  initiatorPassword: string;
  /**
   * Safaricom's certificate (PEM, `-----BEGIN CERTIFICATE-----`) whose public key encrypts the
   * initiator password. A bare public key PEM (`-----BEGIN PUBLIC KEY-----`) is accepted as well,
   * which is what tests use: node cannot create an X.509 certificate without a package.
   */
  certificatePem: string;
  /**
   * Where the app's one access token is kept. Daraja keeps one live token per app and every mint kills the
   * last (§1.1), so instances of one casino must share it: the server passes the database's store
   * (payments/channels daraja-token-store.ts). Without one, this process's memory (one process only).
   */
  tokenStore?: DarajaTokenStore;
  fetch?: typeof fetch;
  /** Epoch milliseconds: token expiry and the STK Timestamp. */
  now?: () => number;
  timeoutMs?: number;
};

export type StkPushInput = {
  /** Any form normaliseKenyanMsisdn accepts. */
  phone: string;
  /** Whole shillings, at least 1. */
  amount: number;
  /** Shown on the customer's prompt: at most 12 characters. */
  accountReference: string;
  /** TransactionDesc: at most 13 characters. */
  description: string;
  callbackUrl: string;
};

export type StkPushAccepted = {
  merchantRequestId: string;
  /** The key of the payment: the callback and the query name it. */
  checkoutRequestId: string;
  customerMessage: string;
};

export type StkQueryAnswer =
  { state: 'pending' } | { state: 'final'; resultCode: number; resultDesc: string };

export type B2cPaymentInput = {
  /** Sent as OriginatorConversationID: Daraja refuses a second payment with the same id. */
  withdrawalId: string;
  phone: string;
  /** Whole shillings, at least 1. */
  amount: number;
  /** 2 to 100 characters. */
  remarks: string;
  occasion?: string;
  resultUrl: string;
  queueTimeoutUrl: string;
};

export type B2cAccepted = { conversationId: string; originatorConversationId: string };

export type TransactionStatusInput = {
  /** The M-PESA receipt (TransactionID); or the B2C's OriginatorConversationID, or both. */
  transactionId?: string;
  originatorConversationId?: string;
  resultUrl: string;
  queueTimeoutUrl: string;
  remarks?: string;
  occasion?: string;
};

export type TransactionStatusAccepted = { conversationId: string; originatorConversationId: string };

/** A C2B payment into the paybill as Pull Transactions lists it. */
export type PulledTransaction = {
  /** The M-PESA receipt (transactionId). */
  receipt: string;
  /** Whole shillings. */
  amount: number;
  /** The account number the customer typed, or the STK push's AccountReference: our order number. */
  billReference: string;
  msisdn: string;
  /** As Daraja wrote it (`YYYY-MM-DD HH:mm:ss`, Kenyan time). */
  completedAt: string;
};

export type DarajaClient = {
  stkPush(input: StkPushInput): Promise<StkPushAccepted>;
  stkQuery(checkoutRequestId: string): Promise<StkQueryAnswer>;
  b2cPayment(input: B2cPaymentInput): Promise<B2cAccepted>;
  transactionStatus(input: TransactionStatusInput): Promise<TransactionStatusAccepted>;
  /** Asks for the B2C shortcode's balances; they come to `resultUrl` (parseAccountBalanceResult). */
  accountBalance(input: { resultUrl: string; queueTimeoutUrl: string }): Promise<TransactionStatusAccepted>;
  /** Registers the paybill for Pull Transactions (once; Daraja keeps it). */
  registerPull(input: { callbackUrl: string; nominatedNumber: string }): Promise<void>;
  /** The paybill's C2B payments between two times (at most 48 h back), one page from `offset`. */
  pullTransactions(input: { start: Date; end: Date; offset?: number }): Promise<PulledTransaction[]>;
};

const DEFAULT_TIMEOUT_MS = 15_000;
/** Renew this long before Daraja's announced expiry, so a token never dies in flight. */
const TOKEN_EARLY_REFRESH_MS = 60_000;
const MAX_QUOTED_MESSAGE_LENGTH = 200;
const MAX_ACCOUNT_REFERENCE_LENGTH = 12;
const MAX_TRANSACTION_DESC_LENGTH = 13;
const INVALID_ACCESS_TOKEN = '404.001.03';

const TokenResponseSchema = z.object({
  access_token: z.string().min(1),
  // The real API sends a string ("3599"); documentation samples a number.
  expires_in: z.union([z.number().int().positive(), z.string().regex(/^\d+$/).transform(Number)]),
});

const ErrorEnvelopeSchema = z.object({
  requestId: z.string().optional(),
  errorCode: z.string().min(1),
  errorMessage: z.string().optional(),
});
type ErrorEnvelope = z.infer<typeof ErrorEnvelopeSchema>;

const AcceptedCodeSchema = z.union([z.literal('0'), z.literal(0)]);

const StkPushResponseSchema = z.object({
  MerchantRequestID: z.string().min(1),
  CheckoutRequestID: z.string().min(1),
  ResponseCode: AcceptedCodeSchema,
  CustomerMessage: z.string().optional(),
  ResponseDescription: z.string().optional(),
});

const StkQueryResponseSchema = z.object({
  ResponseCode: AcceptedCodeSchema,
  // A string here, unlike the callback's number.
  ResultCode: z.union([z.number().int(), z.string().regex(/^\d+$/).transform(Number)]),
  ResultDesc: z.string(),
});

const ConversationResponseSchema = z.object({
  ConversationID: z.string().min(1),
  OriginatorConversationID: z.string().min(1),
  ResponseCode: AcceptedCodeSchema,
});

const PullItemSchema = z.object({
  transactionId: z.string().min(1),
  trxDate: z.string(),
  msisdn: z.union([z.string(), z.number()]).transform(String),
  billreference: z.string().default(''),
  amount: z.union([
    z.number(),
    z
      .string()
      .regex(/^\d+(\.\d+)?$/)
      .transform(Number),
  ]),
});
const PullResponseSchema = z.object({
  ResponseCode: z.union([z.literal('1000'), z.literal(1000)]),
  // Safaricom's sample nests the page in a list; a flat list is read too.
  Response: z.array(z.union([PullItemSchema, z.array(PullItemSchema)])).default([]),
});
const PullRegisterSchema = z.object({ ResponseStatus: z.union([z.literal('1000'), z.literal(1000)]) });

/** `YYYY-MM-DD HH:mm:ss` in Kenyan time, the Pull query's StartDate and EndDate. */
function formatPullDate(epochMs: number): string {
  const t = formatDarajaTimestamp(epochMs);
  return `${t.slice(0, 4)}-${t.slice(4, 6)}-${t.slice(6, 8)} ${t.slice(8, 10)}:${t.slice(10, 12)}:${t.slice(12, 14)}`;
}

/** The asynchronous APIs' acknowledgement (B2C, Transaction Status, Account Balance) in our words. */
function conversationOf(accepted: z.infer<typeof ConversationResponseSchema>): B2cAccepted {
  return {
    conversationId: accepted.ConversationID,
    originatorConversationId: accepted.OriginatorConversationID,
  };
}

/** `YYYYMMDDHHmmss` in Kenyan time, the STK Timestamp (Africa/Nairobi, as most integrations use). */
export function formatDarajaTimestamp(epochMs: number): string {
  const time = localTimeOf(new Date(epochMs), 'Africa/Nairobi');
  return `${time.year}${time.month}${time.day}${time.hour}${time.minute}${time.second}`;
}

/** The STK Password: base64 of shortcode, passkey and the same Timestamp, plainly concatenated. */
export function createStkPassword(shortcode: string, passkey: string, timestamp: string): string {
  return Buffer.from(`${shortcode}${passkey}${timestamp}`).toString('base64');
}

function kindOf(envelope: ErrorEnvelope, httpStatus: number): DarajaErrorKind {
  const message = envelope.errorMessage ?? '';
  switch (envelope.errorCode) {
    case INVALID_ACCESS_TOKEN:
      return 'invalid-access-token';
    case '400.008.01':
    case '400.008.02':
      return 'authentication-failed';
    case '500.003.02':
    case '500.003.03':
      return 'rate-limited';
    case '500.003.1001':
      return httpStatus === 503 || /maintenance/i.test(message) ? 'under-maintenance' : 'unavailable';
  }
  if (envelope.errorCode === '500.001.1001' && /unable to lock subscriber/i.test(message)) {
    return 'subscriber-locked';
  }
  if (/^500\.002\.1001$/.test(envelope.errorCode) && /duplicate/i.test(message)) {
    return 'duplicate-originator-conversation-id';
  }
  return httpStatus >= 400 && httpStatus < 500 ? 'bad-request' : 'rejected';
}

function inputError(kind: DarajaErrorKind, message: string): DarajaError {
  return new DarajaError(kind, message, { operation: 'input' });
}

/** Whole shillings only: a decimal is refused, never rounded, so a player is never charged or paid a different sum. */
function requireWholeShillings(amount: number): number {
  if (!Number.isSafeInteger(amount) || amount < 1) {
    throw inputError('invalid-amount', 'Daraja amounts are whole shillings of at least 1');
  }
  return amount;
}

function requireLength(field: string, value: string, min: number, max: number): string {
  if (value.length < min || value.length > max) {
    throw inputError('invalid-input', `${field} must be ${min} to ${max} characters`);
  }
  return value;
}

/** An access token and when to stop using it (epoch milliseconds, a minute before Daraja's expiry). */
export type DarajaToken = { value: string; expiresAt: number };

/**
 * The app's shared access token. `renew` runs its callback under a lock that every instance sharing the
 * store respects, with the token as stored when the lock was taken (another instance may have just minted
 * one): the callback answers the token to keep, and a different one is stored.
 */
export type DarajaTokenStore = {
  read(): Promise<DarajaToken | undefined>;
  renew(decide: (stored: DarajaToken | undefined) => Promise<DarajaToken>): Promise<DarajaToken>;
  /** Forgets `value` if it is still the stored token (Daraja refused it); a newer one is left alone. */
  dropIfCurrent(value: string): Promise<void>;
};

/** One process's token store: for a single instance and the client's own tests. */
export function createMemoryTokenStore(): DarajaTokenStore {
  let stored: DarajaToken | undefined;
  let queue: Promise<unknown> = Promise.resolve();
  return {
    read: async () => stored,
    renew(decide) {
      const turn = queue.then(async () => {
        stored = await decide(stored);
        return stored;
      });
      queue = turn.catch(() => undefined);
      return turn;
    },
    dropIfCurrent: async (value) => {
      if (stored?.value === value) stored = undefined;
    },
  };
}

type Token = DarajaToken;

/**
 * Safaricom M-Pesa Daraja (external-protocols.md §1): OAuth, STK Push and its query, B2C and
 * Transaction Status. Nothing that moves money is retried: an STK push or a B2C whose answer was lost
 * may have happened, and only the query, Transaction Status or the callback can tell. The one retry is
 * after 404.001.03, which Daraja answers before looking at the request.
 */
export function createDarajaClient(options: DarajaClientOptions): DarajaClient {
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const fetchFn = options.fetch ?? fetch;
  const now = options.now ?? Date.now;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const basicAuth = `Basic ${Buffer.from(`${options.consumerKey}:${options.consumerSecret}`).toString('base64')}`;
  const secrets = [options.consumerSecret, options.passkey, options.initiatorPassword].filter(
    (secret) => secret.length >= 4,
  );

  let certificateKey: KeyObject;
  try {
    // Reads a CERTIFICATE or a PUBLIC KEY PEM alike; fails here, at start, rather than on a withdrawal.
    certificateKey = createPublicKey(options.certificatePem);
  } catch {
    throw new DarajaError('misconfigured', 'certificatePem is neither a certificate nor a public key', {
      operation: 'input',
    });
  }

  const tokenStore = options.tokenStore ?? createMemoryTokenStore();
  // Each token request invalidates the previous token (§1.1): this process's concurrent callers share one
  // renewal, so a burst takes one database connection for the lock, not one each.
  let pendingRenewal: Promise<Token> | undefined;

  function redact(text: string): string {
    let shortened = text.slice(0, MAX_QUOTED_MESSAGE_LENGTH);
    for (const secret of secrets) shortened = shortened.replaceAll(secret, '[redacted]');
    return shortened;
  }

  type Answer = { status: number; body: unknown };

  async function send(
    operation: DarajaOperation,
    url: string,
    init: { method: 'GET' | 'POST'; headers: Record<string, string>; body?: string },
  ): Promise<Answer> {
    const signal = AbortSignal.timeout(timeoutMs);
    let status: number;
    let text: string;
    try {
      const response = await fetchFn(url, { ...init, signal });
      status = response.status;
      text = await response.text();
    } catch (error) {
      const reason = signal.aborted ? `timed out after ${timeoutMs} ms` : describeNetworkError(error);
      throw new DarajaError('unavailable', `Daraja ${operation} failed: ${reason}`, { operation });
    }
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      throw new DarajaError(
        status >= 500 ? 'unavailable' : 'unusable-response',
        `Daraja ${operation} answered HTTP ${status} without JSON`,
        { operation, httpStatus: status },
      );
    }
    return { status, body };
  }

  function envelopeError(operation: DarajaOperation, answer: Answer, envelope: ErrorEnvelope): DarajaError {
    const quoted = envelope.errorMessage === undefined ? '' : ` ${redact(envelope.errorMessage)}`;
    return new DarajaError(
      kindOf(envelope, answer.status),
      `Daraja ${operation} refused: ${envelope.errorCode}${quoted}`,
      {
        operation,
        errorCode: envelope.errorCode,
        httpStatus: answer.status,
        requestId: envelope.requestId,
      },
    );
  }

  function readAnswer<T>(operation: DarajaOperation, answer: Answer, schema: z.ZodType<T>): T {
    const envelope = ErrorEnvelopeSchema.safeParse(answer.body);
    if (envelope.success) throw envelopeError(operation, answer, envelope.data);
    if (answer.status !== 200) {
      throw new DarajaError(
        answer.status >= 500 ? 'unavailable' : 'unusable-response',
        `Daraja ${operation} answered HTTP ${answer.status}`,
        { operation, httpStatus: answer.status },
      );
    }
    const parsed = schema.safeParse(answer.body);
    if (!parsed.success) {
      throw new DarajaError('unusable-response', `Daraja ${operation} answer unreadable`, {
        operation,
        httpStatus: answer.status,
      });
    }
    return parsed.data;
  }

  async function mintToken(): Promise<Token> {
    const answer = await send('oauth', `${baseUrl}/oauth/v1/generate?grant_type=client_credentials`, {
      method: 'GET',
      headers: { authorization: basicAuth, accept: 'application/json' },
    });
    const parsed = readAnswer('oauth', answer, TokenResponseSchema);
    const lifetimeMs = parsed.expires_in * 1000;
    return {
      value: parsed.access_token,
      expiresAt: now() + Math.max(lifetimeMs - TOKEN_EARLY_REFRESH_MS, lifetimeMs / 2),
    };
  }

  const isUsable = (candidate: Token | undefined): candidate is Token =>
    candidate !== undefined && now() < candidate.expiresAt;

  async function getToken(): Promise<Token> {
    const stored = await tokenStore.read();
    if (isUsable(stored)) return stored;
    pendingRenewal ??= tokenStore
      // Read again under the lock: another instance may have minted while this one waited for it.
      .renew(async (current) => (isUsable(current) ? current : mintToken()))
      .finally(() => {
        pendingRenewal = undefined;
      });
    return pendingRenewal;
  }

  /** POSTs with a bearer token; after 404.001.03 fetches one new token and tries once more. */
  async function call<T>(
    operation: DarajaOperation,
    path: string,
    body: Record<string, unknown>,
    schema: z.ZodType<T>,
  ): Promise<{ answer: Answer; read: () => T }> {
    for (let attempt = 1; ; attempt += 1) {
      const used = await getToken();
      const answer = await send(operation, `${baseUrl}${path}`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${used.value}`,
          'content-type': 'application/json',
          accept: 'application/json',
        },
        body: JSON.stringify(body),
      });
      const envelope = ErrorEnvelopeSchema.safeParse(answer.body);
      if (attempt === 1 && envelope.success && envelope.data.errorCode === INVALID_ACCESS_TOKEN) {
        // Another caller or instance may already have replaced it: only the token this call used is dropped.
        await tokenStore.dropIfCurrent(used.value);
        continue;
      }
      return { answer, read: () => readAnswer(operation, answer, schema) };
    }
  }

  function stkCredentials() {
    const timestamp = formatDarajaTimestamp(now());
    return {
      BusinessShortCode: options.shortcode,
      Password: createStkPassword(options.shortcode, options.passkey, timestamp),
      Timestamp: timestamp,
    };
  }

  function securityCredential(): string {
    try {
      return publicEncrypt(
        { key: certificateKey, padding: constants.RSA_PKCS1_PADDING },
        Buffer.from(options.initiatorPassword, 'utf8'),
      ).toString('base64');
    } catch {
      // OpenSSL's message is dropped: nothing about the password may leave here.
      throw new DarajaError('misconfigured', 'The certificate cannot encrypt the initiator password', {
        operation: 'input',
      });
    }
  }

  return {
    async stkPush(input) {
      const phone = normaliseKenyanMsisdn(input.phone);
      const amount = requireWholeShillings(input.amount);
      const accountReference = requireLength(
        'AccountReference',
        input.accountReference,
        1,
        MAX_ACCOUNT_REFERENCE_LENGTH,
      );
      const description = requireLength('TransactionDesc', input.description, 1, MAX_TRANSACTION_DESC_LENGTH);
      const { read } = await call(
        'stk push',
        '/mpesa/stkpush/v1/processrequest',
        {
          ...stkCredentials(),
          TransactionType: 'CustomerPayBillOnline',
          Amount: amount,
          PartyA: phone,
          PartyB: options.shortcode,
          PhoneNumber: phone,
          CallBackURL: input.callbackUrl,
          AccountReference: accountReference,
          TransactionDesc: description,
        },
        StkPushResponseSchema,
      );
      const accepted = read();
      return {
        merchantRequestId: accepted.MerchantRequestID,
        checkoutRequestId: accepted.CheckoutRequestID,
        customerMessage: accepted.CustomerMessage ?? accepted.ResponseDescription ?? '',
      };
    },

    async stkQuery(checkoutRequestId) {
      const { answer, read } = await call(
        'stk query',
        '/mpesa/stkpushquery/v1/query',
        { ...stkCredentials(), CheckoutRequestID: checkoutRequestId },
        StkQueryResponseSchema,
      );
      // Until the customer answers, Daraja replies with an ERROR envelope (§1.3), not a result.
      const envelope = ErrorEnvelopeSchema.safeParse(answer.body);
      if (
        envelope.success &&
        envelope.data.errorCode === '500.001.1001' &&
        /being processed/i.test(envelope.data.errorMessage ?? '')
      ) {
        return { state: 'pending' };
      }
      const result = read();
      return { state: 'final', resultCode: result.ResultCode, resultDesc: result.ResultDesc };
    },

    async b2cPayment(input) {
      const withdrawalId = input.withdrawalId.trim();
      if (withdrawalId === '' || withdrawalId !== input.withdrawalId) {
        throw inputError('invalid-input', 'withdrawalId must be a non-empty id without surrounding spaces');
      }
      const phone = normaliseKenyanMsisdn(input.phone);
      const amount = requireWholeShillings(input.amount);
      const remarks = requireLength('Remarks', input.remarks, 2, 100);
      const { read } = await call(
        'b2c payment',
        '/mpesa/b2c/v3/paymentrequest',
        {
          OriginatorConversationID: withdrawalId,
          InitiatorName: options.initiatorName,
          SecurityCredential: securityCredential(),
          CommandID: 'BusinessPayment',
          Amount: String(amount),
          PartyA: options.b2cShortcode,
          PartyB: phone,
          Remarks: remarks,
          QueueTimeOutURL: input.queueTimeoutUrl,
          ResultURL: input.resultUrl,
          // Daraja's spelling.
          Occassion: input.occasion ?? '',
        },
        ConversationResponseSchema,
      );
      return conversationOf(read());
    },

    async accountBalance(input) {
      const { read } = await call(
        'account balance',
        '/mpesa/accountbalance/v1/query',
        {
          Initiator: options.initiatorName,
          SecurityCredential: securityCredential(),
          CommandID: 'AccountBalance',
          PartyA: options.b2cShortcode,
          IdentifierType: '4',
          Remarks: 'Float check',
          QueueTimeOutURL: input.queueTimeoutUrl,
          ResultURL: input.resultUrl,
        },
        ConversationResponseSchema,
      );
      return conversationOf(read());
    },

    async registerPull(input) {
      const { read } = await call(
        'pull register',
        '/pulltransactions/v1/register',
        {
          ShortCode: options.shortcode,
          RequestType: 'Pull',
          NominatedNumber: input.nominatedNumber,
          CallBackURL: input.callbackUrl,
        },
        PullRegisterSchema,
      );
      read();
    },

    async pullTransactions(input) {
      const { read } = await call(
        'pull transactions',
        '/pulltransactions/v1/query',
        {
          ShortCode: options.shortcode,
          StartDate: formatPullDate(input.start.getTime()),
          EndDate: formatPullDate(input.end.getTime()),
          OffSetValue: String(input.offset ?? 0),
        },
        PullResponseSchema,
      );
      return read()
        .Response.flat()
        .map((item) => ({
          receipt: item.transactionId,
          amount: item.amount,
          billReference: item.billreference.trim(),
          msisdn: item.msisdn,
          completedAt: item.trxDate,
        }));
    },

    async transactionStatus(input) {
      if (!input.transactionId && !input.originatorConversationId) {
        throw inputError(
          'invalid-input',
          'transactionStatus needs a transactionId or an originatorConversationId',
        );
      }
      const { read } = await call(
        'transaction status',
        '/mpesa/transactionstatus/v1/query',
        {
          Initiator: options.initiatorName,
          SecurityCredential: securityCredential(),
          CommandID: 'TransactionStatusQuery',
          ...(input.transactionId ? { TransactionID: input.transactionId } : {}),
          ...(input.originatorConversationId
            ? { OriginalConversationID: input.originatorConversationId }
            : {}),
          PartyA: options.b2cShortcode,
          // 4: the party is an organisation shortcode.
          IdentifierType: '4',
          ResultURL: input.resultUrl,
          QueueTimeOutURL: input.queueTimeoutUrl,
          Remarks: input.remarks ?? 'Reconciliation',
          Occasion: input.occasion ?? '',
        },
        ConversationResponseSchema,
      );
      return conversationOf(read());
    },
  };
}
