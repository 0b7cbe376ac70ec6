import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  type CallbackReceiver,
  PHONE,
  startCallbackReceiver,
  startMpesaSimulator,
  stkPushBody,
  type TestSimulator,
} from './mpesa-test-kit.ts';
import { SANDBOX_SHORTCODE } from './daraja-protocol.ts';
import { formatPullDate } from './peak-load.ts';

const PUSH = '/mpesa/stkpush/v1/processrequest';
const BALANCE = '/mpesa/accountbalance/v1/query';
const PULL_REGISTER = '/pulltransactions/v1/register';
const PULL_QUERY = '/pulltransactions/v1/query';

const open: FastifyInstance[] = [];
let receiver: CallbackReceiver;
beforeEach(async () => {
  receiver = await startCallbackReceiver();
});
afterEach(async () => {
  await Promise.all(open.splice(0).map((app) => app.close()));
  await receiver.close();
});

async function control(sim: TestSimulator, switches: Record<string, unknown>) {
  const response = await sim.app.inject({ method: 'POST', url: '/__control/mpesa', payload: switches });
  expect(response.statusCode, response.body).toBe(200);
}

function push(sim: TestSimulator, token: string, phone = PHONE, overrides: Record<string, unknown> = {}) {
  return sim.post(
    PUSH,
    stkPushBody(`${receiver.url}/stk`, { PartyA: phone, PhoneNumber: phone, ...overrides }),
    token,
  );
}

/** A distinct Safaricom number per index: the simulator refuses a second open prompt on one number. */
const phoneOf = (index: number) => `2547${String(10_000_000 + index).slice(-8)}`;

describe('the per-shortcode TPS ceiling', () => {
  it('answers 500.003.02 Spike Arrest beyond the ceiling within one second, and admits again the next', async () => {
    const sim = startMpesaSimulator({}, open);
    await control(sim, { tpsLimit: 3 });
    const token = await sim.token();
    const answers = [];
    for (let index = 0; index < 5; index += 1) answers.push(await push(sim, token, phoneOf(index)));
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 500, 500]);
    expect(answers[3]!.json()).toEqual({
      requestId: expect.any(String),
      errorCode: '500.003.02',
      errorMessage: 'Spike Arrest Violation',
    });
    // Refused before processing: no prompt was made for them.
    const state = await sim.app.inject({ method: 'GET', url: '/__mpesa/state' });
    expect(state.json().prompts).toHaveLength(3);

    sim.advance(1000);
    expect((await push(sim, token, phoneOf(3))).statusCode).toBe(200);
  });

  it('counts each shortcode apart', async () => {
    const sim = startMpesaSimulator({}, open);
    await control(sim, { tpsLimit: 1 });
    const token = await sim.token();
    expect((await push(sim, token, phoneOf(1))).statusCode).toBe(200);
    // Another shortcode's request (it fails on its merchant, after the gate, not on the ceiling).
    const other = await push(sim, token, phoneOf(2), { BusinessShortCode: '600999', PartyB: '600999' });
    expect(other.json().errorCode).not.toBe('500.003.02');
  });

  it('answers 500.003.03 Quota Violation once the quota is spent', async () => {
    const sim = startMpesaSimulator({}, open);
    await control(sim, { quota: 2 });
    const token = await sim.token();
    await push(sim, token, phoneOf(1));
    await push(sim, token, phoneOf(2));
    const third = await push(sim, token, phoneOf(3));
    expect(third.statusCode).toBe(500);
    expect(third.json()).toEqual({
      requestId: expect.any(String),
      errorCode: '500.003.03',
      errorMessage: 'Quota Violation',
    });
    await control(sim, { quota: null });
    expect((await push(sim, token, phoneOf(3))).statusCode).toBe(200);
  });
});

