import type { FastifyBaseLogger } from 'fastify';

export type CallbackKind =
  'stk-callback' | 'b2c-result' | 'b2c-queue-timeout' | 'status-result' | 'balance-result';

/** How asynchronous results reach the merchant; every switch can change at run time. */
export type CallbackSwitches = {
  /** Time between an outcome being final and its POST. */
  callbackDelayMs: number;
  /** POST every callback twice, the way Daraja sometimes does (§1.7): handlers must be idempotent. */
  duplicateCallbacks: boolean;
  /** Never POST: the merchant must fall back to the STK query or the Transaction Status API (§1.7). */
  dropCallbacks: boolean;
};

/** One callback as the simulator handled it, listed by `GET /__mpesa/state`. */
export type CallbackRecord = {
  kind: CallbackKind;
  url: string;
  /** CheckoutRequestID for STK, ConversationID for B2C and status results. */
  reference: string;
  status: 'scheduled' | 'dropped' | 'delivered' | 'failed';
  /** POSTs made (2 with duplicates on); the HTTP status of the last one, or its network error. */
  posts: number;
  httpStatus?: number;
  error?: string;
  body: unknown;
};

const CALLBACK_TIMEOUT_MS = 5_000;
const MAX_RECORDS = 500;

export type CallbackDispatcher = {
  send(input: { kind: CallbackKind; url: string; reference: string; body: unknown }): void;
  list(): CallbackRecord[];
  clear(): void;
  /** Cancels every scheduled POST; called when the simulator closes. */
  close(): void;
};

export function createCallbackDispatcher(
  switches: CallbackSwitches,
  log: FastifyBaseLogger,
): CallbackDispatcher {
  const records: CallbackRecord[] = [];
  const timers = new Set<NodeJS.Timeout>();

  async function post(record: CallbackRecord): Promise<void> {
    record.posts += 1;
    try {
      const response = await fetch(record.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(record.body),
        signal: AbortSignal.timeout(CALLBACK_TIMEOUT_MS),
      });
      await response.arrayBuffer();
      record.httpStatus = response.status;
      record.status = 'delivered';
      if (!response.ok) log.warn({ url: record.url, status: response.status }, 'M-Pesa callback refused');
    } catch (error) {
      // Daraja does not retry an STK callback and does not wait for the merchant: neither does this.
      record.status = 'failed';
      record.error = error instanceof Error ? error.message : String(error);
      log.warn({ url: record.url, err: error }, 'M-Pesa callback failed');
    }
  }

  return {
    send({ kind, url, reference, body }) {
      const record: CallbackRecord = { kind, url, reference, status: 'scheduled', posts: 0, body };
      records.push(record);
      if (records.length > MAX_RECORDS) records.shift();
      if (switches.dropCallbacks) {
        record.status = 'dropped';
        return;
      }
      // Read the switch now: a duplicate decided when the outcome was reached, like the real platform.
      const copies = switches.duplicateCallbacks ? 2 : 1;
      const timer = setTimeout(() => {
        timers.delete(timer);
        void (async () => {
          for (let copy = 0; copy < copies; copy += 1) await post(record);
        })();
      }, switches.callbackDelayMs);
      timers.add(timer);
    },
    list: () => [...records],
    clear: () => {
      records.length = 0;
    },
    close: () => {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
    },
  };
}
