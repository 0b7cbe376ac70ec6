import {
  createStkPassword,
  type DarajaError,
  invalidField,
  isCallbackUrl,
  isDarajaTimestamp,
  MERCHANT_DOES_NOT_EXIST,
  MSISDN_PATTERN,
  parseWholeAmount,
  readText,
  SHORTCODE_PATTERN,
  STK_RESULT_DESCRIPTIONS,
  WRONG_CREDENTIALS,
} from './daraja-protocol.ts';

export type TransactionType = 'CustomerPayBillOnline' | 'CustomerBuyGoodsOnline';
const TRANSACTION_TYPES: readonly string[] = ['CustomerPayBillOnline', 'CustomerBuyGoodsOnline'];
const MAX_ACCOUNT_REFERENCE = 12;
const MAX_TRANSACTION_DESC = 13;

export type StkPushRequest = {
  businessShortCode: string;
  transactionType: TransactionType;
  amount: number;
  partyA: string;
  partyB: string;
  phoneNumber: string;
  callbackUrl: string;
  accountReference: string;
  transactionDesc: string | undefined;
};

/** An STK prompt from push to outcome; `GET /__mpesa/state` lists these. */
export type StkPrompt = StkPushRequest & {
  merchantRequestId: string;
  checkoutRequestId: string;
  /** Epoch ms: when the push was accepted and when the open prompt times out (1037). */
  createdAt: number;
  expiresAt: number;
  status: 'pending' | 'completed';
  resultCode?: number;
  resultDesc?: string;
  mpesaReceiptNumber?: string;
  /** Epoch ms of the outcome; TransactionDate in the callback. */
  completedAt?: number;
  /** How many STK queries asked about this prompt (tests bound what a merchant asks). */
  queries?: number;
};

type Credentials = { shortcode: string; passkey: string };

/** The fields shared by the push and the query: BusinessShortCode, Password and Timestamp are well-formed. */
export function checkStkFields(body: unknown): DarajaError | undefined {
  const shortcode = readText(body, 'BusinessShortCode');
  if (shortcode === undefined || !SHORTCODE_PATTERN.test(shortcode)) return invalidField('BusinessShortCode');
  const password = readText(body, 'Password');
  if (!password) return invalidField('Password');
  const timestamp = readText(body, 'Timestamp');
  if (!isDarajaTimestamp(timestamp)) return invalidField('Timestamp');
  return undefined;
}

/**
 * The 500.001.1001 checks, after every field is well-formed: the shortcode is known and the Password is
 * base64(shortcode + passkey + Timestamp) for the Timestamp sent. The clock is not compared with the
 * Timestamp: the reference marks rejecting skew UNVERIFIED, and only consistency is documented.
 */
export function checkStkMerchant(body: unknown, credentials: Credentials): DarajaError | undefined {
  if (readText(body, 'BusinessShortCode') !== credentials.shortcode) return MERCHANT_DOES_NOT_EXIST;
  const expected = createStkPassword(
    credentials.shortcode,
    credentials.passkey,
    readText(body, 'Timestamp') ?? '',
  );
  if (readText(body, 'Password') !== expected) return WRONG_CREDENTIALS;
  return undefined;
}

/**
 * Validates a `processrequest` body field by field, in the order of Daraja's table (§1.2), answering the
 * first problem as "Bad Request - Invalid <Field>". A body that is not JSON arrives empty, so it fails on
 * BusinessShortCode, as Daraja's FAQ says a missing content type does.
 */
export function parseStkPushRequest(
  body: unknown,
  credentials: Credentials,
): { request: StkPushRequest } | { error: DarajaError } {
  const credentialProblem = checkStkFields(body);
  if (credentialProblem) return { error: credentialProblem };

  const transactionType = readText(body, 'TransactionType');
  if (transactionType === undefined || !TRANSACTION_TYPES.includes(transactionType)) {
    return { error: invalidField('TransactionType') };
  }
  const amount = parseWholeAmount(readText(body, 'Amount'));
  if (amount === undefined) return { error: invalidField('Amount') };
  const partyA = readText(body, 'PartyA');
  if (partyA === undefined || !MSISDN_PATTERN.test(partyA)) return { error: invalidField('PartyA') };
  const partyB = readText(body, 'PartyB');
  if (partyB === undefined || !SHORTCODE_PATTERN.test(partyB)) return { error: invalidField('PartyB') };
  const phoneNumber = readText(body, 'PhoneNumber');
  if (phoneNumber === undefined || !MSISDN_PATTERN.test(phoneNumber)) {
    return { error: invalidField('PhoneNumber') };
  }
  const callbackUrl = readText(body, 'CallBackURL');
  if (!isCallbackUrl(callbackUrl)) return { error: invalidField('CallBackURL') };
  // The reference says "alphanumeric"; Daraja in practice takes spaces and dashes, so only the length
  // (which decides whether the USSD prompt fits, result 1025) is enforced.
  const accountReference = readText(body, 'AccountReference');
  if (!accountReference?.trim() || accountReference.length > MAX_ACCOUNT_REFERENCE) {
    return { error: invalidField('AccountReference') };
  }
  const transactionDesc = readText(body, 'TransactionDesc');
  if (transactionDesc !== undefined && transactionDesc.length > MAX_TRANSACTION_DESC) {
    return { error: invalidField('TransactionDesc') };
  }

  const merchantProblem = checkStkMerchant(body, credentials);
  if (merchantProblem) return { error: merchantProblem };

  return {
    request: {
      businessShortCode: credentials.shortcode,
      transactionType: transactionType as TransactionType,
      amount,
      partyA,
      partyB,
      phoneNumber,
      callbackUrl,
      accountReference,
      transactionDesc,
    },
  };
}

export function describeStkResult(code: number): string {
  return STK_RESULT_DESCRIPTIONS[code] ?? 'Unknown result';
}

/** The body POSTed to CallBackURL (§1.2): metadata only on success; codes and numbers are JSON numbers. */
export function buildStkCallback(prompt: StkPrompt, transactionDate: number) {
  const resultCode = prompt.resultCode ?? 1037;
  const stkCallback = {
    MerchantRequestID: prompt.merchantRequestId,
    CheckoutRequestID: prompt.checkoutRequestId,
    ResultCode: resultCode,
    ResultDesc: prompt.resultDesc ?? describeStkResult(resultCode),
  };
  if (resultCode !== 0) return { Body: { stkCallback } };
  return {
    Body: {
      stkCallback: {
        ...stkCallback,
        CallbackMetadata: {
          Item: [
            { Name: 'Amount', Value: prompt.amount },
            { Name: 'MpesaReceiptNumber', Value: prompt.mpesaReceiptNumber },
            // Daraja often sends a Balance item without a Value (§1.2); merchants must look items up by Name.
            { Name: 'Balance' },
            { Name: 'TransactionDate', Value: transactionDate },
            { Name: 'PhoneNumber', Value: Number(prompt.phoneNumber) },
          ],
        },
      },
    },
  };
}

/** The final answer of `stkpushquery` (§1.3): here ResultCode is a STRING. */
export function buildStkQueryResult(prompt: StkPrompt) {
  const resultCode = prompt.resultCode ?? 1037;
  return {
    ResponseCode: '0',
    ResponseDescription: 'The service request has been accepted successfully',
    MerchantRequestID: prompt.merchantRequestId,
    CheckoutRequestID: prompt.checkoutRequestId,
    ResultCode: String(resultCode),
    ResultDesc: prompt.resultDesc ?? describeStkResult(resultCode),
  };
}