describe('STK results at peak', () => {
  it.each([
    [1001, 'Unable to lock subscriber, a transaction is already in process for the current subscriber'],
    [26, 'System busy. The service request is rejected.'],
  ])('accepts the push, then calls back at once with ResultCode %i', async (code, description) => {
    const sim = startMpesaSimulator({}, open);
    await control(sim, { stkImmediateResultCode: code, stkImmediateResultMsisdns: [PHONE] });
    const token = await sim.token();
    const accepted = await push(sim, token);
    expect(accepted.json().ResponseCode).toBe('0');
    const callback = await receiver.next();
    expect(callback.body).toEqual({
      Body: {
        stkCallback: {
          MerchantRequestID: accepted.json().MerchantRequestID,
          CheckoutRequestID: accepted.json().CheckoutRequestID,
          ResultCode: code,
          ResultDesc: description,
        },
      },
    });
    // Other numbers are prompted as usual.
    const other = await push(sim, token, phoneOf(7));
    const state = await sim.app.inject({ method: 'GET', url: '/__mpesa/state' });
    const prompt = state
      .json()
      .prompts.find(
        (p: { checkoutRequestId: string }) => p.checkoutRequestId === other.json().CheckoutRequestID,
      );
    expect(prompt.status).toBe('pending');
  });

  it('refuses an unknown ResultCode for the switch', async () => {
    const sim = startMpesaSimulator({}, open);
    const response = await sim.app.inject({
      method: 'POST',
      url: '/__control/mpesa',
      payload: { stkImmediateResultCode: 4242 },
    });
    expect(response.statusCode).toBe(400);
  });
});

describe('a maintenance window', () => {
  it('takes every Daraja endpoint down, OAuth included, and comes back', async () => {
    const sim = startMpesaSimulator({}, open);
    const token = await sim.token();
    await control(sim, { maintenance: true });
    const refused = await push(sim, token);
    expect(refused.statusCode).toBe(503);
    expect(refused.json()).toEqual({
      requestId: expect.any(String),
      errorCode: '500.003.1001',
      errorMessage: 'Service is under maintenance. Please try again later.',
    });
    const oauth = await sim.app.inject({
      method: 'GET',
      url: '/oauth/v1/generate?grant_type=client_credentials',
    });
    expect(oauth.statusCode).toBe(503);
    // The server's probe (Account Balance) and B2C get the same answer, and nothing is recorded.
    for (const path of [BALANCE, '/mpesa/b2c/v3/paymentrequest']) {
      const answer = await sim.post(path, {}, token);
      expect([answer.statusCode, answer.json().errorCode]).toEqual([503, '500.003.1001']);
    }
    const state = await sim.app.inject({ method: 'GET', url: '/__mpesa/state' });
    expect(state.statusCode).toBe(200);
    expect(state.json()).toMatchObject({ prompts: [], payments: [] });
    await control(sim, { maintenance: false });
    expect((await push(sim, token)).statusCode).toBe(200);
  });
});

