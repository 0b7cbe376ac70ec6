import { constants, generateKeyPairSync, publicEncrypt } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  type CallbackReceiver,
  startCallbackReceiver,
  startMpesaSimulator,
  type TestSimulator,
} from './mpesa-test-kit.ts';

const B2C = '/mpesa/b2c/v3/paymentrequest';
const STATUS = '/mpesa/transactionstatus/v1/query';
const INITIATOR_PASSWORD = 'Safaricom999!*!';

const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const privateKeyPem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();

/** What the adapter does with Safaricom's certificate (§1.4): RSA PKCS#1 v1.5, base64. */
function encryptCredential(password: string): string {
  return publicEncrypt(
    { key: publicKey, padding: constants.RSA_PKCS1_PADDING },
    Buffer.from(password),
  ).toString('base64');
}

const open: FastifyInstance[] = [];
let receiver: CallbackReceiver;
beforeEach(async () => {
  receiver = await startCallbackReceiver();
});
afterEach(async () => {
  await Promise.all(open.splice(0).map((app) => app.close()));
  await receiver.close();
});

function start(options: Parameters<typeof startMpesaSimulator>[0] = {}): TestSimulator {
  return startMpesaSimulator(
    {
      initiatorName: 'testapi',
      initiatorPassword: INITIATOR_PASSWORD,
      privateKeyPem,
      customerNames: { '254705912645': 'NICHOLAS JOHN SONGOK' },
      ...options,
    },
    open,
  );
}

function b2cBody(overrides: Record<string, unknown> = {}) {
  return {
    OriginatorConversationID: 'wd-0001',
    InitiatorName: 'testapi',
    SecurityCredential: encryptCredential(INITIATOR_PASSWORD),
    CommandID: 'BusinessPayment',
    Amount: '10',
    PartyA: '600992',
    PartyB: '254705912645',
    Remarks: 'Withdrawal',
    QueueTimeOutURL: `${receiver.url}/b2c/timeout`,
    ResultURL: `${receiver.url}/b2c/result`,
    Occassion: 'Winnings',
    ...overrides,
  };
}

describe('B2C', () => {
  it('accepts, then POSTs a Result with the receipt and the receiver public name', async () => {
    const sim = start({ b2cUtilityBalance: 1000 });
    const token = await sim.token();
    const result = receiver.next();
    const response = await sim.post(B2C, b2cBody(), token);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      ConversationID: expect.stringMatching(/^AG_20240710_[0-9a-f]{20}$/),
      OriginatorConversationID: 'wd-0001',
      ResponseCode: '0',
      ResponseDescription: 'Accept the service request successfully.',
    });
    const { path, body } = await result;
    expect(path).toBe('/b2c/result');
    expect(body).toEqual({
      Result: {
        ResultType: 0,
        ResultCode: 0,
        ResultDesc: 'The service request is processed successfully.',
        OriginatorConversationID: 'wd-0001',
        ConversationID: response.json().ConversationID,
        TransactionID: expect.stringMatching(/^[A-Z][A-Z0-9]{9}$/),
        ResultParameters: {
          ResultParameter: [
            { Key: 'TransactionAmount', Value: 10 },
            { Key: 'TransactionReceipt', Value: expect.stringMatching(/^[A-Z][A-Z0-9]{9}$/) },
            { Key: 'ReceiverPartyPublicName', Value: '254705912645 - NICHOLAS JOHN SONGOK' },
            { Key: 'TransactionCompletedDateTime', Value: '10.07.2024 09:15:26' },
            { Key: 'B2CUtilityAccountAvailableFunds', Value: 990 },
            { Key: 'B2CWorkingAccountAvailableFunds', Value: expect.any(Number) },
            { Key: 'B2CRecipientIsRegisteredCustomer', Value: 'Y' },
            { Key: 'B2CChargesPaidAccountAvailableFunds', Value: expect.any(Number) },
          ],
        },
        ReferenceData: { ReferenceItem: { Key: 'QueueTimeoutURL', Value: `${receiver.url}/b2c/timeout` } },
      },
    });
  });

  it('refuses a duplicate OriginatorConversationID with 500.002.1001', async () => {
    const sim = start();
    const token = await sim.token();
    expect((await sim.post(B2C, b2cBody(), token)).statusCode).toBe(200);
    const duplicate = await sim.post(B2C, b2cBody(), token);
    expect(duplicate.statusCode).toBe(500);
    expect(duplicate.json()).toEqual({
      requestId: expect.any(String),
      errorCode: '500.002.1001',
      errorMessage: 'Duplicate OriginatorConversationID.',
    });
  });

  it('validates the request synchronously', async () => {
    const sim = start();
    const token = await sim.token();
    const cases: [Record<string, unknown>, string][] = [
      [{ OriginatorConversationID: undefined }, 'OriginatorConversationID'],
      [{ SecurityCredential: '' }, 'SecurityCredential'],
      [{ CommandID: 'Payout' }, 'CommandID'],
      [{ Amount: '-5' }, 'Amount'],
      [{ PartyB: '0705912645' }, 'PartyB'],
      [{ ResultURL: 'not a url' }, 'ResultURL'],
    ];
    for (const [override, field] of cases) {
      const response = await sim.post(B2C, b2cBody(override), token);
      expect(response.statusCode).toBe(400);
      expect(response.json().errorMessage).toBe(`Bad Request - Invalid ${field}`);
    }
  });

  it('answers Result 2001 without parameters when the credential does not decrypt to the password', async () => {
    const sim = start();
    const result = receiver.next();
    await sim.post(B2C, b2cBody({ SecurityCredential: encryptCredential('wrong') }), await sim.token());
    expect((await result).body).toEqual({
      Result: {
        ResultType: 0,
        ResultCode: 2001,
        ResultDesc: 'The initiator information is invalid.',
        OriginatorConversationID: 'wd-0001',
        ConversationID: expect.any(String),
        TransactionID: expect.any(String),
        ReferenceData: expect.any(Object),
      },
    });
  });

  it('gives Result 1 when the utility account cannot pay, and forces a code on request', async () => {
    const sim = start({ b2cUtilityBalance: 5 });
    const token = await sim.token();
    const poor = receiver.next();
    await sim.post(B2C, b2cBody(), token);
    expect((await poor).body).toMatchObject({ Result: { ResultCode: 1 } });

    await sim.app.inject({
      method: 'POST',
      url: '/__control/mpesa',
      payload: { forceB2cResultCode: '2040' },
    });
    const forced = receiver.next();
    await sim.post(B2C, b2cBody({ OriginatorConversationID: 'wd-0002', Amount: 1 }), token);
    expect((await forced).body).toMatchObject({ Result: { ResultCode: 2040 } });
  });

  it('POSTs to QueueTimeOutURL instead of a Result when queue timeouts are on', async () => {
    const sim = start({ switches: { b2cQueueTimeout: true } });
    const timeout = receiver.next();
    await sim.post(B2C, b2cBody(), await sim.token());
    const { path, body } = await timeout;
    expect(path).toBe('/b2c/timeout');
    expect(body).toMatchObject({ Result: { ResultType: 1, OriginatorConversationID: 'wd-0001' } });
  });

  it('accepts any RSA-sized base64 credential when no private key is configured (v1 path too)', async () => {
    const sim = startMpesaSimulator({}, open);
    const result = receiver.next();
    const response = await sim.post(
      '/mpesa/b2c/v1/paymentrequest',
      b2cBody({
        OriginatorConversationID: undefined,
        SecurityCredential: Buffer.alloc(256, 7).toString('base64'),
      }),
      await sim.token(),
    );
    expect(response.json().OriginatorConversationID).toMatch(/^\d+-\d+-1$/);
    expect((await result).body).toMatchObject({ Result: { ResultCode: 0 } });
  });
});

