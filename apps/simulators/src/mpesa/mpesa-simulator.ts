import formbody from '@fastify/formbody';
import Fastify, {
  type FastifyError,
  type FastifyInstance,
  type FastifyPluginAsync,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import {
  type B2cPayment,
  buildB2cQueueTimeout,
  buildB2cResult,
  buildTransactionStatusResult,
  createReceiverPartyPublicName,
  describeB2cResult,
  parseB2cRequest,
  parseTransactionStatusRequest,
} from './b2c.ts';
import { type CallbackSwitches, createCallbackDispatcher } from './callback-dispatcher.ts';
import {
  B2C_RESULT_DESCRIPTIONS,
  createAccessToken,
  createCheckoutRequestId,
  createConversationId,
  createReceiptNumber,
  createRequestId,
  DUPLICATE_ORIGINATOR_CONVERSATION_ID,
  formatDarajaTimestamp,
  INVALID_ACCESS_TOKEN,
  invalidField,
  isSecurityCredentialValid,
  readText,
  SANDBOX_PASSKEY,
  SANDBOX_SHORTCODE,
  sendDarajaError,
  STK_RESULT_DESCRIPTIONS,
  TRANSACTION_BEING_PROCESSED,
  UNABLE_TO_LOCK_SUBSCRIBER,
} from './daraja-protocol.ts';
import {
  buildAccountBalanceResult,
  buildPullResult,
  createShortcodeThrottle,
  parseAccountBalanceRequest,
  parsePullQuery,
  parsePullRegister,
  pullRegistered,
  type PulledPayment,
  type ThrottleSwitches,
  UNDER_MAINTENANCE,
} from './peak-load.ts';
import { renderPhonePage } from './phone-page.ts';
import {
  buildStkCallback,
  buildStkQueryResult,
  checkStkFields,
  checkStkMerchant,
  describeStkResult,
  parseStkPushRequest,
  type StkPrompt,
} from './stk-push.ts';

/** Switches a test or a tester can change at run time through `POST /__control/mpesa`. */
export type MpesaSwitches = CallbackSwitches &
  ThrottleSwitches & {
    /**
     * Every new STK push is accepted and then fails at once with this ResultCode, the prompt never reaching
     * the phone: 1001 (the subscriber is in another USSD session), 26 (system busy). Null: prompts as usual.
     */
    stkImmediateResultCode: number | null;
    /** Only pushes to these numbers (2547…) fail so; null: every number. */
    stkImmediateResultMsisdns: string[] | null;
    /** A maintenance window: every Daraja endpoint, OAuth included, answers UNDER_MAINTENANCE. */
    maintenance: boolean;
    /** How long an STK prompt stays open on the phone before ResultCode 1037. */
    promptTimeoutMs: number;
    /** Numbers ending with this approve their prompt at once, for tests without the phone page. */
    autoApproveSuffix: string | null;
    /** The ResultCode a correct PIN (or an auto-approval) gives instead of 0, e.g. 1 (insufficient balance). */
    forceStkResultCode: number | null;
    /** The ResultCode every B2C payment gets instead of its natural outcome, e.g. 2001 or 2040. */
    forceB2cResultCode: string | null;
    /** B2C requests answer with a POST to QueueTimeOutURL instead of a Result, and no money moves. */
    b2cQueueTimeout: boolean;
  };

export type MpesaSimulatorOptions = {
  /** The one Daraja app the simulator knows. */
  consumerKey: string;
  consumerSecret: string;
  /** The STK shortcode and its Lipa Na M-Pesa passkey; the sandbox's by default. */
  shortcode?: string;
  passkey?: string;
  /** The merchant name the phone shows in the prompt and B2C status results carry. */
  businessName?: string;
  /** The customer's M-PESA PIN on the phone page. */
  pin?: string;
  /** When set, B2C and Transaction Status only accept this InitiatorName (otherwise Result 2001). */
  initiatorName?: string | undefined;
  /** With `privateKeyPem`, SecurityCredential must decrypt to this password (otherwise Result 2001). */
  initiatorPassword?: string | undefined;
  /** PEM private key matching the certificate the adapter encrypts SecurityCredential with. */
  privateKeyPem?: string | undefined;
  /** KES in the B2C utility account; a payment above what is left gets Result 1. */
  b2cUtilityBalance?: number;
  /** ReceiverPartyPublicName per MSISDN; other numbers get a name derived from the number. */
  customerNames?: Readonly<Record<string, string>>;
  /** Starting values of the run-time switches. */
  switches?: Partial<MpesaSwitches>;
  /** The clock, in epoch milliseconds: token expiry, prompt expiry and every timestamp. */
  now?: () => number;
  /** Fastify's logger option (used by `createMpesaSimulator` only): off by default. */
  logger?: FastifyServerOptions['logger'];
};

export const DEFAULT_MPESA_PIN = '1234';
export const DEFAULT_CALLBACK_DELAY_MS = 1000;
export const DEFAULT_PROMPT_TIMEOUT_MS = 60_000;

/** The switches of a simulator started without any: natural answers, callbacks after a second. */
export const DEFAULT_MPESA_SWITCHES: Readonly<MpesaSwitches> = {
  tpsLimit: null,
  quota: null,
  stkImmediateResultCode: null,
  stkImmediateResultMsisdns: null,
  maintenance: false,
  callbackDelayMs: DEFAULT_CALLBACK_DELAY_MS,
  duplicateCallbacks: false,
  dropCallbacks: false,
  promptTimeoutMs: DEFAULT_PROMPT_TIMEOUT_MS,
  autoApproveSuffix: null,
  forceStkResultCode: null,
  forceB2cResultCode: null,
  b2cQueueTimeout: false,
};
const DEFAULT_BUSINESS_NAME = 'SIMULATED MERCHANT';
const DEFAULT_UTILITY_BALANCE = 10_000_000;
/** Daraja's tokens live 3600 s and it announces 3599 (§1.1). */
const TOKEN_LIFETIME_MS = 3600 * 1000;
const EXPIRES_IN = '3599';
const B2C_ACCEPTED = 'Accept the service request successfully.';
const STK_ACCEPTED = 'Success. Request accepted for processing';
const CONTROL_PATH = '/__control/mpesa';
const STATE_PATH = '/__mpesa/state';

const CONTROL_KEYS = [
  'tpsLimit',
  'quota',
  'stkImmediateResultCode',
  'stkImmediateResultMsisdns',
  'maintenance',
  'b2cUtilityBalance',
  'callbackDelayMs',
  'duplicateCallbacks',
  'dropCallbacks',
  'promptTimeoutMs',
  'autoApproveSuffix',
  'forceStkResultCode',
  'forceB2cResultCode',
  'b2cQueueTimeout',
  'reset',
] as const;

/** `b2cUtilityBalance` sets the float (KES) Account Balance reports and B2C pays from; it is state, not a switch. */
type ControlBody = Partial<MpesaSwitches> & { reset?: boolean; b2cUtilityBalance?: number };

const controlBodySchema = {
  type: 'object',
  // Rejects a misspelt switch instead of silently ignoring it (Fastify strips unknown properties).
  propertyNames: { enum: CONTROL_KEYS },
  properties: {
    tpsLimit: { type: ['integer', 'null'], minimum: 1 },
    quota: { type: ['integer', 'null'], minimum: 0 },
    stkImmediateResultCode: { type: ['integer', 'null'] },
    stkImmediateResultMsisdns: {
      type: ['array', 'null'],
      items: { type: 'string', pattern: '^254\\d{9}$' },
    },
    maintenance: { type: 'boolean' },
    b2cUtilityBalance: { type: 'number', minimum: 0 },
    callbackDelayMs: { type: 'integer', minimum: 0 },
    duplicateCallbacks: { type: 'boolean' },
    dropCallbacks: { type: 'boolean' },
    promptTimeoutMs: { type: 'integer', minimum: 0 },
    autoApproveSuffix: { type: ['string', 'null'], pattern: '^\\d+$' },
    forceStkResultCode: { type: ['integer', 'null'] },
    forceB2cResultCode: { type: ['string', 'null'] },
    b2cQueueTimeout: { type: 'boolean' },
    reset: { type: 'boolean' },
  },
} as const;

function readBasicCredentials(
  authorization: string | undefined,
): { key: string; secret: string } | undefined {
  const match = /^Basic\s+(\S+)$/i.exec(authorization ?? '');
  if (match?.[1] === undefined) return undefined;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return undefined;
  return { key: decoded.slice(0, colon), secret: decoded.slice(colon + 1) };
}

function readBearerToken(authorization: string | undefined): string | undefined {
  return /^Bearer\s+(\S+)$/i.exec(authorization ?? '')?.[1];
}

function readForm(body: unknown, name: string): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const value: unknown = (body as Record<string, unknown>)[name];
  const first: unknown = Array.isArray(value) ? value[0] : value;
  return typeof first === 'string' ? first : undefined;
}

