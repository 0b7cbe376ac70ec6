import { toDigits } from './phone-number.ts';

export type StoredSms = {
  messageId: string;
  /** E.164, as the client sent it. */
  to: string;
  from: string;
  message: string;
  /** ISO 8601, UTC. */
  sentAt: string;
};

export type SmsMessageStore = {
  add(sms: StoredSms): void;
  /** Newest first; only the messages sent to `number` when it is given (with or without its +). */
  list(filter: { number?: string; limit?: number }): StoredSms[];
  count(): number;
  clear(): void;
};

/** Keeps the last `capacity` messages in memory: a simulator must not grow without bound in a long run. */
export function createSmsMessageStore(capacity: number): SmsMessageStore {
  let messages: StoredSms[] = [];

  return {
    add(sms) {
      messages.push(sms);
      if (messages.length > capacity) messages = messages.slice(messages.length - capacity);
    },
    list({ number, limit }) {
      const digits = number === undefined ? undefined : toDigits(number);
      const matching =
        digits === undefined ? messages : messages.filter((sms) => toDigits(sms.to) === digits);
      const newestFirst = [...matching].reverse();
      return limit === undefined ? newestFirst : newestFirst.slice(0, limit);
    },
    count() {
      return messages.length;
    },
    clear() {
      messages = [];
    },
  };
}
