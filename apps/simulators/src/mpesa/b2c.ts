import {
  B2C_RESULT_DESCRIPTIONS,
  type DarajaError,
  formatB2cDateTime,
  formatDarajaTimestamp,
  invalidField,
  isCallbackUrl,
  MSISDN_PATTERN,
  parseWholeAmount,
  readText,
  SHORTCODE_PATTERN,
  toResultCodeValue,
} from './daraja-protocol.ts';

export type B2cCommandId = 'BusinessPayment' | 'SalaryPayment' | 'PromotionPayment';
const COMMAND_IDS: readonly string[] = ['BusinessPayment', 'SalaryPayment', 'PromotionPayment'];

/** Daraja's own wording of each command in a Transaction Status result's ReasonType. */
const REASON_TYPES: Record<B2cCommandId, string> = {
  BusinessPayment: 'Business Payment to Customer via API',
  SalaryPayment: 'Salary Payment to Customer via API',
  PromotionPayment: 'Promotion Payment to Customer via API',
};

export type B2cRequest = {
  originatorConversationId: string | undefined;
  initiatorName: string;
  securityCredential: string;
  commandId: B2cCommandId;
  amount: number;
  partyA: string;
  partyB: string;
  remarks: string;
  queueTimeOutUrl: string;
  resultUrl: string;
  occasion: string | undefined;
};

/** A B2C payment as decided when it was accepted; `GET /__mpesa/state` lists these. */
export type B2cPayment = Omit<B2cRequest, 'securityCredential' | 'originatorConversationId'> & {
  originatorConversationId: string;
  conversationId: string;
  /** The receipt; Daraja gives failed payments a TransactionID too. */
  transactionId: string;
  /** `queue-timeout`: only the QueueTimeOutURL was called and no money moved. */
  status: 'completed' | 'failed' | 'queue-timeout';
  resultCode: string;
  resultDesc: string;
  receiverPartyPublicName: string;
  /** Epoch ms. */
  createdAt: number;
  utilityBalanceAfter: number;
};

/**
 * Validates a B2C `paymentrequest` body (§1.4). v3 requires the merchant's OriginatorConversationID
 * (Daraja deduplicates on it); v1 predates it and generates one when absent. Credentials are not
 * judged here: a bad initiator or SecurityCredential is accepted and fails later with Result 2001.
 */
export function parseB2cRequest(
  body: unknown,
  version: 'v1' | 'v3',
): { request: B2cRequest } | { error: DarajaError } {
  const originatorConversationId = readText(body, 'OriginatorConversationID');
  if (version === 'v3' && !originatorConversationId?.trim()) {
    return { error: invalidField('OriginatorConversationID') };
  }
  const initiatorName = readText(body, 'InitiatorName');
  if (!initiatorName?.trim()) return { error: invalidField('InitiatorName') };
  const securityCredential = readText(body, 'SecurityCredential');
  if (!securityCredential?.trim()) return { error: invalidField('SecurityCredential') };
  const commandId = readText(body, 'CommandID');
  if (commandId === undefined || !COMMAND_IDS.includes(commandId))
    return { error: invalidField('CommandID') };
  const amount = parseWholeAmount(readText(body, 'Amount'));
  if (amount === undefined) return { error: invalidField('Amount') };
  const partyA = readText(body, 'PartyA');
  if (partyA === undefined || !SHORTCODE_PATTERN.test(partyA)) return { error: invalidField('PartyA') };
  const partyB = readText(body, 'PartyB');
  if (partyB === undefined || !MSISDN_PATTERN.test(partyB)) return { error: invalidField('PartyB') };
  const remarks = readText(body, 'Remarks');
  if (remarks === undefined || remarks.length < 2 || remarks.length > 100) {
    return { error: invalidField('Remarks') };
  }
  const queueTimeOutUrl = readText(body, 'QueueTimeOutURL');
  if (!isCallbackUrl(queueTimeOutUrl)) return { error: invalidField('QueueTimeOutURL') };
  const resultUrl = readText(body, 'ResultURL');
  if (!isCallbackUrl(resultUrl)) return { error: invalidField('ResultURL') };
  // Safaricom's docs and samples spell it "Occassion"; accept the dictionary spelling too.
  const occasion = readText(body, 'Occassion') ?? readText(body, 'Occasion');
  return {
    request: {
      originatorConversationId: originatorConversationId || undefined,
      initiatorName,
      securityCredential,
      commandId: commandId as B2cCommandId,
      amount,
      partyA,
      partyB,
      remarks,
      queueTimeOutUrl,
      resultUrl,
      occasion,
    },
  };
}

