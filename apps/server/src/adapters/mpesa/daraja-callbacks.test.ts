import { describe, expect, it } from 'vitest';
import {
  parseB2cResult,
  parseStkCallback,
  parseTransactionStatusResult,
  STK_RESULT_MESSAGES,
  stkResultMessage,
} from './daraja-callbacks.ts';
import { DarajaError } from './daraja-error.ts';

/** The reference's samples (external-protocols.md §1.2, §1.4), with the items shuffled. */
const PAID_CALLBACK = {
  Body: {
    stkCallback: {
      MerchantRequestID: '29115-34620561-1',
      CheckoutRequestID: 'ws_CO_191220191020363925',
      ResultCode: 0,
      ResultDesc: 'The service request is processed successfully.',
      CallbackMetadata: {
        Item: [
          { Name: 'PhoneNumber', Value: 254708374149 },
          { Name: 'Balance' },
          { Name: 'MpesaReceiptNumber', Value: 'NLJ7RT61SV' },
          { Name: 'Amount', Value: 1.0 },
          { Name: 'TransactionDate', Value: 20191219102115 },
        ],
      },
    },
  },
};

const B2C_RESULT = {
  Result: {
    ResultType: 0,
    ResultCode: 0,
    ResultDesc: 'The service request is processed successfully.',
    OriginatorConversationID: 'wd-0001',
    ConversationID: 'AG_20240706_2010364430d9bbdaf872',
    TransactionID: 'SG632NMUAB',
    ResultParameters: {
      ResultParameter: [
        { Key: 'TransactionAmount', Value: 10 },
        { Key: 'TransactionReceipt', Value: 'SG632NMUAB' },
        { Key: 'ReceiverPartyPublicName', Value: '254705912645 - NICHOLAS JOHN SONGOK' },
        { Key: 'TransactionCompletedDateTime', Value: '06.07.2024 22:48:52' },
        { Key: 'B2CUtilityAccountAvailableFunds', Value: 8959269.6 },
      ],
    },
    ReferenceData: { ReferenceItem: { Key: 'QueueTimeoutURL', Value: 'https://example.test/timeout' } },
  },
};

function captureError(run: () => unknown): DarajaError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(DarajaError);
    return error as DarajaError;
  }
  throw new Error('expected a DarajaError');
}

describe('parseStkCallback', () => {
  it('reads a payment by item name, whatever the order, and a Balance without Value', () => {
    expect(parseStkCallback(PAID_CALLBACK)).toEqual({
      merchantRequestId: '29115-34620561-1',
      checkoutRequestId: 'ws_CO_191220191020363925',
      resultCode: 0,
      resultDesc: 'The service request is processed successfully.',
      paid: {
        amount: 1,
        receipt: 'NLJ7RT61SV',
        transactionDate: '20191219102115',
        phone: '254708374149',
      },
    });
  });

  it('reads a failure without metadata', () => {
    const body = {
      Body: {
        stkCallback: {
          MerchantRequestID: 'm',
          CheckoutRequestID: 'ws_CO_1',
          ResultCode: 1032,
          ResultDesc: 'Request cancelled by user',
        },
      },
    };
    expect(parseStkCallback(body)).toEqual({
      merchantRequestId: 'm',
      checkoutRequestId: 'ws_CO_1',
      resultCode: 1032,
      resultDesc: 'Request cancelled by user',
    });
  });

  it('refuses a success without its receipt, and a body of another shape', () => {
    const items = PAID_CALLBACK.Body.stkCallback.CallbackMetadata.Item.filter(
      (item) => item.Name !== 'MpesaReceiptNumber',
    );
    const withoutReceipt = {
      Body: {
        stkCallback: { ...PAID_CALLBACK.Body.stkCallback, CallbackMetadata: { Item: items } },
      },
    };
    expect(captureError(() => parseStkCallback(withoutReceipt)).kind).toBe('unusable-response');
    const wrong = captureError(() => parseStkCallback({ Body: { stkCallback: { ResultCode: 'zero' } } }));
    expect(wrong).toMatchObject({ kind: 'unusable-response', operation: 'stk callback' });
    expect(captureError(() => parseStkCallback('nope')).kind).toBe('unusable-response');
  });
});

