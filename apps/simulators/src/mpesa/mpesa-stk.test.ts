import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  type CallbackReceiver,
  CONSUMER_KEY,
  CONSUMER_SECRET,
  PHONE,
  startCallbackReceiver,
  startMpesaSimulator,
  stkPushBody,
  TIMESTAMP,
  type TestSimulator,
} from './mpesa-test-kit.ts';
import { createStkPassword, SANDBOX_PASSKEY, SANDBOX_SHORTCODE } from './daraja-protocol.ts';

const PUSH = '/mpesa/stkpush/v1/processrequest';
const QUERY = '/mpesa/stkpushquery/v1/query';

const open: FastifyInstance[] = [];
let receiver: CallbackReceiver;
beforeEach(async () => {
  receiver = await startCallbackReceiver();
});
afterEach(async () => {
  await Promise.all(open.splice(0).map((app) => app.close()));
  await receiver.close();
});

function basic(key: string, secret: string) {
  return `Basic ${Buffer.from(`${key}:${secret}`).toString('base64')}`;
}

async function push(sim: TestSimulator, token: string, overrides: Record<string, unknown> = {}) {
  return sim.post(PUSH, stkPushBody(`${receiver.url}/stk`, overrides), token);
}

function answer(sim: TestSimulator, checkoutRequestId: string, form: Record<string, string>) {
  return sim.app.inject({
    method: 'POST',
    url: '/phone/answer',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ checkoutRequestId, msisdn: PHONE, ...form }).toString(),
  });
}

function query(sim: TestSimulator, token: string, checkoutRequestId: string) {
  return sim.post(
    QUERY,
    {
      BusinessShortCode: SANDBOX_SHORTCODE,
      Password: createStkPassword(SANDBOX_SHORTCODE, SANDBOX_PASSKEY, TIMESTAMP),
      Timestamp: TIMESTAMP,
      CheckoutRequestID: checkoutRequestId,
    },
    token,
  );
}

describe('OAuth', () => {
  it('issues a token with expires_in as a string, and each new token invalidates the last', async () => {
    const sim = startMpesaSimulator({}, open);
    const response = await sim.app.inject({
      method: 'GET',
      url: '/oauth/v1/generate?grant_type=client_credentials',
      headers: { authorization: basic(CONSUMER_KEY, CONSUMER_SECRET) },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      access_token: expect.stringMatching(/^[A-Za-z0-9]{28}$/),
      expires_in: '3599',
    });
    const first: string = response.json().access_token;
    const second = await sim.token();

    const stale = await push(sim, first);
    expect(stale.statusCode).toBe(404);
    expect(stale.json()).toEqual({
      requestId: expect.any(String),
      errorCode: '404.001.03',
      errorMessage: 'Invalid Access Token',
    });
    expect((await push(sim, second)).statusCode).toBe(200);
    expect((await sim.post(PUSH, stkPushBody(receiver.url))).statusCode).toBe(404);
  });

  it('expires a token after an hour by the clock', async () => {
    const sim = startMpesaSimulator({}, open);
    const token = await sim.token();
    sim.advance(3600 * 1000);
    expect((await push(sim, token)).json().errorCode).toBe('404.001.03');
  });

  it('refuses a wrong grant type and wrong credentials with 400', async () => {
    const sim = startMpesaSimulator({}, open);
    const wrongGrant = await sim.app.inject({
      method: 'GET',
      url: '/oauth/v1/generate?grant_type=password',
      headers: { authorization: basic(CONSUMER_KEY, CONSUMER_SECRET) },
    });
    expect(wrongGrant.statusCode).toBe(400);
    expect(wrongGrant.json()).toMatchObject({ errorCode: '400.008.02' });
    for (const authorization of [basic(CONSUMER_KEY, 'nope'), 'Bearer x', undefined]) {
      const response = await sim.app.inject({
        method: 'GET',
        url: '/oauth/v1/generate?grant_type=client_credentials',
        headers: authorization === undefined ? {} : { authorization },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ errorCode: '400.008.01' });
    }
  });
});