export function describeB2cResult(code: string): string {
  return B2C_RESULT_DESCRIPTIONS[code] ?? 'Unknown result';
}

export type B2cAccounts = {
  working: number;
  chargesPaid: number;
};

/** The Result POSTed to ResultURL (§1.4); ResultParameters only on success. */
export function buildB2cResult(payment: B2cPayment, completedAt: number, accounts: B2cAccounts) {
  const result = {
    ResultType: 0,
    ResultCode: toResultCodeValue(payment.resultCode),
    ResultDesc: payment.resultDesc,
    OriginatorConversationID: payment.originatorConversationId,
    ConversationID: payment.conversationId,
    TransactionID: payment.transactionId,
  };
  const referenceData = {
    ReferenceItem: { Key: 'QueueTimeoutURL', Value: payment.queueTimeOutUrl },
  };
  if (payment.resultCode !== '0') return { Result: { ...result, ReferenceData: referenceData } };
  return {
    Result: {
      ...result,
      ResultParameters: {
        ResultParameter: [
          { Key: 'TransactionAmount', Value: payment.amount },
          { Key: 'TransactionReceipt', Value: payment.transactionId },
          { Key: 'ReceiverPartyPublicName', Value: payment.receiverPartyPublicName },
          { Key: 'TransactionCompletedDateTime', Value: formatB2cDateTime(completedAt) },
          { Key: 'B2CUtilityAccountAvailableFunds', Value: payment.utilityBalanceAfter },
          { Key: 'B2CWorkingAccountAvailableFunds', Value: accounts.working },
          { Key: 'B2CRecipientIsRegisteredCustomer', Value: 'Y' },
          { Key: 'B2CChargesPaidAccountAvailableFunds', Value: accounts.chargesPaid },
        ],
      },
      ReferenceData: referenceData,
    },
  };
}

/**
 * The body POSTed to QueueTimeOutURL. The reference does not show one; this follows the Result
 * envelope Daraja uses everywhere, with ResultType 1 and no ResultParameters (UNVERIFIED).
 */
export function buildB2cQueueTimeout(payment: B2cPayment) {
  return {
    Result: {
      ResultType: 1,
      ResultCode: 1037,
      ResultDesc: 'The request timed out while waiting in the queue.',
      OriginatorConversationID: payment.originatorConversationId,
      ConversationID: payment.conversationId,
      TransactionID: '',
    },
  };
}

export type TransactionStatusRequest = {
  initiator: string;
  securityCredential: string;
  transactionId: string | undefined;
  originalConversationId: string | undefined;
  partyA: string;
  resultUrl: string;
  queueTimeOutUrl: string;
  remarks: string;
  occasion: string | undefined;
};

/** Validates a Transaction Status query (§1.4, DarajaDocs/TransactionStatus.md). */
export function parseTransactionStatusRequest(
  body: unknown,
): { request: TransactionStatusRequest } | { error: DarajaError } {
  const initiator = readText(body, 'Initiator');
  if (!initiator?.trim()) return { error: invalidField('Initiator') };
  const securityCredential = readText(body, 'SecurityCredential');
  if (!securityCredential?.trim()) return { error: invalidField('SecurityCredential') };
  if (readText(body, 'CommandID') !== 'TransactionStatusQuery') return { error: invalidField('CommandID') };
  const transactionId = readText(body, 'TransactionID') || undefined;
  // Daraja's field is OriginalConversationID; the B2C field's name is accepted as well.
  const originalConversationId =
    readText(body, 'OriginalConversationID') || readText(body, 'OriginatorConversationID') || undefined;
  if (transactionId === undefined && originalConversationId === undefined) {
    return { error: invalidField('TransactionID') };
  }
  const partyA = readText(body, 'PartyA');
  if (partyA === undefined || !/^\d{5,12}$/.test(partyA)) return { error: invalidField('PartyA') };
  const identifierType = readText(body, 'IdentifierType');
  if (identifierType !== undefined && !['1', '2', '4'].includes(identifierType)) {
    return { error: invalidField('IdentifierType') };
  }
  const resultUrl = readText(body, 'ResultURL');
  if (!isCallbackUrl(resultUrl)) return { error: invalidField('ResultURL') };
  const queueTimeOutUrl = readText(body, 'QueueTimeOutURL');
  if (!isCallbackUrl(queueTimeOutUrl)) return { error: invalidField('QueueTimeOutURL') };
  const remarks = readText(body, 'Remarks');
  if (!remarks?.trim()) return { error: invalidField('Remarks') };
  return {
    request: {
      initiator,
      securityCredential,
      transactionId,
      originalConversationId,
      partyA,
      resultUrl,
      queueTimeOutUrl,
      remarks,
      occasion: readText(body, 'Occasion') ?? readText(body, 'Occassion'),
    },
  };
}

