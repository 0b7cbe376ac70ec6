import {
  type DarajaError,
  formatDarajaTimestamp,
  invalidField,
  isCallbackUrl,
  isDarajaTimestamp,
  readText,
  SHORTCODE_PATTERN,
} from './daraja-protocol.ts';

/**
 * Daraja at peak (market-law.md §5, external-protocols.md §1): the per-shortcode TPS ceiling and quota,
 * a maintenance window, and the two APIs an operator leans on then, Pull Transactions (C2B payments of
 * the last 48 h, for callbacks that never came) and Account Balance (the B2C float).
 */

/** Apigee's Spike Arrest in front of Daraja: too many requests this second for the shortcode. */
export const SPIKE_ARREST_VIOLATION: DarajaError = {
  httpStatus: 500,
  errorCode: '500.003.02',
  errorMessage: 'Spike Arrest Violation',
};

/** The shortcode's quota of requests is spent. */
export const QUOTA_VIOLATION: DarajaError = {
  httpStatus: 500,
  errorCode: '500.003.03',
  errorMessage: 'Quota Violation',
};

/**
 * Every endpoint during a maintenance window. The reference shows no maintenance answer; this is the
 * internal-error envelope Daraja gives when its back end is away (500.003.1001), with HTTP 503 (UNVERIFIED).
 */
export const UNDER_MAINTENANCE: DarajaError = {
  httpStatus: 503,
  errorCode: '500.003.1001',
  errorMessage: 'Service is under maintenance. Please try again later.',
};

export type ThrottleSwitches = {
  /** Requests per second each shortcode may make; the next in the same second gets 500.003.02. */
  tpsLimit: number | null;
  /** Requests each shortcode may make in all (since the last reset); then 500.003.03. */
  quota: number | null;
};

/**
 * Counts each shortcode's requests per second of the simulator's clock (a fixed one-second window: Apigee
 * smooths its rate over the second, which a burst meets the same way) and in all, for the quota.
 */
export function createShortcodeThrottle(switches: ThrottleSwitches, now: () => number) {
  const seen = new Map<string, { second: number; inSecond: number; total: number }>();
  return {
    /** The refusal for one more request of `shortcode` now, or undefined (and the request is counted). */
    admit(shortcode: string): DarajaError | undefined {
      const second = Math.floor(now() / 1000);
      const counts = seen.get(shortcode) ?? { second, inSecond: 0, total: 0 };
      seen.set(shortcode, counts);
      if (counts.second !== second) {
        counts.second = second;
        counts.inSecond = 0;
      }
      if (switches.quota !== null && counts.total >= switches.quota) return QUOTA_VIOLATION;
      if (switches.tpsLimit !== null && counts.inSecond >= switches.tpsLimit) return SPIKE_ARREST_VIOLATION;
      counts.inSecond += 1;
      counts.total += 1;
      return undefined;
    },
    clear: () => seen.clear(),
  };
}

// ---- Pull Transactions ------------------------------------------------------------------------------

/** How far back Pull Transactions reaches (developer.safaricom.co.ke/apis/PullTransaction: 48 hours). */
export const PULL_WINDOW_MS = 48 * 60 * 60 * 1000;
/** Transactions per page; OffSetValue pages on. */
export const PULL_PAGE_SIZE = 1000;
const PULL_SUCCESS = { ResponseCode: '1000', ResponseMessage: 'Success' };

/** A C2B payment into the shortcode as Pull Transactions lists it. */
export type PulledPayment = {
  receipt: string;
  completedAt: number;
  msisdn: string;
  amount: number;
  billReference: string;
};

export type PullQuery = { shortCode: string; start: number; end: number; offset: number };

/** `YYYY-MM-DD HH:mm:ss` in Kenyan time, as the Pull query's StartDate and EndDate are written. */
const PULL_DATE = /^(\d{4})-(\d{2})-(\d{2}) (\d{1,2}):(\d{2}):(\d{2})$/;
const EAT_OFFSET_MS = 3 * 60 * 60 * 1000;

export function parsePullDate(text: string | undefined): number | undefined {
  const match = PULL_DATE.exec(text ?? '');
  if (match === null) return undefined;
  // The same calendar checks as a request Timestamp, on its compact form.
  const [year, month, day, hour, minute, second] = match.slice(1).map((part) => part.padStart(2, '0'));
  const compact = `${year}${month}${day}${hour}${minute}${second}`;
  if (!isDarajaTimestamp(compact)) return undefined;
  return Date.UTC(+year!, +month! - 1, +day!, +hour!, +minute!, +second!) - EAT_OFFSET_MS;
}

export function formatPullDate(epochMs: number): string {
  const t = formatDarajaTimestamp(epochMs);
  return `${t.slice(0, 4)}-${t.slice(4, 6)}-${t.slice(6, 8)} ${t.slice(8, 10)}:${t.slice(10, 12)}:${t.slice(12, 14)}`;
}

export function parsePullRegister(
  body: unknown,
): { shortCode: string; callbackUrl: string; nominatedNumber: string } | { error: DarajaError } {
  const shortCode = readText(body, 'ShortCode');
  if (shortCode === undefined || !SHORTCODE_PATTERN.test(shortCode))
    return { error: invalidField('ShortCode') };
  if (readText(body, 'RequestType') !== 'Pull') return { error: invalidField('RequestType') };
  const callbackUrl = readText(body, 'CallBackURL');
  if (!isCallbackUrl(callbackUrl)) return { error: invalidField('CallBackURL') };
  return { shortCode, callbackUrl, nominatedNumber: readText(body, 'NominatedNumber') ?? '' };
}

