export type DarajaErrorKind =
  /** Refused before sending: the number is not a Safaricom mobile Daraja can prompt or pay. */
  | 'invalid-msisdn'
  /** Refused before sending: not a whole number of shillings of at least 1. */
  | 'invalid-amount'
  /** Refused before sending: another field breaks Daraja's rules (AccountReference > 12 characters…). */
  | 'invalid-input'
  /** OAuth refused the consumer key and secret (400.008.01) or the grant (400.008.02): configuration. */
  | 'authentication-failed'
  /** 404.001.03 even with a freshly minted token. */
  | 'invalid-access-token'
  /** 400.002.02 and the other 4xx answers: Daraja found a field malformed. */
  | 'bad-request'
  /** 500.001.1001 "Unable to lock subscriber": a prompt is already open on that phone; wait a minute. */
  | 'subscriber-locked'
  /** 500.002.1001 "Duplicate OriginatorConversationID.": this withdrawal was already submitted. */
  | 'duplicate-originator-conversation-id'
  /** 500.003.02 "System is busy" / "Spike Arrest Violation", 500.003.03 "Quota Violation". */
  | 'rate-limited'
  /**
   * Daraja refused the request for another stated reason (wrong credentials, merchant unknown…). Usually
   * a 5xx envelope: not proof that nothing happened (see `certainlyNotProcessed`).
   */
  | 'rejected'
  /** Network error, timeout, or a 5xx without Daraja's envelope, or 500.003.1001 internal error. */
  | 'unavailable'
  /**
   * A maintenance window: 500.003.1001 with HTTP 503 or a message naming maintenance, on every endpoint
   * (OAuth included). Refused at the gateway with the back end away: nothing was processed (issue 24 §3).
   */
  | 'under-maintenance'
  /** The answer, or a callback body, could not be read as the protocol promises. */
  | 'unusable-response'
  /** The adapter's own configuration is unusable (the certificate cannot encrypt). */
  | 'misconfigured';

export type DarajaOperation =
  | 'oauth'
  | 'stk push'
  | 'stk query'
  | 'b2c payment'
  | 'transaction status'
  | 'account balance'
  | 'pull register'
  | 'pull transactions'
  | 'stk callback'
  | 'b2c result'
  | 'transaction status result'
  | 'account balance result'
  | 'input';

/**
 * What went wrong with a Daraja call, safe to log: it never carries the consumer secret, the passkey,
 * the initiator password, a token, a Password or a SecurityCredential, and keeps no raw cause (a fetch
 * error or an OpenSSL error could quote what it was given). Daraja's own errorMessage is quoted
 * shortened, with any of those secrets redacted.
 */
export class DarajaError extends Error {
  readonly kind: DarajaErrorKind;
  readonly operation: DarajaOperation;
  /** Daraja's errorCode (`500.001.1001`…), when it answered with its envelope. */
  readonly errorCode: string | undefined;
  /** The HTTP status of Daraja's answer, if one came back. */
  readonly httpStatus: number | undefined;
  /** Daraja's requestId, for its support. */
  readonly requestId: string | undefined;

  constructor(
    kind: DarajaErrorKind,
    message: string,
    details: {
      operation: DarajaOperation;
      errorCode?: string | undefined;
      httpStatus?: number | undefined;
      requestId?: string | undefined;
    },
  ) {
    super(message);
    this.name = 'DarajaError';
    this.kind = kind;
    this.operation = details.operation;
    this.errorCode = details.errorCode;
    this.httpStatus = details.httpStatus;
    this.requestId = details.requestId;
  }
}

/**
 * Whether a failed call certainly did nothing at Daraja, so money it was to move certainly did not move:
 * it was refused before anything was sent (the adapter's own checks; the OAuth step, which comes before
 * the request itself), or Daraja answered the request with a 4xx (it refused the request as such).
 * Anything else may have been acted on: a 5xx, even in Daraja's envelope with a stated reason (its
 * gateway answers 5xx for failures behind it), a timeout, a network failure after sending, an unreadable
 * answer. For those only the status query (STK query, Transaction Status) can tell.
 */
export function certainlyNotProcessed(error: unknown): boolean {
  if (!(error instanceof DarajaError)) return false;
  if (error.operation === 'input' || error.operation === 'oauth') return true;
  return error.httpStatus !== undefined && error.httpStatus >= 400 && error.httpStatus < 500;
}