describe('STK_RESULT_MESSAGES', () => {
  it('has a player-facing text for the common codes and a default', () => {
    for (const code of [0, 1, 1032, 1037, 2001] as const) {
      expect(STK_RESULT_MESSAGES[code]).toMatch(/^[A-Z].+\.$/);
    }
    expect(stkResultMessage(1032)).toBe(STK_RESULT_MESSAGES[1032]);
    expect(stkResultMessage(17)).toBe(STK_RESULT_MESSAGES.default);
  });
});

describe('parseB2cResult', () => {
  it('reads the receipt, amount and receiver name of a payment', () => {
    expect(parseB2cResult(B2C_RESULT)).toEqual({
      originatorConversationId: 'wd-0001',
      conversationId: 'AG_20240706_2010364430d9bbdaf872',
      resultCode: '0',
      resultDesc: 'The service request is processed successfully.',
      transactionId: 'SG632NMUAB',
      receipt: 'SG632NMUAB',
      amount: 10,
      receiverName: 'NICHOLAS JOHN SONGOK',
      completedAt: '06.07.2024 22:48:52',
      timedOut: false,
    });
  });

  it('keeps alphanumeric result codes and reads a failure without parameters', () => {
    const failed = {
      Result: {
        ResultType: 0,
        ResultCode: 'SFC_IC0003',
        ResultDesc: 'The operator does not exist.',
        OriginatorConversationID: 'wd-2',
        ConversationID: 'AG_2',
        TransactionID: 'SG6000000A',
      },
    };
    expect(parseB2cResult(failed)).toMatchObject({ resultCode: 'SFC_IC0003', timedOut: false });
    expect(parseB2cResult(failed)).not.toHaveProperty('receipt');
  });

  it('marks a queue timeout by its URL or its ResultType', () => {
    const timeout = {
      Result: {
        ResultType: 1,
        ResultCode: 1037,
        ResultDesc: 'The request timed out while waiting in the queue.',
        OriginatorConversationID: 'wd-3',
        ConversationID: 'AG_3',
        TransactionID: '',
      },
    };
    expect(parseB2cResult(timeout)).toMatchObject({ timedOut: true, transactionId: undefined });
    const zeroType = { Result: { ...timeout.Result, ResultType: 0 } };
    expect(parseB2cResult(zeroType, { source: 'queue-timeout' }).timedOut).toBe(true);
  });

  it('refuses a success without receipt', () => {
    const body = { Result: { ...B2C_RESULT.Result, ResultParameters: { ResultParameter: [] } } };
    expect(captureError(() => parseB2cResult(body)).kind).toBe('unusable-response');
  });
});

describe('parseTransactionStatusResult', () => {
  it('reads the transaction found', () => {
    const body = {
      Result: {
        ResultType: 0,
        ResultCode: 0,
        ResultDesc: 'The service request is processed successfully.',
        OriginatorConversationID: '1234-1',
        ConversationID: 'AG_9',
        TransactionID: 'SG632NMUAB',
        ResultParameters: {
          ResultParameter: [
            { Key: 'CreditPartyName', Value: '254705912645 - NICHOLAS JOHN SONGOK' },
            { Key: 'OriginatorConversationID', Value: 'wd-0001' },
            { Key: 'TransactionStatus', Value: 'Completed' },
            { Key: 'Amount', Value: 10 },
            { Key: 'ConversationID', Value: 'AG_1' },
            { Key: 'ReceiptNo', Value: 'SG632NMUAB' },
          ],
        },
      },
    };
    expect(parseTransactionStatusResult(body)).toEqual({
      originatorConversationId: '1234-1',
      conversationId: 'AG_9',
      resultCode: '0',
      resultDesc: 'The service request is processed successfully.',
      timedOut: false,
      transaction: {
        status: 'Completed',
        receipt: 'SG632NMUAB',
        amount: 10,
        originatorConversationId: 'wd-0001',
        conversationId: 'AG_1',
        creditPartyName: '254705912645 - NICHOLAS JOHN SONGOK',
      },
    });
  });
});