export function pullRegistered(shortCode: string, responseRefId: string) {
  return {
    ResponseRefID: responseRefId,
    ResponseStatus: '1000',
    ShortCode: shortCode,
    ResponseDescription: 'ShortCode Registered Successfully',
  };
}

/** A Pull query: a window of at most the last 48 hours, ending no later than now. */
export function parsePullQuery(body: unknown, now: number): { query: PullQuery } | { error: DarajaError } {
  const shortCode = readText(body, 'ShortCode');
  if (shortCode === undefined || !SHORTCODE_PATTERN.test(shortCode))
    return { error: invalidField('ShortCode') };
  const start = parsePullDate(readText(body, 'StartDate'));
  if (start === undefined || start < now - PULL_WINDOW_MS) return { error: invalidField('StartDate') };
  const end = parsePullDate(readText(body, 'EndDate'));
  if (end === undefined || end < start) return { error: invalidField('EndDate') };
  const offsetText = readText(body, 'OffSetValue') ?? '0';
  if (!/^\d+$/.test(offsetText)) return { error: invalidField('OffSetValue') };
  return { query: { shortCode, start, end, offset: Number(offsetText) } };
}

/**
 * The Pull query's answer: `Response` is a list holding one page (a list) of transactions, as Safaricom's
 * sample shows it; amounts are strings, the payer's number a number, dates `YYYY-MM-DD HH:mm:ss`.
 */
export function buildPullResult(
  query: PullQuery,
  payments: readonly PulledPayment[],
  organizationName: string,
  responseRefId: string,
) {
  const page = payments
    // Dates are to the second: the end's whole second is in the window.
    .filter((payment) => payment.completedAt >= query.start && payment.completedAt < query.end + 1000)
    .sort((a, b) => a.completedAt - b.completedAt)
    .slice(query.offset, query.offset + PULL_PAGE_SIZE)
    .map((payment) => ({
      transactionId: payment.receipt,
      trxDate: formatPullDate(payment.completedAt),
      msisdn: Number(payment.msisdn),
      sender: 'UNKNOWN',
      transactiontype: 'c2b-pay-bill-debit',
      billreference: payment.billReference,
      amount: String(payment.amount),
      organizationname: organizationName,
    }));
  return { ResponseRefID: responseRefId, ...PULL_SUCCESS, Response: [page] };
}

// ---- Account Balance --------------------------------------------------------------------------------

export type AccountBalanceRequest = {
  initiator: string;
  securityCredential: string;
  partyA: string;
  resultUrl: string;
  queueTimeOutUrl: string;
};

export function parseAccountBalanceRequest(
  body: unknown,
): { request: AccountBalanceRequest } | { error: DarajaError } {
  const initiator = readText(body, 'Initiator');
  if (!initiator?.trim()) return { error: invalidField('Initiator') };
  const securityCredential = readText(body, 'SecurityCredential');
  if (!securityCredential?.trim()) return { error: invalidField('SecurityCredential') };
  if (readText(body, 'CommandID') !== 'AccountBalance') return { error: invalidField('CommandID') };
  const partyA = readText(body, 'PartyA');
  if (partyA === undefined || !SHORTCODE_PATTERN.test(partyA)) return { error: invalidField('PartyA') };
  if (readText(body, 'IdentifierType') !== '4') return { error: invalidField('IdentifierType') };
  const resultUrl = readText(body, 'ResultURL');
  if (!isCallbackUrl(resultUrl)) return { error: invalidField('ResultURL') };
  const queueTimeOutUrl = readText(body, 'QueueTimeOutURL');
  if (!isCallbackUrl(queueTimeOutUrl)) return { error: invalidField('QueueTimeOutURL') };
  return { request: { initiator, securityCredential, partyA, resultUrl, queueTimeOutUrl } };
}

export type BalanceAccounts = { utility: number; working: number; chargesPaid: number };

/** `Name|KES|available|current|reserved|uncleared`, accounts joined by `&`, as Daraja writes AccountBalance. */
function accountBalanceText(accounts: BalanceAccounts): string {
  const account = (name: string, amount: number) => {
    const shown = amount.toFixed(2);
    return `${name}|KES|${shown}|${shown}|0.00|0.00`;
  };
  return [
    account('Working Account', accounts.working),
    account('Float Account', 0),
    account('Utility Account', accounts.utility),
    account('Charges Paid Account', accounts.chargesPaid),
    account('Organization Settlement Account', 0),
  ].join('&');
}

/** The Result POSTed to ResultURL: 2001 when the initiator is wrong, else the balances. */
export function buildAccountBalanceResult(input: {
  credentialsValid: boolean;
  accounts: BalanceAccounts;
  conversationId: string;
  originatorConversationId: string;
  transactionId: string;
  completedAt: number;
  queueTimeOutUrl: string;
}) {
  const result = {
    ResultType: 0,
    ResultCode: input.credentialsValid ? 0 : 2001,
    ResultDesc: input.credentialsValid
      ? 'The service request is processed successfully.'
      : 'The initiator information is invalid.',
    OriginatorConversationID: input.originatorConversationId,
    ConversationID: input.conversationId,
    TransactionID: input.transactionId,
  };
  const referenceData = { ReferenceItem: { Key: 'QueueTimeoutURL', Value: input.queueTimeOutUrl } };
  if (!input.credentialsValid) return { Result: { ...result, ReferenceData: referenceData } };
  return {
    Result: {
      ...result,
      ResultParameters: {
        ResultParameter: [
          { Key: 'AccountBalance', Value: accountBalanceText(input.accounts) },
          { Key: 'BOCompletedTime', Value: Number(formatDarajaTimestamp(input.completedAt)) },
        ],
      },
      ReferenceData: referenceData,
    },
  };
}