describe('Transaction Status', () => {
  it('acks, then POSTs the outcome of a B2C found by TransactionID or OriginatorConversationID', async () => {
    const sim = start();
    const token = await sim.token();
    const paid = receiver.next();
    await sim.post(B2C, b2cBody(), token);
    const transactionId = ((await paid).body as { Result: { TransactionID: string } }).Result.TransactionID;

    const statusBody = {
      Initiator: 'testapi',
      SecurityCredential: encryptCredential(INITIATOR_PASSWORD),
      CommandID: 'TransactionStatusQuery',
      PartyA: '600992',
      IdentifierType: '4',
      ResultURL: `${receiver.url}/status/result`,
      QueueTimeOutURL: `${receiver.url}/status/timeout`,
      Remarks: 'Reconcile',
      Occasion: 'Check',
    };
    for (const lookup of [{ TransactionID: transactionId }, { OriginalConversationID: 'wd-0001' }]) {
      const result = receiver.next();
      const ack = await sim.post(STATUS, { ...statusBody, ...lookup }, token);
      expect(ack.json()).toMatchObject({ ResponseCode: '0', ConversationID: expect.stringMatching(/^AG_/) });
      const { path, body } = await result;
      expect(path).toBe('/status/result');
      const parameters = (body as { Result: { ResultParameters: { ResultParameter: { Key: string }[] } } })
        .Result.ResultParameters.ResultParameter;
      expect(body).toMatchObject({ Result: { ResultCode: 0, TransactionID: transactionId } });
      expect(parameters).toEqual(
        expect.arrayContaining([
          { Key: 'ReceiptNo', Value: transactionId },
          { Key: 'TransactionStatus', Value: 'Completed' },
          { Key: 'Amount', Value: 10 },
          { Key: 'CreditPartyName', Value: '254705912645 - NICHOLAS JOHN SONGOK' },
        ]),
      );
    }

    const unknown = receiver.next();
    await sim.post(STATUS, { ...statusBody, TransactionID: 'NOPE000000' }, token);
    expect((await unknown).body).toMatchObject({ Result: { ResultCode: 'R000001' } });
  });
});
