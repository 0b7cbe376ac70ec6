/** What an SMS provider answered for one message. */
export type SmsSendResult = {
  /** The provider took the message (sent, processed or queued); delivery is reported later. */
  accepted: boolean;
  /** The provider's id, matching later delivery reports; undefined when the message was refused. */
  messageId: string | undefined;
  /** The provider's per-recipient code (Africa's Talking: 101 Sent, 403 InvalidPhoneNumber…). */
  statusCode: number;
  status: string;
};

/**
 * Sends one text message. Resolves with `accepted: false` when the provider definitely refused this
 * recipient (invalid number, blacklisted…), which retrying would not change; rejects with an
 * SmsGatewayError when the provider could not be reached or could not be understood.
 */
export type SmsGateway = {
  send(to: string /* E.164 */, message: string): Promise<SmsSendResult>;
};

export type SmsGatewayFailure =
  /** Every attempt met a network error, a timeout, HTTP 5xx or a retryable recipient code. */
  | 'unavailable'
  /** The provider refused the request itself (bad credentials, bad request): a configuration problem. */
  | 'request-rejected'
  /** The answer could not be read as the protocol promises. */
  | 'unusable-response';

/** Carries what went wrong without the request's credentials, so it is safe to log. */
export class SmsGatewayError extends Error {
  readonly failure: SmsGatewayFailure;
  readonly attempts: number;
  /** The last HTTP status seen, if any answer came back. */
  readonly httpStatus: number | undefined;

  constructor(
    failure: SmsGatewayFailure,
    message: string,
    details: { attempts: number; httpStatus?: number | undefined; cause?: unknown },
  ) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.name = 'SmsGatewayError';
    this.failure = failure;
    this.attempts = details.attempts;
    this.httpStatus = details.httpStatus;
  }
}