/**
 * Safaricom M-Pesa Daraja as a Fastify plugin, registered at the root so the simulator's address is the
 * Daraja base URL: OAuth, STK Push with its callback and query, B2C with its Result, Transaction Status,
 * a phone page that plays the customer, and `/__control/mpesa` plus `/__mpesa/state` for tests.
 */
export const mpesaSimulatorPlugin: FastifyPluginAsync<MpesaSimulatorOptions> = async (app, options) => {
  const now = options.now ?? Date.now;
  const credentials = {
    shortcode: options.shortcode ?? SANDBOX_SHORTCODE,
    passkey: options.passkey ?? SANDBOX_PASSKEY,
  };
  const businessName = options.businessName ?? DEFAULT_BUSINESS_NAME;
  const pin = options.pin ?? DEFAULT_MPESA_PIN;
  const customerNames = options.customerNames ?? {};
  const switches: MpesaSwitches = { ...DEFAULT_MPESA_SWITCHES, ...options.switches };
  const accounts = {
    utility: options.b2cUtilityBalance ?? DEFAULT_UTILITY_BALANCE,
    working: 1_199_371,
    chargesPaid: -1980,
  };
  const callbacks = createCallbackDispatcher(switches, app.log);
  const prompts = new Map<string, StkPrompt>();
  const promptTimers = new Map<string, NodeJS.Timeout>();
  const payments = new Map<string, B2cPayment>();
  const throttle = createShortcodeThrottle(switches, now);
  const pullRegistrations = new Map<string, string>();
  // Each request for a token invalidates the previous one (§1.1): one live token per app.
  let currentToken: { value: string; expiresAt: number } | undefined;

  await app.register(formbody);
  // Daraja reads only JSON: any other body arrives empty and fails on the first field, as its FAQ says
  // a missing content type does ("Invalid BusinessShortCode").
  app.addContentTypeParser('*', { parseAs: 'string' }, (_request, _body, done) => done(null, undefined));

  app.setErrorHandler<FastifyError>((error, request, reply) => {
    const statusCode = error.statusCode ?? 500;
    if (request.url.startsWith('/__')) return reply.code(statusCode).send({ error: error.message });
    if (statusCode < 500) {
      return sendDarajaError(reply, {
        httpStatus: 400,
        errorCode: '400.002.02',
        errorMessage: 'Bad Request',
      });
    }
    request.log.error({ err: error }, 'M-Pesa simulator failed');
    return sendDarajaError(reply, {
      httpStatus: 500,
      errorCode: '500.003.1001',
      errorMessage: 'Internal Server Error',
    });
  });

  app.addHook('onClose', async () => {
    callbacks.close();
    for (const timer of promptTimers.values()) clearTimeout(timer);
    promptTimers.clear();
  });

  /** Daraja answers a missing, unknown, replaced or expired token with 404.001.03. */
  function hasValidToken(request: FastifyRequest): boolean {
    const token = readBearerToken(request.headers.authorization);
    return currentToken !== undefined && token === currentToken.value && now() < currentToken.expiresAt;
  }

  /**
   * Daraja's gate before a request is processed: a valid token, then the shortcode's TPS ceiling and
   * quota (refused before processing, so safe to send again after a pause). Answers the refusal, if any.
   */
  function refuseAtGate(request: FastifyRequest, reply: FastifyReply, shortcode: string | undefined) {
    if (!hasValidToken(request)) return sendDarajaError(reply, INVALID_ACCESS_TOKEN);
    const refusal = throttle.admit(shortcode ?? '');
    return refusal === undefined ? undefined : sendDarajaError(reply, refusal);
  }

  // A maintenance window takes every Daraja endpoint down; the phone page and the test hooks stay up.
  app.addHook('onRequest', async (request, reply) => {
    if (!switches.maintenance || request.url.startsWith('/__') || request.url.startsWith('/phone')) return;
    return sendDarajaError(reply, UNDER_MAINTENANCE);
  });

  function completePrompt(prompt: StkPrompt, resultCode: number): void {
    if (prompt.status !== 'pending') return;
    const timer = promptTimers.get(prompt.checkoutRequestId);
    if (timer !== undefined) clearTimeout(timer);
    promptTimers.delete(prompt.checkoutRequestId);
    prompt.status = 'completed';
    prompt.resultCode = resultCode;
    prompt.resultDesc = describeStkResult(resultCode);
    prompt.completedAt = now();
    if (resultCode === 0) prompt.mpesaReceiptNumber = createReceiptNumber();
    callbacks.send({
      kind: 'stk-callback',
      url: prompt.callbackUrl,
      reference: prompt.checkoutRequestId,
      body: buildStkCallback(prompt, Number(formatDarajaTimestamp(prompt.completedAt))),
    });
  }

  function approvePrompt(prompt: StkPrompt): void {
    completePrompt(prompt, switches.forceStkResultCode ?? 0);
  }

  /** Times out prompts by the injected clock too, so a test can move time instead of waiting. */
  function expireDuePrompts(): void {
    const time = now();
    for (const prompt of prompts.values()) {
      if (prompt.status === 'pending' && time >= prompt.expiresAt) completePrompt(prompt, 1037);
    }
  }

  function findOpenPrompt(msisdn: string): StkPrompt | undefined {
    return [...prompts.values()].find(
      (prompt) => prompt.status === 'pending' && prompt.phoneNumber === msisdn,
    );
  }

  function findLastPrompt(msisdn: string): StkPrompt | undefined {
    return [...prompts.values()].filter((prompt) => prompt.phoneNumber === msisdn).at(-1);
  }

  function isInitiatorValid(initiatorName: string, securityCredential: string): boolean {
    if (options.initiatorName !== undefined && initiatorName !== options.initiatorName) return false;
    return isSecurityCredentialValid(securityCredential, {
      privateKeyPem: options.privateKeyPem,
      initiatorPassword: options.initiatorPassword,
    });
  }

  // ---- OAuth ----------------------------------------------------------------------------------------

  app.get('/oauth/v1/generate', async (request, reply) => {
    if (readForm(request.query, 'grant_type') !== 'client_credentials') {
      return sendDarajaError(reply, {
        httpStatus: 400,
        errorCode: '400.008.02',
        errorMessage: 'Invalid grant type passed',
      });
    }
    const presented = readBasicCredentials(request.headers.authorization);
    // The reference lists 400.008.01 "invalid authentication type"; Daraja gives the same answer to a
    // wrong key or secret, so a missing header, another scheme and wrong credentials share it.
    if (presented?.key !== options.consumerKey || presented.secret !== options.consumerSecret) {
      return sendDarajaError(reply, {
        httpStatus: 400,
        errorCode: '400.008.01',
        errorMessage: 'Invalid Authentication passed',
      });
    }
    currentToken = { value: createAccessToken(), expiresAt: now() + TOKEN_LIFETIME_MS };
    // expires_in is a STRING on the wire (§1.1 pitfall).
    return { access_token: currentToken.value, expires_in: EXPIRES_IN };
  });

  // ---- STK Push -------------------------------------------------------------------------------------

  app.post('/mpesa/stkpush/v1/processrequest', async (request, reply) => {
    const refused = refuseAtGate(request, reply, readText(request.body, 'BusinessShortCode'));
    if (refused) return refused;
    const parsed = parseStkPushRequest(request.body, credentials);
    if ('error' in parsed) return sendDarajaError(reply, parsed.error);
    const push = parsed.request;

    expireDuePrompts();
    if (findOpenPrompt(push.phoneNumber) !== undefined)
      return sendDarajaError(reply, UNABLE_TO_LOCK_SUBSCRIBER);

    const createdAt = now();
    let checkoutRequestId = createCheckoutRequestId(createdAt, push.phoneNumber);
    while (prompts.has(checkoutRequestId)) checkoutRequestId = `${checkoutRequestId}1`;
    const prompt: StkPrompt = {
      ...push,
      merchantRequestId: createRequestId(),
      checkoutRequestId,
      createdAt,
      expiresAt: createdAt + switches.promptTimeoutMs,
      status: 'pending',
    };
    prompts.set(checkoutRequestId, prompt);

    const suffix = switches.autoApproveSuffix;
    const immediate = switches.stkImmediateResultCode;
    if (
      immediate !== null &&
      (switches.stkImmediateResultMsisdns === null ||
        switches.stkImmediateResultMsisdns.includes(push.phoneNumber))
    ) {
      // Accepted, then failed before reaching the phone (1001 another session, 26 system busy).
      completePrompt(prompt, immediate);
    } else if (suffix !== null && suffix !== '' && push.phoneNumber.endsWith(suffix)) {
      approvePrompt(prompt);
    } else {
      const timer = setTimeout(() => completePrompt(prompt, 1037), switches.promptTimeoutMs);
      promptTimers.set(checkoutRequestId, timer);
    }

    return {
      MerchantRequestID: prompt.merchantRequestId,
      CheckoutRequestID: prompt.checkoutRequestId,
      ResponseCode: '0',
      ResponseDescription: STK_ACCEPTED,
      CustomerMessage: STK_ACCEPTED,
    };
  });

  app.post('/mpesa/stkpushquery/v1/query', async (request, reply) => {
    const refused = refuseAtGate(request, reply, readText(request.body, 'BusinessShortCode'));
    if (refused) return refused;
    const fieldProblem = checkStkFields(request.body);
    if (fieldProblem) return sendDarajaError(reply, fieldProblem);
    const checkoutRequestId = readText(request.body, 'CheckoutRequestID');
    if (!checkoutRequestId) return sendDarajaError(reply, invalidField('CheckoutRequestID'));
    const merchantProblem = checkStkMerchant(request.body, credentials);
    if (merchantProblem) return sendDarajaError(reply, merchantProblem);

    expireDuePrompts();
    const prompt = prompts.get(checkoutRequestId);
    if (prompt === undefined) return sendDarajaError(reply, invalidField('CheckoutRequestID'));
    prompt.queries = (prompt.queries ?? 0) + 1;
    // Until the customer has answered, the query is an ERROR envelope naming the checkout (§1.3).
    if (prompt.status === 'pending') {
      return sendDarajaError(reply, TRANSACTION_BEING_PROCESSED, prompt.checkoutRequestId);
    }
    return buildStkQueryResult(prompt);
  });

  // ---- The customer's phone -------------------------------------------------------------------------

  app.get('/phone', async (request, reply) => {
    expireDuePrompts();
    const raw = readForm(request.query, 'msisdn')?.replace(/\D/g, '');
    const msisdn = raw === undefined || raw === '' ? undefined : raw;
    const openNumbers = [
      ...new Set(
        [...prompts.values()]
          .filter((prompt) => prompt.status === 'pending')
          .map((prompt) => prompt.phoneNumber),
      ),
    ];
    const html = renderPhonePage({
      msisdn,
      openPrompt: msisdn === undefined ? undefined : findOpenPrompt(msisdn),
      lastPrompt: msisdn === undefined ? undefined : findLastPrompt(msisdn),
      openNumbers,
      businessName,
      nowMs: now(),
    });
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('x-frame-options', 'DENY')
      .header(
        'content-security-policy',
        "default-src 'none'; style-src 'unsafe-inline'; img-src data:; form-action 'self'",
      )
      .send(html);
  });

  app.post('/phone/answer', async (request, reply) => {
    expireDuePrompts();
    const checkoutRequestId = readForm(request.body, 'checkoutRequestId') ?? '';
    const prompt = prompts.get(checkoutRequestId);
    const action = readForm(request.body, 'action');
    // An answer to a prompt that already ended (timed out, answered in another tab) changes nothing.
    if (prompt?.status === 'pending') {
      if (action === 'cancel') completePrompt(prompt, 1032);
      else if (readForm(request.body, 'pin') === pin) approvePrompt(prompt);
      else completePrompt(prompt, 2001);
    }
    const msisdn = prompt?.phoneNumber ?? readForm(request.body, 'msisdn') ?? '';
    return reply.redirect(`/phone?msisdn=${encodeURIComponent(msisdn)}`, 303);
  });

  // ---- B2C ------------------------------------------------------------------------------------------

  async function answerB2c(request: FastifyRequest, reply: FastifyReply, version: 'v1' | 'v3') {
    const refused = refuseAtGate(request, reply, readText(request.body, 'PartyA'));
    if (refused) return refused;
    const parsed = parseB2cRequest(request.body, version);
    if ('error' in parsed) return sendDarajaError(reply, parsed.error);
    const b2c = parsed.request;
    const originatorConversationId = b2c.originatorConversationId ?? createRequestId();
    // v3 makes the merchant's id the guard against paying twice (§1.4).
    if (payments.has(originatorConversationId)) {
      return sendDarajaError(reply, DUPLICATE_ORIGINATOR_CONVERSATION_ID);
    }

    const createdAt = now();
    const resultCode = !isInitiatorValid(b2c.initiatorName, b2c.securityCredential)
      ? '2001'
      : (switches.forceB2cResultCode ?? (b2c.amount > accounts.utility ? '1' : '0'));
    const status = switches.b2cQueueTimeout ? 'queue-timeout' : resultCode === '0' ? 'completed' : 'failed';
    if (status === 'completed') accounts.utility -= b2c.amount;
    const payment: B2cPayment = {
      originatorConversationId,
      conversationId: createConversationId(createdAt),
      transactionId: createReceiptNumber(),
      initiatorName: b2c.initiatorName,
      commandId: b2c.commandId,
      amount: b2c.amount,
      partyA: b2c.partyA,
      partyB: b2c.partyB,
      remarks: b2c.remarks,
      queueTimeOutUrl: b2c.queueTimeOutUrl,
      resultUrl: b2c.resultUrl,
      occasion: b2c.occasion,
      status,
      resultCode,
      resultDesc: describeB2cResult(resultCode),
      receiverPartyPublicName: createReceiverPartyPublicName(b2c.partyB, customerNames),
      createdAt,
      utilityBalanceAfter: accounts.utility,
    };
    payments.set(originatorConversationId, payment);

    if (status === 'queue-timeout') {
      callbacks.send({
        kind: 'b2c-queue-timeout',
        url: payment.queueTimeOutUrl,
        reference: payment.conversationId,
        body: buildB2cQueueTimeout(payment),
      });
    } else {
      callbacks.send({
        kind: 'b2c-result',
        url: payment.resultUrl,
        reference: payment.conversationId,
        body: buildB2cResult(payment, createdAt, accounts),
      });
    }
    return {
      ConversationID: payment.conversationId,
      OriginatorConversationID: payment.originatorConversationId,
      ResponseCode: '0',
      ResponseDescription: B2C_ACCEPTED,
    };
  }

  app.post('/mpesa/b2c/v1/paymentrequest', (request, reply) => answerB2c(request, reply, 'v1'));
  app.post('/mpesa/b2c/v3/paymentrequest', (request, reply) => answerB2c(request, reply, 'v3'));

  /**
   * The asynchronous APIs' sync acknowledgement (Transaction Status, Account Balance): new conversation
   * ids, the Result built with them POSTed to ResultURL, and Daraja's "accepted" answer.
   */
  function acceptForResult(
    kind: 'status-result' | 'balance-result',
    resultUrl: string,
    build: (ids: { conversationId: string; originatorConversationId: string }) => unknown,
  ) {
    const ids = { conversationId: createConversationId(now()), originatorConversationId: createRequestId() };
    callbacks.send({ kind, url: resultUrl, reference: ids.conversationId, body: build(ids) });
    return {
      OriginatorConversationID: ids.originatorConversationId,
      ConversationID: ids.conversationId,
      ResponseCode: '0',
      ResponseDescription: B2C_ACCEPTED,
    };
  }

  // ---- Transaction Status ---------------------------------------------------------------------------

  app.post('/mpesa/transactionstatus/v1/query', async (request, reply) => {
    const refused = refuseAtGate(request, reply, readText(request.body, 'PartyA'));
    if (refused) return refused;
    const parsed = parseTransactionStatusRequest(request.body);
    if ('error' in parsed) return sendDarajaError(reply, parsed.error);
    const query = parsed.request;
    const payment = [...payments.values()].find(
      (candidate) =>
        (query.transactionId !== undefined && candidate.transactionId === query.transactionId) ||
        (query.originalConversationId !== undefined &&
          (candidate.originatorConversationId === query.originalConversationId ||
            candidate.conversationId === query.originalConversationId)),
    );
    return acceptForResult('status-result', query.resultUrl, (ids) =>
      buildTransactionStatusResult({
        payment,
        credentialsValid: isInitiatorValid(query.initiator, query.securityCredential),
        ...ids,
        occasion: query.occasion,
        businessName,
      }),
    );
  });

  // ---- Account Balance ------------------------------------------------------------------------------

  app.post('/mpesa/accountbalance/v1/query', async (request, reply) => {
    const refused = refuseAtGate(request, reply, readText(request.body, 'PartyA'));
    if (refused) return refused;
    const parsed = parseAccountBalanceRequest(request.body);
    if ('error' in parsed) return sendDarajaError(reply, parsed.error);
    const query = parsed.request;
    return acceptForResult('balance-result', query.resultUrl, (ids) =>
      buildAccountBalanceResult({
        credentialsValid: isInitiatorValid(query.initiator, query.securityCredential),
        accounts,
        ...ids,
        transactionId: createReceiptNumber(),
        completedAt: now(),
        queueTimeOutUrl: query.queueTimeOutUrl,
      }),
    );
  });

  // ---- Pull Transactions ----------------------------------------------------------------------------

  app.post('/pulltransactions/v1/register', async (request, reply) => {
    const refused = refuseAtGate(request, reply, readText(request.body, 'ShortCode'));
    if (refused) return refused;
    const parsed = parsePullRegister(request.body);
    if ('error' in parsed) return sendDarajaError(reply, parsed.error);
    pullRegistrations.set(parsed.shortCode, parsed.callbackUrl);
    return pullRegistered(parsed.shortCode, createRequestId());
  });

  /** The paybill's C2B payments: every STK prompt paid (ResultCode 0), callback or not. */
  function paidIntoShortcode(shortcode: string): PulledPayment[] {
    return [...prompts.values()]
      .filter(
        (prompt) =>
          prompt.businessShortCode === shortcode &&
          prompt.status === 'completed' &&
          prompt.resultCode === 0 &&
          prompt.mpesaReceiptNumber !== undefined,
      )
      .map((prompt) => ({
        receipt: prompt.mpesaReceiptNumber ?? '',
        completedAt: prompt.completedAt ?? prompt.createdAt,
        msisdn: prompt.phoneNumber,
        amount: prompt.amount,
        billReference: prompt.accountReference,
      }));
  }

  app.post('/pulltransactions/v1/query', async (request, reply) => {
    const refused = refuseAtGate(request, reply, readText(request.body, 'ShortCode'));
    if (refused) return refused;
    const parsed = parsePullQuery(request.body, now());
    if ('error' in parsed) return sendDarajaError(reply, parsed.error);
    // Daraja answers only shortcodes registered for Pull (once, at go-live).
    if (!pullRegistrations.has(parsed.query.shortCode)) {
      return sendDarajaError(reply, invalidField('ShortCode'));
    }
    expireDuePrompts();
    return buildPullResult(
      parsed.query,
      paidIntoShortcode(parsed.query.shortCode),
      businessName,
      createRequestId(),
    );
  });

  // ---- Test hooks -----------------------------------------------------------------------------------

  app.get(STATE_PATH, async () => {
    expireDuePrompts();
    return {
      prompts: [...prompts.values()],
      payments: [...payments.values()],
      callbacks: callbacks.list(),
      b2cUtilityAccountAvailableFunds: accounts.utility,
    };
  });

  app.get(CONTROL_PATH, async () => ({ ...switches }));

  app.post<{ Body: ControlBody }>(
    CONTROL_PATH,
    { schema: { body: controlBodySchema } },
    async (request, reply) => {
      const { reset, b2cUtilityBalance, ...changes } = request.body;
      if (b2cUtilityBalance !== undefined) accounts.utility = b2cUtilityBalance;
      if (
        changes.forceStkResultCode !== undefined &&
        changes.forceStkResultCode !== null &&
        !Object.hasOwn(STK_RESULT_DESCRIPTIONS, changes.forceStkResultCode)
      ) {
        return reply.code(400).send({ error: `Unknown STK ResultCode ${changes.forceStkResultCode}` });
      }
      const immediate = changes.stkImmediateResultCode;
      if (
        immediate !== undefined &&
        immediate !== null &&
        !Object.hasOwn(STK_RESULT_DESCRIPTIONS, immediate)
      ) {
        return reply.code(400).send({ error: `Unknown STK ResultCode ${immediate}` });
      }
      if (
        changes.forceB2cResultCode !== undefined &&
        changes.forceB2cResultCode !== null &&
        !Object.hasOwn(B2C_RESULT_DESCRIPTIONS, changes.forceB2cResultCode)
      ) {
        return reply.code(400).send({ error: `Unknown B2C ResultCode ${changes.forceB2cResultCode}` });
      }
      Object.assign(switches, changes);
      if (reset === true) {
        for (const timer of promptTimers.values()) clearTimeout(timer);
        promptTimers.clear();
        prompts.clear();
        payments.clear();
        callbacks.clear();
        throttle.clear();
      }
      return { ...switches };
    },
  );
};

/** A Fastify instance running only the Daraja simulator, not listening: `inject` it or `listen({ port: 0 })`. */
export function createMpesaSimulator(options: MpesaSimulatorOptions): FastifyInstance {
  const app = Fastify({ logger: options.logger ?? false });
  void app.register(mpesaSimulatorPlugin, options);
  return app;
}
