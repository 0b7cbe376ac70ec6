import { constants, privateDecrypt, randomBytes, randomInt } from 'node:crypto';
import type { FastifyReply } from 'fastify';

/**
 * Daraja's wire facts shared by every endpoint of the simulator. Shapes and codes come from
 * `shared/reference/external-protocols.md` §1; where the reference is silent the comment says which
 * Daraja documentation convention was followed instead.
 */

/** Sandbox constants from the reference (§1.6). */
export const SANDBOX_SHORTCODE = '174379';
export const SANDBOX_PASSKEY = 'bfb279f9aa9bdbcf158e97dd71a467cd2e0c893059b10f78e6b72ada1ed2c919';

export type DarajaError = { httpStatus: number; errorCode: string; errorMessage: string };

export const INVALID_ACCESS_TOKEN: DarajaError = {
  httpStatus: 404,
  errorCode: '404.001.03',
  errorMessage: 'Invalid Access Token',
};

/** "Bad Request - Invalid <Field>", the sync answer to a malformed field (400.002.02). */
export function invalidField(field: string): DarajaError {
  return { httpStatus: 400, errorCode: '400.002.02', errorMessage: `Bad Request - Invalid ${field}` };
}

/** The 500.001.1001 family: merchant, credentials, subscriber lock and "being processed" all share it. */
export function processingError(errorMessage: string): DarajaError {
  return { httpStatus: 500, errorCode: '500.001.1001', errorMessage };
}

export const MERCHANT_DOES_NOT_EXIST = processingError('Merchant does not exist');
export const WRONG_CREDENTIALS = processingError('Wrong credentials');
export const UNABLE_TO_LOCK_SUBSCRIBER = processingError(
  'Unable to lock subscriber, a transaction is already in process for the current subscriber',
);
export const TRANSACTION_BEING_PROCESSED = processingError('The transaction is being processed');
export const DUPLICATE_ORIGINATOR_CONVERSATION_ID: DarajaError = {
  httpStatus: 500,
  errorCode: '500.002.1001',
  errorMessage: 'Duplicate OriginatorConversationID.',
};

export function sendDarajaError(reply: FastifyReply, error: DarajaError, requestId = createRequestId()) {
  return reply
    .code(error.httpStatus)
    .send({ requestId, errorCode: error.errorCode, errorMessage: error.errorMessage });
}

export const SUCCESS_DESC = 'The service request is processed successfully.';

/** STK callback ResultCode → ResultDesc (§1.2). Codes outside this table cannot be forced. */
export const STK_RESULT_DESCRIPTIONS: Readonly<Record<number, string>> = {
  0: SUCCESS_DESC,
  1: 'The balance is insufficient for the transaction.',
  2: 'Declined due to limit rule: less than the minimum transaction amount.',
  3: 'Declined due to limit rule: greater than the maximum transaction amount.',
  4: 'Declined due to limit rule: would exceed daily transfer limit.',
  8: 'Declined due to limit rule: would exceed the maximum balance.',
  17: 'Rule limited.',
  // At peak (market-law.md §5): another USSD or M-Pesa session holds the subscriber; retry after 1–3 min.
  1001: 'Unable to lock subscriber, a transaction is already in process for the current subscriber',
  // System busy: back off about 30 s.
  26: 'System busy. The service request is rejected.',
  1019: 'Transaction has expired',
  1025: 'An error occurred while sending a push request',
  1032: 'Request cancelled by user',
  1037: 'DS timeout user cannot be reached',
  2001: 'The initiator information is invalid.',
  2028: 'The request is not permitted according to product assignment.',
  8006: 'The security credential is locked.',
};

