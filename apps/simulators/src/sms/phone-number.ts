/** The Africa's Talking SDKs accept a recipient only when it matches this (E.164 with its leading +). */
const E164_PATTERN = /^\+\d{1,3}\d{3,}$/;

/**
 * Safaricom's mobile prefixes in Kenya (07xx and 011x ranges). Only this network matters for the
 * simulator: delivery reports name it 63902, and every other number falls back to the sandbox code.
 */
const SAFARICOM_PATTERN = /^\+254(?:7(?:[0-2]\d|4[0-3568]|5[7-9]|6[89]|9\d)|11[0-5])\d{6}$/;

const SAFARICOM_NETWORK_CODE = '63902';
const SANDBOX_NETWORK_CODE = '99999';

export function isValidRecipientNumber(number: string): boolean {
  return E164_PATTERN.test(number);
}

export function getNetworkCode(number: string): string {
  return SAFARICOM_PATTERN.test(number) ? SAFARICOM_NETWORK_CODE : SANDBOX_NETWORK_CODE;
}

/**
 * Reduces a number to its digits so `+254712345678`, `254712345678` and a query string's unescaped
 * `+254712345678` (which arrives as " 254712345678") all name the same inbox.
 */
export function toDigits(number: string): string {
  return number.replace(/\D/g, '');
}
