import { execFileSync } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inspect } from 'node:util';
import { createMpesaSimulator, type MpesaSwitches } from '@app/simulators/mpesa/mpesa-simulator';
import { type CallbackReceiver, startCallbackReceiver } from '@app/simulators/mpesa/mpesa-test-kit';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  parseB2cResult,
  parseStkCallback,
  parseTransactionStatusResult,
  STK_RESULT_MESSAGES,
} from './daraja-callbacks.ts';
import {
  createDarajaClient,
  createMemoryTokenStore,
  type DarajaClientOptions,
  formatDarajaTimestamp,
} from './daraja-client.ts';
import { certainlyNotProcessed, DarajaError } from './daraja-error.ts';

const CONSUMER_KEY = 'daraja-key';
const CONSUMER_SECRET = 'consumer-secret-9f3a7c';
const SHORTCODE = '174379';
const PASSKEY = 'passkey-bfb279f9aa9bdbcf158e97dd71a467cd';
const INITIATOR_NAME = 'testapi';
const INITIATOR_PASSWORD = 'Initiator-Pass-77!';
const B2C_SHORTCODE = '600992';
const PIN = '1234';
const SECRETS = [CONSUMER_SECRET, PASSKEY, INITIATOR_PASSWORD];

const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const publicKeyPem = publicKey.export({ type: 'spki', format: 'pem' }).toString();
const privateKeyPem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();

let time = Date.UTC(2024, 6, 10, 6, 15, 26);
let simulator: FastifyInstance;
let baseUrl: string;
let receiver: CallbackReceiver;

async function startSimulator(overrides: { privateKeyPem?: string } = {}) {
  simulator = createMpesaSimulator({
    consumerKey: CONSUMER_KEY,
    consumerSecret: CONSUMER_SECRET,
    shortcode: SHORTCODE,
    passkey: PASSKEY,
    pin: PIN,
    initiatorName: INITIATOR_NAME,
    initiatorPassword: INITIATOR_PASSWORD,
    privateKeyPem: overrides.privateKeyPem ?? privateKeyPem,
    customerNames: { '254705912645': 'NICHOLAS JOHN SONGOK' },
    switches: { callbackDelayMs: 0, autoApproveSuffix: '999' },
    now: () => time,
  });
  baseUrl = await simulator.listen({ port: 0, host: '127.0.0.1' });
}

beforeEach(async () => {
  time = Date.UTC(2024, 6, 10, 6, 15, 26);
  receiver = await startCallbackReceiver();
  await startSimulator();
});
afterEach(async () => {
  await simulator.close();
  await receiver.close();
});

/** The client under test, with a log of every URL path it fetched. */
function createClient(overrides: Partial<DarajaClientOptions> = {}) {
  const paths: string[] = [];
  const client = createDarajaClient({
    baseUrl,
    consumerKey: CONSUMER_KEY,
    consumerSecret: CONSUMER_SECRET,
    shortcode: SHORTCODE,
    passkey: PASSKEY,
    b2cShortcode: B2C_SHORTCODE,
    initiatorName: INITIATOR_NAME,
    initiatorPassword: INITIATOR_PASSWORD,
    certificatePem: publicKeyPem,
    now: () => time,
    fetch: (input, init) => {
      paths.push(new URL(String(input)).pathname);
      return fetch(input, init);
    },
    ...overrides,
  });
  const count = (path: string) => paths.filter((seen) => seen === path).length;
  return { client, paths, count };
}

const OAUTH = '/oauth/v1/generate';
const STK = '/mpesa/stkpush/v1/processrequest';

function push(phone: string, overrides: Record<string, unknown> = {}) {
  return {
    phone,
    amount: 10,
    accountReference: 'WS-12345',
    description: 'Deposit',
    callbackUrl: `${receiver.url}/stk`,
    ...overrides,
  };
}

async function setSwitches(switches: Partial<MpesaSwitches>): Promise<void> {
  const response = await fetch(`${baseUrl}/__control/mpesa`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(switches),
  });
  expect(response.status).toBe(200);
}

