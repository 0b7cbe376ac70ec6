import { setTimeout as sleep } from 'node:timers/promises';
import { z } from 'zod';
import { type SmsGateway, SmsGatewayError, type SmsSendResult } from './sms-gateway.ts';

/** Only what the adapter reports about itself; structurally satisfied by pino and Fastify's logger. */
export type SmsGatewayLogger = {
  warn(details: Record<string, unknown>, message: string): void;
};

export type AfricasTalkingOptions = {
  /** e.g. https://api.africastalking.com, https://api.sandbox.africastalking.com or the simulator. */
  baseUrl: string;
  username: string;
  apiKey: string;
  /** Alphanumeric sender id or short code; the account's default sender when absent. */
  senderId?: string | undefined;
  fetch?: typeof fetch;
  /** Pause before each retry; its length + 1 is the number of attempts. */
  retryDelaysMs?: readonly number[];
  timeoutMs?: number;
  logger?: SmsGatewayLogger;
};

const DEFAULT_RETRY_DELAYS_MS = [200, 1000] as const;
const DEFAULT_TIMEOUT_MS = 10_000;

/** 100 Processed, 101 Sent, 102 Queued: the provider has the message. */
const ACCEPTED_STATUS_CODES = new Set([100, 101, 102]);
/** 500 InternalServerError, 501 GatewayError: the provider's own trouble, worth another attempt. */
const RETRYABLE_STATUS_CODES = new Set([500, 501]);

/** The refusals a whole request can be answered with, by the name the API puts in Message. */
const REFUSAL_CODES_BY_NAME: Record<string, number> = {
  RiskHold: 401,
  InvalidSenderId: 402,
  InvalidPhoneNumber: 403,
  UnsupportedNumberType: 404,
  InsufficientBalance: 405,
  UserInBlacklist: 406,
  CouldNotRoute: 407,
  DoNotDisturbRejection: 409,
  RejectedByGateway: 502,
};

const MessagingResponseSchema = z.object({
  SMSMessageData: z.object({
    Message: z.string(),
    Recipients: z.array(
      z.object({
        statusCode: z.number().int(),
        number: z.string(),
        status: z.string(),
        cost: z.string().optional(),
        messageId: z.string().optional(),
      }),
    ),
  }),
});

type AttemptOutcome =
  | { kind: 'answered'; result: SmsSendResult }
  | { kind: 'retryable'; reason: string; httpStatus?: number; cause?: unknown };

function toSendResult(recipient: { statusCode: number; status: string; messageId?: string | undefined }) {
  const accepted = ACCEPTED_STATUS_CODES.has(recipient.statusCode);
  return {
    accepted,
    // A refused recipient comes back with the messageId "None".
    messageId:
      accepted && recipient.messageId && recipient.messageId !== 'None' ? recipient.messageId : undefined,
    statusCode: recipient.statusCode,
    status: recipient.status,
  } satisfies SmsSendResult;
}

/**
 * Africa's Talking `POST /version1/messaging` (external-protocols.md §2). Retries only what the provider
 * may get right next time (HTTP 5xx, network errors, timeouts, recipient 500/501) and never a definite
 * refusal, so a player's number is not hammered and a blacklisted number is reported at once.
 */
export function createAfricasTalkingGateway(options: AfricasTalkingOptions): SmsGateway {
  const endpoint = `${options.baseUrl.replace(/\/+$/, '')}/version1/messaging`;
  const fetchFn = options.fetch ?? fetch;
  const retryDelaysMs = options.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const maxAttempts = retryDelaysMs.length + 1;

  async function attemptSend(form: URLSearchParams, attempt: number): Promise<AttemptOutcome> {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), timeoutMs);
    let httpStatus: number;
    let body: string;
    try {
      const response = await fetchFn(endpoint, {
        method: 'POST',
        headers: {
          apiKey: options.apiKey,
          Accept: 'application/json',
          'Content-Type': 'application/x-www-form-urlencoded',
        },
        body: form.toString(),
        signal: controller.signal,
      });
      httpStatus = response.status;
      body = await response.text();
    } catch (error) {
      const reason = controller.signal.aborted ? `timed out after ${timeoutMs} ms` : 'network error';
      return { kind: 'retryable', reason, cause: error };
    } finally {
      clearTimeout(timer);
    }

    if (httpStatus >= 500) return { kind: 'retryable', reason: `HTTP ${httpStatus}`, httpStatus };
    if (httpStatus !== 201) {
      // The provider answers 401 with a plain-text body for wrong credentials; no retry will fix that.
      const failure = httpStatus >= 400 && httpStatus < 500 ? 'request-rejected' : 'unusable-response';
      throw new SmsGatewayError(failure, `Africa's Talking answered HTTP ${httpStatus}`, {
        attempts: attempt,
        httpStatus,
      });
    }

    let parsed: z.infer<typeof MessagingResponseSchema>;
    try {
      parsed = MessagingResponseSchema.parse(JSON.parse(body));
    } catch (error) {
      // HTTP 201 means the message may be on its way: retrying could send it twice.
      throw new SmsGatewayError(
        'unusable-response',
        "Africa's Talking answered 201 with an unreadable body",
        {
          attempts: attempt,
          httpStatus,
          cause: error,
        },
      );
    }

    const { Message, Recipients } = parsed.SMSMessageData;
    const recipient = Recipients[0];
    if (recipient === undefined) {
      // A request refused as a whole (an unknown sender id, no balance) names the status in Message.
      const statusCode = REFUSAL_CODES_BY_NAME[Message];
      if (statusCode === undefined) {
        throw new SmsGatewayError('unusable-response', "Africa's Talking answered without recipients", {
          attempts: attempt,
          httpStatus,
        });
      }
      return { kind: 'answered', result: toSendResult({ statusCode, status: Message }) };
    }
    if (RETRYABLE_STATUS_CODES.has(recipient.statusCode)) {
      return {
        kind: 'retryable',
        reason: `recipient ${recipient.statusCode} ${recipient.status}`,
        httpStatus,
      };
    }
    return { kind: 'answered', result: toSendResult(recipient) };
  }

  return {
    async send(to, message) {
      const form = new URLSearchParams({ username: options.username, to, message });
      if (options.senderId) form.set('from', options.senderId);

      let lastFailure: Extract<AttemptOutcome, { kind: 'retryable' }> | undefined;
      for (let attempt = 1; attempt <= maxAttempts; attempt += 1) {
        const outcome = await attemptSend(form, attempt);
        if (outcome.kind === 'answered') return outcome.result;

        lastFailure = outcome;
        const delayMs = retryDelaysMs[attempt - 1];
        // The recipient's number and the credentials stay out of the log.
        options.logger?.warn(
          { attempt, maxAttempts, reason: outcome.reason, retryInMs: delayMs ?? null },
          delayMs === undefined ? 'SMS send failed, giving up' : 'SMS send failed, retrying',
        );
        if (delayMs !== undefined) await sleep(delayMs);
      }

      throw new SmsGatewayError(
        'unavailable',
        `Africa's Talking unavailable after ${maxAttempts} attempts (last: ${lastFailure?.reason ?? 'unknown'})`,
        { attempts: maxAttempts, httpStatus: lastFailure?.httpStatus, cause: lastFailure?.cause },
      );
    },
  };
}