/** B2C Result ResultCode → ResultDesc (§1.4). SFC_IC0003 is a string code in Daraja, kept as such. */
export const B2C_RESULT_DESCRIPTIONS: Readonly<Record<string, string>> = {
  '0': SUCCESS_DESC,
  '1': 'The balance is insufficient for the transaction.',
  '2': 'Declined due to limit rule: less than the minimum transaction amount.',
  '3': 'Declined due to limit rule: greater than the maximum transaction amount.',
  '4': 'Declined due to limit rule: would exceed daily transfer limit.',
  '8': 'Declined due to limit rule: would exceed the maximum balance.',
  '11': 'The DebitParty is in an invalid state.',
  '21': 'The initiator is not allowed to initiate this request.',
  '2001': 'The initiator information is invalid.',
  '2006': 'Declined due to account rule: The account status does not allow this transaction.',
  '2028': 'The request is not permitted according to product assignment.',
  '2040':
    "Credit Party customer type (Unregistered or Registered Customer) can't be supported by the service.",
  '8006': 'The security credential is locked.',
  SFC_IC0003: 'The operator does not exist.',
};

/** Daraja sends numeric codes as JSON numbers in results; only the alphanumeric ones stay strings. */
export function toResultCodeValue(code: string): number | string {
  return /^\d+$/.test(code) ? Number(code) : code;
}

/**
 * Request bodies send shortcodes, amounts and numbers as JSON strings or numbers alike; both are read as
 * text. Anything else (objects, booleans, missing) reads as undefined.
 */
export function readText(body: unknown, name: string): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const value: unknown = (body as Record<string, unknown>)[name];
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return undefined;
}

export const SHORTCODE_PATTERN = /^\d{5,7}$/;
/** Safaricom numbers as Daraja wants them: 12 digits, 2547… or 2541…, no "+" (§1.7). */
export const MSISDN_PATTERN = /^254[17]\d{8}$/;

/** Whole shillings of at least 1; "10" and 10 are both fine, "10.5" and 0 are not. */
export function parseWholeAmount(text: string | undefined): number | undefined {
  if (text === undefined || !/^\d+(?:\.0+)?$/.test(text.trim())) return undefined;
  const amount = Number(text);
  return Number.isSafeInteger(amount) && amount >= 1 ? amount : undefined;
}

/**
 * An absolute http(s) address exactly as given: a stray space makes Daraja answer "Invalid CallBackURL"
 * (§1.7), so nothing is trimmed. Plain http is accepted because the server under test listens locally.
 */
export function isCallbackUrl(text: string | undefined): text is string {
  if (text === undefined || text !== text.trim() || /\s/.test(text) || !URL.canParse(text)) return false;
  const protocol = new URL(text).protocol;
  return protocol === 'http:' || protocol === 'https:';
}

/** `YYYYMMDDHHmmss` naming a real calendar time. */
export function isDarajaTimestamp(text: string | undefined): text is string {
  const match = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})$/.exec(text ?? '');
  if (match === null) return false;
  const [year, month, day, hour, minute, second] = match.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const date = new Date(Date.UTC(year, month - 1, day, hour, minute, second));
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day && hour < 24;
}

/** The STK password: base64 of shortcode, passkey and timestamp, plainly concatenated (§1.2). */
export function createStkPassword(shortcode: string, passkey: string, timestamp: string): string {
  return Buffer.from(`${shortcode}${passkey}${timestamp}`).toString('base64');
}

// Safaricom's customer-facing times are Kenyan time (EAT, UTC+3, no daylight saving); the reference's
// samples (TransactionDate 20191219102115, "06.07.2024 22:48:52") read as such.
const EAT_OFFSET_MS = 3 * 60 * 60 * 1000;

function eatParts(epochMs: number) {
  const date = new Date(epochMs + EAT_OFFSET_MS);
  const two = (value: number) => String(value).padStart(2, '0');
  return {
    year: String(date.getUTCFullYear()),
    month: two(date.getUTCMonth() + 1),
    day: two(date.getUTCDate()),
    hour: two(date.getUTCHours()),
    minute: two(date.getUTCMinutes()),
    second: two(date.getUTCSeconds()),
    millis: String(date.getUTCMilliseconds()).padStart(3, '0'),
  };
}