/** What the customer does on the simulator's phone page. */
async function answerPrompt(checkoutRequestId: string, answer: { pin: string } | 'cancel') {
  const form = new URLSearchParams({ checkoutRequestId });
  if (answer === 'cancel') form.set('action', 'cancel');
  else form.set('pin', answer.pin);
  const response = await fetch(`${baseUrl}/phone/answer`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: form.toString(),
    redirect: 'manual',
  });
  expect(response.status).toBe(303);
}

async function captureDarajaError(promise: Promise<unknown>): Promise<DarajaError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(DarajaError);
  return error as DarajaError;
}

function expectNoSecrets(error: unknown): void {
  const shown = [String(error), inspect(error), JSON.stringify(error), (error as Error).stack ?? ''].join(
    '\n',
  );
  for (const secret of SECRETS) expect(shown).not.toContain(secret);
  expect(shown).not.toContain(Buffer.from(`${CONSUMER_KEY}:${CONSUMER_SECRET}`).toString('base64'));
}

describe('OAuth token', () => {
  it('is minted once, reused until shortly before expiry, then renewed', async () => {
    const { client, count } = createClient();
    await client.stkPush(push('0708374999'));
    await client.stkPush(push('0711111999'));
    expect(count(OAUTH)).toBe(1);

    time += 3599 * 1000 - 70_000; // still comfortably valid
    await client.stkPush(push('0722222999'));
    expect(count(OAUTH)).toBe(1);

    time += 20_000; // inside the last minute: renewed before Daraja would refuse it
    await client.stkPush(push('0733333999'));
    expect(count(OAUTH)).toBe(2);
    expect(count(STK)).toBe(4);
  });

  it('accepts expires_in as a number too', async () => {
    let oauthCalls = 0;
    const { client } = createClient({
      fetch: async (input) => {
        if (new URL(String(input)).pathname === OAUTH) {
          oauthCalls += 1;
          return Response.json({ access_token: `token-${oauthCalls}`, expires_in: 3599 });
        }
        return Response.json({ ResponseCode: '0', ResultCode: '0', ResultDesc: 'ok' });
      },
    });
    await client.stkQuery('ws_CO_1');
    time += 3000 * 1000;
    await client.stkQuery('ws_CO_1');
    expect(oauthCalls).toBe(1);
    time += 600 * 1000;
    await client.stkQuery('ws_CO_1');
    expect(oauthCalls).toBe(2);
  });

  it('shares one token request between concurrent calls (each new token kills the last)', async () => {
    const { client, count } = createClient();
    await Promise.all([
      client.stkPush(push('0708374999')),
      client.stkPush(push('0711111999')),
      client.stkPush(push('0722222999')),
    ]);
    expect(count(OAUTH)).toBe(1);
  });

  it('clients sharing a token store (instances of one casino) mint once for all their calls', async () => {
    const tokenStore = createMemoryTokenStore();
    const instances = [
      createClient({ tokenStore }),
      createClient({ tokenStore }),
      createClient({ tokenStore }),
    ];
    await Promise.all(
      instances.flatMap(({ client }, index) => [
        client.stkPush(push(`07${index}8374999`)),
        client.b2cPayment({
          withdrawalId: `W-shared-${index}`,
          phone: '0705912645',
          amount: 10,
          remarks: 'Winnings',
          resultUrl: `${receiver.url}/b2c/result`,
          queueTimeoutUrl: `${receiver.url}/b2c/timeout`,
        }),
      ]),
    );
    const mints = instances.reduce((sum, { count }) => sum + count(OAUTH), 0);
    expect(mints).toBe(1);
  });

  it('after 404.001.03 leaves a newer token in the store alone', async () => {
    const tokenStore = createMemoryTokenStore();
    const { client } = createClient({ tokenStore });
    await client.stkPush(push('0708374999'));
    const used = await tokenStore.read();
    await tokenStore.renew(async () => ({ value: 'newer', expiresAt: time + 60_000 }));
    await tokenStore.dropIfCurrent(used!.value);
    expect((await tokenStore.read())?.value).toBe('newer');
    await tokenStore.dropIfCurrent('newer');
    expect(await tokenStore.read()).toBeUndefined();
  });

  it('after 404.001.03 fetches one new token and retries the call once', async () => {
    const { client, count } = createClient();
    await client.stkPush(push('0708374999'));
    // Someone else minting a token for the same app invalidates ours.
    const stolen = await fetch(`${baseUrl}${OAUTH}?grant_type=client_credentials`, {
      headers: {
        authorization: `Basic ${Buffer.from(`${CONSUMER_KEY}:${CONSUMER_SECRET}`).toString('base64')}`,
      },
    });
    expect(stolen.status).toBe(200);

    const accepted = await client.stkPush(push('0711111999'));
    expect(accepted.checkoutRequestId).toMatch(/^ws_CO_/);
    expect(count(OAUTH)).toBe(2);
    expect(count(STK)).toBe(3);
  });

  it('gives up with invalid-access-token when the new token is refused as well', async () => {
    const paths: string[] = [];
    const { client } = createClient({
      fetch: async (input) => {
        const path = new URL(String(input)).pathname;
        paths.push(path);
        if (path === OAUTH) return Response.json({ access_token: 'abc', expires_in: '3599' });
        return Response.json(
          { requestId: 'r-1', errorCode: '404.001.03', errorMessage: 'Invalid Access Token' },
          { status: 404 },
        );
      },
    });
    const error = await captureDarajaError(client.stkQuery('ws_CO_1'));
    expect(error).toMatchObject({
      kind: 'invalid-access-token',
      errorCode: '404.001.03',
      httpStatus: 404,
      requestId: 'r-1',
    });
    expect(paths).toEqual([OAUTH, '/mpesa/stkpushquery/v1/query', OAUTH, '/mpesa/stkpushquery/v1/query']);
  });

  it('reports wrong consumer credentials without quoting them', async () => {
    const { client } = createClient({ consumerKey: 'someone-else' });
    const error = await captureDarajaError(client.stkPush(push('0708374999')));
    expect(error).toMatchObject({
      kind: 'authentication-failed',
      errorCode: '400.008.01',
      operation: 'oauth',
    });
    expectNoSecrets(error);
  });
});