// Not in the reference: Daraja's answer for a receipt it does not know (UNVERIFIED wording).
const NOT_FOUND = { code: 'R000001', desc: 'The transaction receipt number does not exist.' };

/**
 * The Result POSTed for a Transaction Status query. The reference names the API but not the keys;
 * they follow the sample in Daraja's Transaction Status documentation (DebitPartyName,
 * CreditPartyName, ReceiptNo, TransactionStatus, …). A failed or unknown B2C answers without
 * ResultParameters.
 */
export function buildTransactionStatusResult(input: {
  payment: B2cPayment | undefined;
  credentialsValid: boolean;
  conversationId: string;
  originatorConversationId: string;
  occasion: string | undefined;
  businessName: string;
}) {
  const { payment } = input;
  const base = {
    ResultType: 0,
    OriginatorConversationID: input.originatorConversationId,
    ConversationID: input.conversationId,
  };
  const referenceData = { ReferenceItem: { Key: 'Occasion', Value: input.occasion ?? '' } };
  if (!input.credentialsValid) {
    return {
      Result: {
        ...base,
        ResultCode: 2001,
        ResultDesc: describeB2cResult('2001'),
        TransactionID: '',
        ReferenceData: referenceData,
      },
    };
  }
  if (payment === undefined || payment.status === 'queue-timeout') {
    return {
      Result: {
        ...base,
        ResultCode: NOT_FOUND.code,
        ResultDesc: NOT_FOUND.desc,
        TransactionID: '',
        ReferenceData: referenceData,
      },
    };
  }
  const time = formatDarajaTimestamp(payment.createdAt);
  return {
    Result: {
      ...base,
      ResultCode: 0,
      ResultDesc: describeB2cResult('0'),
      TransactionID: payment.transactionId,
      ResultParameters: {
        ResultParameter: [
          { Key: 'DebitPartyName', Value: `${payment.partyA} - ${input.businessName}` },
          { Key: 'CreditPartyName', Value: payment.receiverPartyPublicName },
          { Key: 'OriginatorConversationID', Value: payment.originatorConversationId },
          { Key: 'InitiatedTime', Value: Number(time) },
          { Key: 'DebitAccountType', Value: 'Utility Account' },
          { Key: 'DebitPartyCharges' },
          { Key: 'TransactionReason' },
          { Key: 'ReasonType', Value: REASON_TYPES[payment.commandId] },
          { Key: 'TransactionStatus', Value: payment.status === 'completed' ? 'Completed' : 'Failed' },
          { Key: 'FinalisedTime', Value: Number(time) },
          { Key: 'Amount', Value: payment.amount },
          { Key: 'ConversationID', Value: payment.conversationId },
          { Key: 'ReceiptNo', Value: payment.transactionId },
        ],
      },
      ReferenceData: referenceData,
    },
  };
}

const CUSTOMER_NAMES = [
  'WANJIKU KAMAU',
  'BRIAN OTIENO',
  'AKINYI WAMBUI',
  'KIPCHOGE KEINO',
  'FATUMA HASSAN',
  'JOHN MWANGI',
  'GRACE NJERI',
  'PETER OCHIENG',
];

/** "2547… - NAME" (§1.4): a configured name, or one picked from the number so it never changes. */
export function createReceiverPartyPublicName(
  msisdn: string,
  names: Readonly<Record<string, string>>,
): string {
  const name = names[msisdn] ?? CUSTOMER_NAMES[Number(msisdn.slice(-3)) % CUSTOMER_NAMES.length];
  return `${msisdn} - ${name}`;
}
