import { randomBytes } from 'node:crypto';
import formbody from '@fastify/formbody';
import Fastify, {
  type FastifyInstance,
  type FastifyPluginAsync,
  type FastifyReply,
  type FastifyServerOptions,
} from 'fastify';
import { getNetworkCode, isValidRecipientNumber, toDigits } from './phone-number.ts';
import { renderInboxPage } from './sms-inbox-page.ts';
import { createSmsMessageStore, type StoredSms } from './sms-message-store.ts';

export type RecipientFailureStatusCode = 500 | 501;

/** Failures to inject, so the adapter's retry and refusal paths can be exercised on demand. */
export type SmsFaults = {
  /** The next N messaging requests answer HTTP 500 before anything else is checked. */
  failNextRequests: number;
  /** The next N otherwise valid recipients get `recipientFailureStatusCode` instead of the message. */
  failNextRecipients: number;
  recipientFailureStatusCode: RecipientFailureStatusCode;
  /** E.164 numbers (with or without +) that answer 406 UserInBlacklist. */
  blacklist: string[];
};

export type SmsSimulatorOptions = {
  /** The account the simulator accepts; like the real API, a key only works with its own username. */
  username: string;
  apiKey: string;
  /** Where delivery reports are POSTed; none are sent without it. */
  deliveryReportUrl?: string | undefined;
  deliveryReportDelayMs?: number;
  faults?: Partial<SmsFaults>;
  /** How many sent messages the inbox keeps (oldest dropped first). */
  maxStoredMessages?: number;
  /** Fastify's logger option: off by default so tests stay quiet. */
  logger?: FastifyServerOptions['logger'];
};

type RecipientResult = {
  statusCode: number;
  number: string;
  status: string;
  cost: string;
  messageId: string;
};

const MESSAGING_PATH = '/version1/messaging';
const CONTROL_PATH = '/__control';
const DEFAULT_SENDER = 'AFRICASTKNG';
const COST_PER_MESSAGE = 0.8;
const CURRENCY = 'KES';
const INBOX_OVERVIEW_LIMIT = 50;
const DELIVERY_REPORT_TIMEOUT_MS = 5_000;
// Both texts are the real API's: clients and people recognise them in logs.
const INVALID_AUTHENTICATION = 'The supplied authentication is invalid';
// The real API answers "None" where a refused recipient has no message id.
const NO_MESSAGE_ID = 'None';

type ControlBody = Partial<SmsFaults> & {
  deliveryReportUrl?: string | null;
  deliveryReportDelayMs?: number;
  clearMessages?: boolean;
};

const CONTROL_KEYS = [
  'failNextRequests',
  'failNextRecipients',
  'recipientFailureStatusCode',
  'blacklist',
  'deliveryReportUrl',
  'deliveryReportDelayMs',
  'clearMessages',
] as const satisfies readonly (keyof ControlBody)[];

const controlBodySchema = {
  type: 'object',
  // Rejects a misspelt switch instead of silently ignoring it (Fastify strips unknown properties).
  propertyNames: { enum: CONTROL_KEYS },
  properties: {
    failNextRequests: { type: 'integer', minimum: 0 },
    failNextRecipients: { type: 'integer', minimum: 0 },
    recipientFailureStatusCode: { type: 'integer', enum: [500, 501] },
    blacklist: { type: 'array', items: { type: 'string' } },
    deliveryReportUrl: { type: ['string', 'null'] },
    deliveryReportDelayMs: { type: 'integer', minimum: 0 },
    clearMessages: { type: 'boolean' },
  },
} as const;

const RECIPIENT_FAILURE_STATUS: Record<RecipientFailureStatusCode, string> = {
  500: 'InternalServerError',
  501: 'GatewayError',
};

function formatCost(amount: number): string {
  return `${CURRENCY} ${amount.toFixed(4)}`;
}

function createMessageId(): string {
  return `ATXid_${randomBytes(16).toString('hex')}`;
}

/** Form bodies repeat a key as an array; the API reads the first value. */
function readField(body: unknown, name: string): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const value: unknown = (body as Record<string, unknown>)[name];
  const first: unknown = Array.isArray(value) ? value[0] : value;
  return typeof first === 'string' ? first : undefined;
}

function readNumberQuery(query: unknown): string | undefined {
  const number = readField(query, 'number');
  return number === undefined || number.trim() === '' ? undefined : number;
}

function sendMissingField(reply: FastifyReply, name: string): FastifyReply {
  return reply.code(400).type('text/plain').send(`Request is missing required form field '${name}'`);
}

function refuse(number: string, statusCode: number, status: string): RecipientResult {
  return { statusCode, number, status, cost: '0', messageId: NO_MESSAGE_ID };
}

/**
 * Africa's Talking SMS as a Fastify plugin: `POST /version1/messaging`, delivery reports, an inbox page
 * for testers, and `/__control` to inject faults. Registered at the root so the base URL is the host's.
 */