describe('STK push', () => {
  it('refuses a decimal amount, a long reference and a foreign number before calling Daraja', async () => {
    const { client, paths } = createClient();
    const decimal = await captureDarajaError(client.stkPush(push('0708374149', { amount: 10.5 })));
    expect(decimal.kind).toBe('invalid-amount');
    expect((await captureDarajaError(client.stkPush(push('0708374149', { amount: 0 })))).kind).toBe(
      'invalid-amount',
    );
    const reference = await captureDarajaError(
      client.stkPush(push('0708374149', { accountReference: 'WS-1234567890' })),
    );
    expect(reference.kind).toBe('invalid-input');
    expect((await captureDarajaError(client.stkPush(push('+255712345678')))).kind).toBe('invalid-msisdn');
    expect(paths).toEqual([]);
  });

  it('sends the Password and Kenyan Timestamp Daraja checks, and the callback reports the payment', async () => {
    const { client } = createClient();
    const accepted = await client.stkPush(push('+254 708 374 999'));
    expect(accepted).toEqual({
      merchantRequestId: expect.any(String),
      checkoutRequestId: expect.stringMatching(/^ws_CO_/),
      customerMessage: 'Success. Request accepted for processing',
    });

    const callback = await receiver.next();
    expect(callback.path).toBe('/stk');
    const parsed = parseStkCallback(callback.body);
    expect(parsed).toEqual({
      merchantRequestId: accepted.merchantRequestId,
      checkoutRequestId: accepted.checkoutRequestId,
      resultCode: 0,
      resultDesc: 'The service request is processed successfully.',
      paid: {
        amount: 10,
        receipt: expect.stringMatching(/^[A-Z][A-Z0-9]{9}$/),
        // 06:15:26 UTC is 09:15:26 in Nairobi.
        transactionDate: '20240710091526',
        phone: '254708374999',
      },
    });
    expect(await client.stkQuery(accepted.checkoutRequestId)).toEqual({
      state: 'final',
      resultCode: 0,
      resultDesc: 'The service request is processed successfully.',
    });
  });

  it('reports a cancelled prompt (1032) and a wrong PIN (2001)', async () => {
    const { client } = createClient();
    const cancelled = await client.stkPush(push('0712345678'));
    await answerPrompt(cancelled.checkoutRequestId, 'cancel');
    const cancelledCallback = parseStkCallback((await receiver.next()).body);
    expect(cancelledCallback).toEqual({
      merchantRequestId: cancelled.merchantRequestId,
      checkoutRequestId: cancelled.checkoutRequestId,
      resultCode: 1032,
      resultDesc: 'Request cancelled by user',
    });
    expect(STK_RESULT_MESSAGES[1032]).toContain('cancelled');

    const wrongPin = await client.stkPush(push('0712345678'));
    await answerPrompt(wrongPin.checkoutRequestId, { pin: '0000' });
    const wrongPinCallback = parseStkCallback((await receiver.next()).body);
    expect(wrongPinCallback).toMatchObject({
      checkoutRequestId: wrongPin.checkoutRequestId,
      resultCode: 2001,
    });
    expect(wrongPinCallback.paid).toBeUndefined();
  });

  it('is refused as subscriber-locked while a prompt is open on the phone', async () => {
    const { client } = createClient();
    await client.stkPush(push('0712345678'));
    const error = await captureDarajaError(client.stkPush(push('0712345678')));
    expect(error).toMatchObject({ kind: 'subscriber-locked', errorCode: '500.001.1001', httpStatus: 500 });
  });

  it('is refused (wrong credentials) with a wrong passkey, without quoting it', async () => {
    const { client } = createClient({ passkey: 'not-the-passkey-1234' });
    const error = await captureDarajaError(client.stkPush(push('0712345678')));
    expect(error).toMatchObject({ kind: 'rejected', errorCode: '500.001.1001' });
    expect(error.message).toContain('Wrong credentials');
    expect(error.message).not.toContain('not-the-passkey-1234');
  });

  it('is queried pending while the customer decides, then final', async () => {
    const { client } = createClient();
    const accepted = await client.stkPush(push('0712345678'));
    expect(await client.stkQuery(accepted.checkoutRequestId)).toEqual({ state: 'pending' });

    await answerPrompt(accepted.checkoutRequestId, { pin: PIN });
    expect(await client.stkQuery(accepted.checkoutRequestId)).toEqual({
      state: 'final',
      resultCode: 0,
      resultDesc: 'The service request is processed successfully.',
    });
  });

  it('is queried final with 1037 once the prompt times out on the simulated clock', async () => {
    const { client } = createClient();
    const accepted = await client.stkPush(push('0712345678'));
    time += 61_000;
    expect(await client.stkQuery(accepted.checkoutRequestId)).toMatchObject({
      state: 'final',
      resultCode: 1037,
    });
  });

  it('formats the Timestamp in Nairobi time across midnight', () => {
    expect(formatDarajaTimestamp(Date.UTC(2024, 11, 31, 21, 0, 5))).toBe('20250101000005');
  });
});