describe('STK Push', () => {
  it('accepts a push with ResponseCode "0" and shows it on the phone', async () => {
    const sim = startMpesaSimulator({}, open);
    const response = await push(sim, await sim.token());
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      MerchantRequestID: expect.stringMatching(/^\d+-\d+-1$/),
      CheckoutRequestID: expect.stringMatching(/^ws_CO_\d+708374149$/),
      ResponseCode: '0',
      ResponseDescription: 'Success. Request accepted for processing',
      CustomerMessage: 'Success. Request accepted for processing',
    });
    const page = await sim.app.inject({ method: 'GET', url: `/phone?msisdn=${PHONE}` });
    expect(page.body).toContain('Pay KES 10 to SIMULATED MERCHANT Account no. WS-12345? Enter M-PESA PIN');
  });

  it.each([
    [{ BusinessShortCode: 'abc' }, 'Bad Request - Invalid BusinessShortCode'],
    [{ Timestamp: '20241340000000' }, 'Bad Request - Invalid Timestamp'],
    [{ TransactionType: 'CustomerPay' }, 'Bad Request - Invalid TransactionType'],
    [{ Amount: 10.5 }, 'Bad Request - Invalid Amount'],
    [{ Amount: 0 }, 'Bad Request - Invalid Amount'],
    [{ PartyA: '0708374149' }, 'Bad Request - Invalid PartyA'],
    [{ PhoneNumber: '+254708374149' }, 'Bad Request - Invalid PhoneNumber'],
    [{ CallBackURL: ' https://example.com/cb' }, 'Bad Request - Invalid CallBackURL'],
    [{ AccountReference: 'ACCOUNT-12345' }, 'Bad Request - Invalid AccountReference'],
    [{ TransactionDesc: 'a description that is long' }, 'Bad Request - Invalid TransactionDesc'],
  ])('answers 400.002.02 for %o', async (override, message) => {
    const sim = startMpesaSimulator({}, open);
    const response = await push(sim, await sim.token(), override);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      requestId: expect.any(String),
      errorCode: '400.002.02',
      errorMessage: message,
    });
  });

  it('answers "Invalid BusinessShortCode" to a body that is not JSON', async () => {
    const sim = startMpesaSimulator({}, open);
    const token = await sim.token();
    const response = await sim.app.inject({
      method: 'POST',
      url: PUSH,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'text/plain' },
      payload: JSON.stringify(stkPushBody(receiver.url)),
    });
    expect(response.json().errorMessage).toBe('Bad Request - Invalid BusinessShortCode');
  });

  it('checks the password against the passkey and the shortcode against the merchant', async () => {
    const sim = startMpesaSimulator({}, open);
    const token = await sim.token();
    const wrong = await push(sim, token, {
      Password: createStkPassword(SANDBOX_SHORTCODE, 'another-passkey', TIMESTAMP),
    });
    expect(wrong.statusCode).toBe(500);
    expect(wrong.json()).toMatchObject({ errorCode: '500.001.1001', errorMessage: 'Wrong credentials' });
    // The same password with another timestamp is wrong too: both must come from the same value.
    const skewed = await push(sim, token, { Timestamp: '20240710091527' });
    expect(skewed.json().errorMessage).toBe('Wrong credentials');
    const unknown = await push(sim, token, { BusinessShortCode: '600000' });
    expect(unknown.json()).toMatchObject({
      errorCode: '500.001.1001',
      errorMessage: 'Merchant does not exist',
    });
  });

  it('locks the subscriber while a prompt is open', async () => {
    const sim = startMpesaSimulator({}, open);
    const token = await sim.token();
    const first = (await push(sim, token)).json().CheckoutRequestID as string;
    const locked = await push(sim, token);
    expect(locked.statusCode).toBe(500);
    expect(locked.json()).toMatchObject({
      errorCode: '500.001.1001',
      errorMessage:
        'Unable to lock subscriber, a transaction is already in process for the current subscriber',
    });
    expect((await push(sim, token, { PhoneNumber: '254711000000' })).statusCode).toBe(200);
    await answer(sim, first, { action: 'cancel' });
    expect((await push(sim, token)).statusCode).toBe(200);
  });
});