describe('Pull Transactions', () => {
  it('lists the paybill’s paid payments of the window, callback or not, once registered', async () => {
    const sim = startMpesaSimulator({}, open);
    await control(sim, { autoApproveSuffix: '149', dropCallbacks: true });
    const token = await sim.token();
    const start = formatPullDate(Date.UTC(2024, 6, 10, 6, 0, 0));

    const unregistered = await sim.post(
      PULL_QUERY,
      { ShortCode: SANDBOX_SHORTCODE, StartDate: start, EndDate: start, OffSetValue: '0' },
      token,
    );
    expect(unregistered.statusCode).toBe(400);

    const registered = await sim.post(
      PULL_REGISTER,
      {
        ShortCode: SANDBOX_SHORTCODE,
        RequestType: 'Pull',
        NominatedNumber: '254722000000',
        CallBackURL: `${receiver.url}/pull`,
      },
      token,
    );
    expect(registered.json()).toEqual({
      ResponseRefID: expect.any(String),
      ResponseStatus: '1000',
      ShortCode: SANDBOX_SHORTCODE,
      ResponseDescription: 'ShortCode Registered Successfully',
    });

    await push(sim, token, PHONE, { Amount: 250, AccountReference: 'D00ABC123' });
    await push(sim, token, phoneOf(3)); // left unanswered: not a payment
    sim.advance(60_000);
    const end = formatPullDate(Date.UTC(2024, 6, 10, 7, 0, 0));
    const pulled = await sim.post(
      PULL_QUERY,
      { ShortCode: SANDBOX_SHORTCODE, StartDate: start, EndDate: end, OffSetValue: '0' },
      token,
    );
    expect(pulled.statusCode).toBe(200);
    expect(pulled.json()).toEqual({
      ResponseRefID: expect.any(String),
      ResponseCode: '1000',
      ResponseMessage: 'Success',
      Response: [
        [
          {
            transactionId: expect.stringMatching(/^[A-Z][A-Z0-9]{9}$/),
            trxDate: '2024-07-10 09:15:26',
            msisdn: Number(PHONE),
            sender: 'UNKNOWN',
            transactiontype: 'c2b-pay-bill-debit',
            billreference: 'D00ABC123',
            amount: '250',
            organizationname: 'SIMULATED MERCHANT',
          },
        ],
      ],
    });
  });

  it('refuses a window reaching further back than 48 hours', async () => {
    const sim = startMpesaSimulator({}, open);
    const token = await sim.token();
    await sim.post(
      PULL_REGISTER,
      { ShortCode: SANDBOX_SHORTCODE, RequestType: 'Pull', CallBackURL: `${receiver.url}/pull` },
      token,
    );
    const old = await sim.post(
      PULL_QUERY,
      {
        ShortCode: SANDBOX_SHORTCODE,
        StartDate: formatPullDate(Date.UTC(2024, 6, 7, 0, 0, 0)),
        EndDate: formatPullDate(Date.UTC(2024, 6, 10, 0, 0, 0)),
        OffSetValue: '0',
      },
      token,
    );
    expect(old.json()).toMatchObject({
      errorCode: '400.002.02',
      errorMessage: 'Bad Request - Invalid StartDate',
    });
  });
});

describe('Account Balance', () => {
  it('posts the B2C float to ResultURL in Daraja’s AccountBalance text', async () => {
    const sim = startMpesaSimulator({}, open);
    await control(sim, { b2cUtilityBalance: 49217 });
    const token = await sim.token();
    const accepted = await sim.post(
      BALANCE,
      {
        Initiator: 'testapi',
        SecurityCredential: Buffer.alloc(256, 7).toString('base64'),
        CommandID: 'AccountBalance',
        PartyA: '600992',
        IdentifierType: '4',
        Remarks: 'Float check',
        QueueTimeOutURL: `${receiver.url}/balance/timeout`,
        ResultURL: `${receiver.url}/balance/result`,
      },
      token,
    );
    expect(accepted.json()).toEqual({
      OriginatorConversationID: expect.any(String),
      ConversationID: expect.stringMatching(/^AG_/),
      ResponseCode: '0',
      ResponseDescription: 'Accept the service request successfully.',
    });
    const { path, body } = await receiver.next();
    expect(path).toBe('/balance/result');
    expect(body).toEqual({
      Result: {
        ResultType: 0,
        ResultCode: 0,
        ResultDesc: 'The service request is processed successfully.',
        OriginatorConversationID: accepted.json().OriginatorConversationID,
        ConversationID: accepted.json().ConversationID,
        TransactionID: expect.any(String),
        ResultParameters: {
          ResultParameter: [
            {
              Key: 'AccountBalance',
              Value:
                'Working Account|KES|1199371.00|1199371.00|0.00|0.00&Float Account|KES|0.00|0.00|0.00|0.00' +
                '&Utility Account|KES|49217.00|49217.00|0.00|0.00&Charges Paid Account|KES|-1980.00|-1980.00|0.00|0.00' +
                '&Organization Settlement Account|KES|0.00|0.00|0.00|0.00',
            },
            { Key: 'BOCompletedTime', Value: 20240710091526 },
          ],
        },
        ReferenceData: {
          ReferenceItem: { Key: 'QueueTimeoutURL', Value: `${receiver.url}/balance/timeout` },
        },
      },
    });
  });
});