describe('B2C', () => {
  function withdrawal(overrides: Record<string, unknown> = {}) {
    return {
      withdrawalId: 'wd-0001',
      phone: '0705912645',
      amount: 10,
      remarks: 'Withdrawal',
      occasion: 'Winnings',
      resultUrl: `${receiver.url}/b2c/result`,
      queueTimeoutUrl: `${receiver.url}/b2c/timeout`,
      ...overrides,
    };
  }

  it('pays with an encrypted SecurityCredential; the Result gives receipt and receiver name', async () => {
    const { client } = createClient();
    const accepted = await client.b2cPayment(withdrawal());
    expect(accepted).toEqual({
      conversationId: expect.stringMatching(/^AG_/),
      originatorConversationId: 'wd-0001',
    });
    const callback = await receiver.next();
    expect(callback.path).toBe('/b2c/result');
    expect(parseB2cResult(callback.body)).toEqual({
      originatorConversationId: 'wd-0001',
      conversationId: accepted.conversationId,
      resultCode: '0',
      resultDesc: 'The service request is processed successfully.',
      transactionId: expect.stringMatching(/^[A-Z][A-Z0-9]{9}$/),
      receipt: expect.stringMatching(/^[A-Z][A-Z0-9]{9}$/),
      amount: 10,
      receiverName: 'NICHOLAS JOHN SONGOK',
      completedAt: '10.07.2024 09:15:26',
      timedOut: false,
    });
  });

  it('refuses a second payment with the same withdrawal id', async () => {
    const { client } = createClient();
    await client.b2cPayment(withdrawal());
    const error = await captureDarajaError(client.b2cPayment(withdrawal()));
    expect(error).toMatchObject({
      kind: 'duplicate-originator-conversation-id',
      errorCode: '500.002.1001',
      operation: 'b2c payment',
    });
  });

  it('refuses a decimal amount before calling Daraja', async () => {
    const { client, paths } = createClient();
    expect((await captureDarajaError(client.b2cPayment(withdrawal({ amount: 99.99 })))).kind).toBe(
      'invalid-amount',
    );
    expect(paths).toEqual([]);
  });

  it('tells a certain refusal (before sending, OAuth, a 4xx) from an answer that may come after payment (a 5xx)', async () => {
    const answering = (status: number, body: unknown) =>
      createClient({
        fetch: async (input, init) => {
          if (!String(input).includes('/mpesa/b2c/')) return fetch(input, init);
          return new Response(JSON.stringify(body), {
            status,
            headers: { 'content-type': 'application/json' },
          });
        },
      }).client;
    const refused = await captureDarajaError(
      answering(400, {
        requestId: 'r',
        errorCode: '400.002.02',
        errorMessage: 'Bad Request - Invalid PartyB',
      }).b2cPayment(withdrawal()),
    );
    expect(refused).toMatchObject({ kind: 'bad-request', httpStatus: 400 });
    expect(certainlyNotProcessed(refused)).toBe(true);
    // Daraja's envelope with a stated reason, on a 5xx: the request may have been acted on behind it.
    for (const [errorCode, message] of [
      ['500.001.1001', 'Internal Server Error'],
      ['500.003.02', 'Spike Arrest Violation'],
      ['500.002.1001', 'Duplicate OriginatorConversationID.'],
    ]) {
      const error = await captureDarajaError(
        answering(500, { requestId: 'r', errorCode, errorMessage: message }).b2cPayment(withdrawal()),
      );
      expect(error.httpStatus).toBe(500);
      expect(certainlyNotProcessed(error)).toBe(false);
    }
    const unreadable = await captureDarajaError(answering(502, 'gateway').b2cPayment(withdrawal()));
    expect(certainlyNotProcessed(unreadable)).toBe(false);
    const before = await captureDarajaError(createClient().client.b2cPayment(withdrawal({ amount: 0.5 })));
    expect(certainlyNotProcessed(before)).toBe(true);
    const token = await captureDarajaError(
      createClient({ consumerSecret: 'wrong-secret' }).client.b2cPayment(withdrawal()),
    );
    expect(token.operation).toBe('oauth');
    expect(certainlyNotProcessed(token)).toBe(true);
    expect(certainlyNotProcessed(new Error('anything else'))).toBe(false);
    // A maintenance window's answer is a kind of its own (payments pause on it); 500.003.1001 otherwise
    // stays an internal error that may have been acted on.
    const maintenance = await captureDarajaError(
      answering(503, {
        requestId: 'r',
        errorCode: '500.003.1001',
        errorMessage: 'Service is under maintenance. Please try again later.',
      }).b2cPayment(withdrawal()),
    );
    expect(maintenance).toMatchObject({ kind: 'under-maintenance', httpStatus: 503 });
    const internal = await captureDarajaError(
      answering(500, {
        requestId: 'r',
        errorCode: '500.003.1001',
        errorMessage: 'Internal Server Error',
      }).b2cPayment(withdrawal()),
    );
    expect(internal.kind).toBe('unavailable');
  });

  it('gets Result 2001 when the credential does not decrypt to the initiator password', async () => {
    const { client } = createClient({ initiatorPassword: 'another-password' });
    await client.b2cPayment(withdrawal());
    const result = parseB2cResult((await receiver.next()).body);
    expect(result).toMatchObject({ resultCode: '2001', timedOut: false });
    expect(result.receipt).toBeUndefined();
  });

  it('reads a queue timeout as timedOut', async () => {
    await setSwitches({ b2cQueueTimeout: true });
    const { client } = createClient();
    await client.b2cPayment(withdrawal({ withdrawalId: 'wd-0002' }));
    const callback = await receiver.next();
    expect(callback.path).toBe('/b2c/timeout');
    expect(parseB2cResult(callback.body, { source: 'queue-timeout' })).toMatchObject({
      originatorConversationId: 'wd-0002',
      timedOut: true,
    });
  });

  it('finds a payment again through Transaction Status', async () => {
    const { client } = createClient();
    await client.b2cPayment(withdrawal());
    const paid = parseB2cResult((await receiver.next()).body);

    const accepted = await client.transactionStatus({
      transactionId: paid.receipt,
      resultUrl: `${receiver.url}/status/result`,
      queueTimeoutUrl: `${receiver.url}/status/timeout`,
    });
    expect(accepted.conversationId).toMatch(/^AG_/);
    const callback = await receiver.next();
    expect(callback.path).toBe('/status/result');
    expect(parseTransactionStatusResult(callback.body)).toMatchObject({
      resultCode: '0',
      timedOut: false,
      transaction: {
        status: 'Completed',
        receipt: paid.receipt,
        amount: 10,
        originatorConversationId: 'wd-0001',
      },
    });

    await client.transactionStatus({
      originatorConversationId: 'wd-0001',
      resultUrl: `${receiver.url}/status/result`,
      queueTimeoutUrl: `${receiver.url}/status/timeout`,
    });
    expect(parseTransactionStatusResult((await receiver.next()).body).transaction?.receipt).toBe(
      paid.receipt,
    );
  });

  it('accepts an X.509 certificate PEM (Safaricom issues one; made here with the openssl CLI)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'daraja-cert-'));
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-keyout',
        join(dir, 'key.pem'),
        '-out',
        join(dir, 'cert.pem'),
        '-days',
        '1',
        '-subj',
        '/CN=daraja-test',
      ],
      { stdio: 'ignore' },
    );
    try {
      await simulator.close();
      await startSimulator({ privateKeyPem: readFileSync(join(dir, 'key.pem'), 'utf8') });
      const certificatePem = readFileSync(join(dir, 'cert.pem'), 'utf8');
      expect(certificatePem).toContain('BEGIN CERTIFICATE');
      const { client } = createClient({ certificatePem });
      await client.b2cPayment(withdrawal({ withdrawalId: 'wd-cert' }));
      expect(parseB2cResult((await receiver.next()).body).resultCode).toBe('0');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses an unusable certificate at creation', () => {
    let caught: unknown;
    try {
      createClient({ certificatePem: 'not a pem' });
    } catch (error) {
      caught = error;
    }
    expect(caught).toMatchObject({ kind: 'misconfigured' });
  });
});