describe('STK outcomes', () => {
  it('a correct PIN: the callback carries the metadata, the query is "being processed" until then', async () => {
    const sim = startMpesaSimulator({}, open);
    const token = await sim.token();
    const accepted = (await push(sim, token)).json();
    const checkoutRequestId: string = accepted.CheckoutRequestID;

    const pending = await query(sim, token, checkoutRequestId);
    expect(pending.statusCode).toBe(500);
    expect(pending.json()).toEqual({
      requestId: checkoutRequestId,
      errorCode: '500.001.1001',
      errorMessage: 'The transaction is being processed',
    });

    const callback = receiver.next();
    const redirect = await answer(sim, checkoutRequestId, { action: 'ok', pin: '1234' });
    expect(redirect.statusCode).toBe(303);
    expect(redirect.headers.location).toBe(`/phone?msisdn=${PHONE}`);
    const { path, body } = await callback;
    expect(path).toBe('/stk');
    expect(body).toEqual({
      Body: {
        stkCallback: {
          MerchantRequestID: accepted.MerchantRequestID,
          CheckoutRequestID: checkoutRequestId,
          ResultCode: 0,
          ResultDesc: 'The service request is processed successfully.',
          CallbackMetadata: {
            Item: [
              { Name: 'Amount', Value: 10 },
              { Name: 'MpesaReceiptNumber', Value: expect.stringMatching(/^[A-Z][A-Z0-9]{9}$/) },
              { Name: 'Balance' },
              // 06:15:26 UTC is 09:15:26 in Nairobi.
              { Name: 'TransactionDate', Value: 20240710091526 },
              { Name: 'PhoneNumber', Value: 254708374149 },
            ],
          },
        },
      },
    });

    const final = await query(sim, token, checkoutRequestId);
    expect(final.statusCode).toBe(200);
    expect(final.json()).toEqual({
      ResponseCode: '0',
      ResponseDescription: 'The service request has been accepted successfully',
      MerchantRequestID: accepted.MerchantRequestID,
      CheckoutRequestID: checkoutRequestId,
      ResultCode: '0',
      ResultDesc: 'The service request is processed successfully.',
    });
  });

  it.each([
    [{ action: 'ok', pin: '9999' }, 2001, 'The initiator information is invalid.'],
    [{ action: 'cancel' }, 1032, 'Request cancelled by user'],
  ])('answer %o gives ResultCode %i without metadata', async (form, code, desc) => {
    const sim = startMpesaSimulator({}, open);
    const token = await sim.token();
    const checkoutRequestId: string = (await push(sim, token)).json().CheckoutRequestID;
    const callback = receiver.next();
    await answer(sim, checkoutRequestId, form);
    expect(((await callback).body as { Body: { stkCallback: unknown } }).Body.stkCallback).toEqual({
      MerchantRequestID: expect.any(String),
      CheckoutRequestID: checkoutRequestId,
      ResultCode: code,
      ResultDesc: desc,
    });
    expect((await query(sim, token, checkoutRequestId)).json()).toMatchObject({ ResultCode: String(code) });
  });

  it('times out an unanswered prompt with 1037 when the clock passes the prompt timeout', async () => {
    const sim = startMpesaSimulator({ switches: { promptTimeoutMs: 60_000 } }, open);
    const token = await sim.token();
    const checkoutRequestId: string = (await push(sim, token)).json().CheckoutRequestID;
    sim.advance(59_000);
    expect((await query(sim, token, checkoutRequestId)).statusCode).toBe(500);
    const callback = receiver.next();
    sim.advance(1_000);
    expect((await query(sim, token, checkoutRequestId)).json()).toMatchObject({
      ResultCode: '1037',
      ResultDesc: 'DS timeout user cannot be reached',
    });
    expect((await callback).body).toMatchObject({ Body: { stkCallback: { ResultCode: 1037 } } });
  });

  it('times out by its own timer too', async () => {
    const sim = startMpesaSimulator({ switches: { promptTimeoutMs: 5 } }, open);
    const callback = receiver.next();
    await push(sim, await sim.token());
    expect((await callback).body).toMatchObject({ Body: { stkCallback: { ResultCode: 1037 } } });
  });

  it('auto-approves numbers with the configured suffix, and only when configured', async () => {
    const sim = startMpesaSimulator({ switches: { autoApproveSuffix: '149' } }, open);
    const token = await sim.token();
    const callback = receiver.next();
    await push(sim, token);
    expect((await callback).body).toMatchObject({ Body: { stkCallback: { ResultCode: 0 } } });
    expect((await push(sim, token, { PhoneNumber: '254711000000' })).statusCode).toBe(200);
    const state = (await sim.app.inject({ method: 'GET', url: '/__mpesa/state' })).json();
    expect(state.prompts.map((prompt: { status: string }) => prompt.status)).toEqual([
      'completed',
      'pending',
    ]);
  });

  it('forces another result for a correct PIN, e.g. 1 (insufficient balance)', async () => {
    const sim = startMpesaSimulator({}, open);
    await sim.app.inject({ method: 'POST', url: '/__control/mpesa', payload: { forceStkResultCode: 1 } });
    const checkoutRequestId: string = (await push(sim, await sim.token())).json().CheckoutRequestID;
    const callback = receiver.next();
    await answer(sim, checkoutRequestId, { action: 'ok', pin: '1234' });
    expect((await callback).body).toMatchObject({
      Body: {
        stkCallback: { ResultCode: 1, ResultDesc: 'The balance is insufficient for the transaction.' },
      },
    });
  });
});