export const smsSimulatorPlugin: FastifyPluginAsync<SmsSimulatorOptions> = async (app, options) => {
  const store = createSmsMessageStore(options.maxStoredMessages ?? 1000);
  const faults: SmsFaults = {
    failNextRequests: options.faults?.failNextRequests ?? 0,
    failNextRecipients: options.faults?.failNextRecipients ?? 0,
    recipientFailureStatusCode: options.faults?.recipientFailureStatusCode ?? 500,
    blacklist: options.faults?.blacklist ?? [],
  };
  const deliveryReports = {
    url: options.deliveryReportUrl,
    delayMs: options.deliveryReportDelayMs ?? 500,
  };
  const pendingReports = new Set<NodeJS.Timeout>();

  await app.register(formbody);

  app.addHook('onClose', async () => {
    for (const timer of pendingReports) clearTimeout(timer);
    pendingReports.clear();
  });

  async function postDeliveryReport(url: string, sms: StoredSms): Promise<void> {
    const form = new URLSearchParams({
      id: sms.messageId,
      status: 'Success',
      phoneNumber: sms.to,
      networkCode: getNetworkCode(sms.to),
      retryCount: '0',
    });
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: form.toString(),
        signal: AbortSignal.timeout(DELIVERY_REPORT_TIMEOUT_MS),
      });
      if (!response.ok) {
        app.log.warn({ url, messageId: sms.messageId, status: response.status }, 'delivery report refused');
      }
    } catch (error) {
      // The real gateway does not care whether the callback worked, and neither may the simulator.
      app.log.warn({ url, messageId: sms.messageId, err: error }, 'delivery report failed');
    }
  }

  function scheduleDeliveryReport(sms: StoredSms): void {
    const url = deliveryReports.url;
    if (url === undefined) return;
    const timer = setTimeout(() => {
      pendingReports.delete(timer);
      void postDeliveryReport(url, sms);
    }, deliveryReports.delayMs);
    pendingReports.add(timer);
  }

  function sendToRecipient(number: string, from: string, message: string): RecipientResult {
    if (!isValidRecipientNumber(number)) return refuse(number, 403, 'InvalidPhoneNumber');
    if (faults.blacklist.some((listed) => toDigits(listed) === toDigits(number))) {
      return refuse(number, 406, 'UserInBlacklist');
    }
    if (faults.failNextRecipients > 0) {
      faults.failNextRecipients -= 1;
      const statusCode = faults.recipientFailureStatusCode;
      return refuse(number, statusCode, RECIPIENT_FAILURE_STATUS[statusCode]);
    }

    const sms: StoredSms = {
      messageId: createMessageId(),
      to: number,
      from,
      message,
      sentAt: new Date().toISOString(),
    };
    store.add(sms);
    scheduleDeliveryReport(sms);
    return {
      statusCode: 101,
      number,
      status: 'Success',
      cost: formatCost(COST_PER_MESSAGE),
      messageId: sms.messageId,
    };
  }

  app.post(MESSAGING_PATH, async (request, reply) => {
    if (faults.failNextRequests > 0) {
      faults.failNextRequests -= 1;
      return reply.code(500).type('text/plain').send('Internal Server Error');
    }

    const apiKey = request.headers.apikey;
    const username = readField(request.body, 'username');
    if (apiKey !== options.apiKey || username !== options.username) {
      return reply.code(401).type('text/plain').send(INVALID_AUTHENTICATION);
    }

    const to = readField(request.body, 'to');
    const message = readField(request.body, 'message');
    if (!to?.trim()) return sendMissingField(reply, 'to');
    if (!message?.trim()) return sendMissingField(reply, 'message');
    const recipients = to
      .split(',')
      .map((number) => number.trim())
      .filter((number) => number !== '');
    const from = readField(request.body, 'from') || DEFAULT_SENDER;

    const results = recipients.map((number) => sendToRecipient(number, from, message));
    const sentCount = results.filter((result) => result.statusCode === 101).length;
    const totalCost = sentCount === 0 ? '0' : formatCost(sentCount * COST_PER_MESSAGE);

    return reply.code(201).send({
      SMSMessageData: {
        Message: `Sent to ${sentCount}/${results.length} Total Cost: ${totalCost}`,
        Recipients: results,
      },
    });
  });

  app.get('/sms/messages', async (request) => {
    const number = readNumberQuery(request.query);
    return store.list({ number, limit: number === undefined ? INBOX_OVERVIEW_LIMIT : undefined });
  });

  app.get('/sms/inbox', async (request, reply) => {
    const number = readNumberQuery(request.query);
    const messages = store.list({ number, limit: number === undefined ? INBOX_OVERVIEW_LIMIT : undefined });
    // A "+" left unescaped in the query arrives as a space; show the number as it was meant.
    const shownNumber = number === undefined ? undefined : `+${toDigits(number)}`;
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(renderInboxPage({ number: shownNumber, messages }));
  });

  function describeControlState() {
    return {
      ...faults,
      deliveryReportUrl: deliveryReports.url ?? null,
      deliveryReportDelayMs: deliveryReports.delayMs,
      storedMessages: store.count(),
    };
  }

  app.get(CONTROL_PATH, async () => describeControlState());

  app.post<{ Body: ControlBody }>(CONTROL_PATH, { schema: { body: controlBodySchema } }, async (request) => {
    const body = request.body;
    if (body.failNextRequests !== undefined) faults.failNextRequests = body.failNextRequests;
    if (body.failNextRecipients !== undefined) faults.failNextRecipients = body.failNextRecipients;
    if (body.recipientFailureStatusCode !== undefined) {
      faults.recipientFailureStatusCode = body.recipientFailureStatusCode;
    }
    if (body.blacklist !== undefined) faults.blacklist = [...body.blacklist];
    if (body.deliveryReportUrl !== undefined) deliveryReports.url = body.deliveryReportUrl ?? undefined;
    if (body.deliveryReportDelayMs !== undefined) deliveryReports.delayMs = body.deliveryReportDelayMs;
    if (body.clearMessages === true) store.clear();
    return describeControlState();
  });
};

/** A Fastify instance running only the SMS simulator, not listening: `inject` it or `listen({ port: 0 })`. */
export function createSmsSimulator(options: SmsSimulatorOptions): FastifyInstance {
  const app = Fastify({ logger: options.logger ?? false });
  void app.register(smsSimulatorPlugin, options);
  return app;
}