/** `YYYYMMDDHHmmss` in Kenyan time, the form of STK's TransactionDate and a request Timestamp. */
export function formatDarajaTimestamp(epochMs: number): string {
  const p = eatParts(epochMs);
  return `${p.year}${p.month}${p.day}${p.hour}${p.minute}${p.second}`;
}

/** `dd.MM.yyyy HH:mm:ss`, B2C's TransactionCompletedDateTime (§1.4: unlike STK's numeric form). */
export function formatB2cDateTime(epochMs: number): string {
  const p = eatParts(epochMs);
  return `${p.day}.${p.month}.${p.year} ${p.hour}:${p.minute}:${p.second}`;
}

const UPPER_ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
const UPPER_LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

function randomFrom(alphabet: string, length: number): string {
  let text = '';
  for (let index = 0; index < length; index += 1) text += alphabet[randomInt(alphabet.length)];
  return text;
}

/** An M-Pesa receipt such as `NLJ7RT61SV`: ten upper-case characters starting with a letter. */
export function createReceiptNumber(): string {
  return `${randomFrom(UPPER_LETTERS, 1)}${randomFrom(UPPER_ALPHANUMERIC, 9)}`;
}

/** Daraja's requestId and MerchantRequestID look like `29115-34620561-1`. */
export function createRequestId(): string {
  return `${randomInt(10_000, 100_000)}-${randomInt(10_000_000, 100_000_000)}-1`;
}

/** Like `c9SQxWWhmdVRlyh0zh8gZDTkubVF`: 28 letters and digits. */
export function createAccessToken(): string {
  return randomFrom(ALPHANUMERIC, 28);
}

/**
 * Like `ws_CO_25052025173533440720461786`: ddMMyyyyHHmmss, milliseconds, then the payer's number
 * without its 254 prefix, as the reference's and public samples show.
 */
export function createCheckoutRequestId(epochMs: number, phoneNumber: string): string {
  const p = eatParts(epochMs);
  return `ws_CO_${p.day}${p.month}${p.year}${p.hour}${p.minute}${p.second}${p.millis}${phoneNumber.slice(-9)}`;
}

/** Like `AG_20240706_20106e9209f64bebd05b`: the date and twenty hex digits. */
export function createConversationId(epochMs: number): string {
  const p = eatParts(epochMs);
  return `AG_${p.year}${p.month}${p.day}_${randomBytes(10).toString('hex')}`;
}

/**
 * Checks a SecurityCredential: base64(RSA-encrypt(initiator password), PKCS#1 v1.5) (§1.4).
 *
 * With the private key matching the certificate the adapter encrypts with, it must decrypt to the
 * initiator password. Without one the simulator cannot decrypt, so it accepts any strict base64 of an
 * RSA block's length (1024 to 4096-bit keys).
 *
 * Node 20 refuses PKCS#1 v1.5 private decryption (CVE-2023-46809, a timing oracle), so the block is
 * decrypted raw and unpadded here; a timing oracle does not matter in a test double.
 */
export function isSecurityCredentialValid(
  credential: string,
  check: { privateKeyPem?: string | undefined; initiatorPassword?: string | undefined },
): boolean {
  const bytes = Buffer.from(credential, 'base64');
  if (bytes.length === 0 || bytes.toString('base64') !== credential) return false;
  if (check.privateKeyPem === undefined) return [128, 256, 384, 512].includes(bytes.length);
  let block: Buffer;
  try {
    block = privateDecrypt({ key: check.privateKeyPem, padding: constants.RSA_NO_PADDING }, bytes);
  } catch {
    return false;
  }
  // EM = 0x00 || 0x02 || PS (at least 8 non-zero bytes) || 0x00 || M  (RFC 8017 §7.2.2)
  if (block[0] !== 0x00 || block[1] !== 0x02) return false;
  const separator = block.indexOf(0x00, 2);
  if (separator < 10) return false;
  const password = block.subarray(separator + 1).toString('utf8');
  return check.initiatorPassword !== undefined && password === check.initiatorPassword;
}