describe('errors never carry secrets', () => {
  it('redacts secrets even if Daraja echoes them, and on timeouts and network errors', async () => {
    const { client: echoing } = createClient({
      fetch: async (input) => {
        if (new URL(String(input)).pathname === OAUTH)
          return Response.json({ access_token: 'a', expires_in: '3599' });
        return Response.json(
          { requestId: 'r', errorCode: '400.002.02', errorMessage: `Bad Request - ${SECRETS.join(' ')}` },
          { status: 400 },
        );
      },
    });
    const echoed = await captureDarajaError(
      echoing.b2cPayment({
        withdrawalId: 'wd-9',
        phone: '0705912645',
        amount: 10,
        remarks: 'Withdrawal',
        resultUrl: `${receiver.url}/r`,
        queueTimeoutUrl: `${receiver.url}/t`,
      }),
    );
    expect(echoed.kind).toBe('bad-request');
    expectNoSecrets(echoed);

    const { client: slow } = createClient({
      timeoutMs: 20,
      fetch: (_input, init) =>
        new Promise((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(init.signal?.reason as Error));
        }),
    });
    const timedOut = await captureDarajaError(slow.stkPush(push('0708374149')));
    expect(timedOut).toMatchObject({ kind: 'unavailable', operation: 'oauth' });
    expect(timedOut.message).toContain('timed out');
    expectNoSecrets(timedOut);

    await simulator.close();
    const { client: unreachable } = createClient();
    const refused = await captureDarajaError(unreachable.stkQuery('ws_CO_1'));
    expect(refused.kind).toBe('unavailable');
    expectNoSecrets(refused);
    await startSimulator();
  });
});