describe('callback switches', () => {
  it('sends every callback twice with duplicateCallbacks', async () => {
    const sim = startMpesaSimulator({ switches: { duplicateCallbacks: true } }, open);
    const checkoutRequestId: string = (await push(sim, await sim.token())).json().CheckoutRequestID;
    const first = receiver.next();
    const second = receiver.next();
    await answer(sim, checkoutRequestId, { action: 'cancel' });
    expect((await first).body).toEqual((await second).body);
    const state = (await sim.app.inject({ method: 'GET', url: '/__mpesa/state' })).json();
    expect(state.callbacks[0]).toMatchObject({ kind: 'stk-callback', status: 'delivered', posts: 2 });
  });

  it('never sends with dropCallbacks, while the query still tells the outcome', async () => {
    const sim = startMpesaSimulator({}, open);
    const control = await sim.app.inject({
      method: 'POST',
      url: '/__control/mpesa',
      payload: { dropCallbacks: true },
    });
    expect(control.json()).toMatchObject({ dropCallbacks: true, duplicateCallbacks: false });
    const token = await sim.token();
    const dropped: string = (await push(sim, token)).json().CheckoutRequestID;
    await answer(sim, dropped, { action: 'ok', pin: '1234' });
    expect((await query(sim, token, dropped)).json()).toMatchObject({ ResultCode: '0' });

    // The next callback that is sent is the first the receiver sees: the dropped one never came.
    await sim.app.inject({ method: 'POST', url: '/__control/mpesa', payload: { dropCallbacks: false } });
    const delivered: string = (await push(sim, token)).json().CheckoutRequestID;
    const callback = receiver.next();
    await answer(sim, delivered, { action: 'cancel' });
    expect((await callback).body).toMatchObject({ Body: { stkCallback: { CheckoutRequestID: delivered } } });
    // The receiver has answered before the simulator records it: poll the record.
    await expect
      .poll(async () => {
        const state = (await sim.app.inject({ method: 'GET', url: '/__mpesa/state' })).json();
        return state.callbacks.map((record: { status: string }) => record.status);
      })
      .toEqual(['dropped', 'delivered']);
  });

  it('rejects an unknown switch or an unknown result code', async () => {
    const sim = startMpesaSimulator({}, open);
    for (const payload of [{ dropCallback: true }, { forceStkResultCode: 42 }, { forceB2cResultCode: 'X' }]) {
      expect((await sim.app.inject({ method: 'POST', url: '/__control/mpesa', payload })).statusCode).toBe(
        400,
      );
    }
  });
});

describe('phone page', () => {
  it('escapes what the merchant sent and refreshes itself', async () => {
    const sim = startMpesaSimulator({ businessName: 'Shop <b>&</b>' }, open);
    await push(sim, await sim.token(), { AccountReference: '<script>"x' });
    const page = await sim.app.inject({ method: 'GET', url: `/phone?msisdn=${PHONE}` });
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('Shop &lt;b&gt;&amp;&lt;/b&gt;');
    expect(page.body).toContain('Account no. &lt;script&gt;&quot;x?');
    expect(page.body).not.toContain('<script>');
    expect(page.body).not.toContain('<b>');
    // With a prompt open the page reloads when it would time out, not every 2 s over a PIN being typed.
    expect(page.body).toContain('<meta http-equiv="refresh" content="61">');

    const idle = await sim.app.inject({ method: 'GET', url: '/phone?msisdn=254711000000' });
    expect(idle.body).toContain('<meta http-equiv="refresh" content="2">');
    expect(idle.body).toContain('No M-PESA prompt');
    const overview = await sim.app.inject({ method: 'GET', url: '/phone' });
    expect(overview.body).toContain(`href="/phone?msisdn=${PHONE}"`);
  });
});
