import { DarajaError } from './daraja-error.ts';

/**
 * The national significant number of a Safaricom mobile Daraja accepts: 7XXXXXXXX, or 11XXXXXXX for the
 * newer 011x range. 010x belongs to another operator and cannot hold M-PESA.
 */
const NATIONAL_NUMBER = /^(?:7\d{8}|11\d{7})$/;
/** Spaces and hyphens are how people write numbers; anything else means we misread the input. */
const SEPARATORS = /[\s-]/g;

/**
 * A Kenyan Safaricom mobile number as Daraja's PhoneNumber, PartyA and PartyB want it: 12 digits,
 * `2547XXXXXXXX` or `25411XXXXXXX`, no "+". Accepts 07…, +2547…, 2547…, 7… and 011…, +25411…, 25411…,
 * 11…; throws a DarajaError `invalid-msisdn` for anything else. The number is not quoted in the error
 * (it is the player's personal data).
 */
export function normaliseKenyanMsisdn(input: string): string {
  const compact = input.replace(SEPARATORS, '');
  let national: string | undefined;
  if (compact.startsWith('+254')) national = compact.slice(4);
  else if (compact.startsWith('254') && compact.length === 12) national = compact.slice(3);
  else if (compact.startsWith('0') && compact.length === 10) national = compact.slice(1);
  else if (compact.length === 9) national = compact;
  if (national === undefined || !NATIONAL_NUMBER.test(national)) {
    throw new DarajaError('invalid-msisdn', 'Not a Safaricom mobile number (07…, 011…, +254…)', {
      operation: 'input',
    });
  }
  return `254${national}`;
}
