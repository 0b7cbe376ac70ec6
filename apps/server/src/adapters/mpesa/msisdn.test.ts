import { describe, expect, it } from 'vitest';
import { DarajaError } from './daraja-error.ts';
import { normaliseKenyanMsisdn } from './msisdn.ts';

describe('normaliseKenyanMsisdn', () => {
  it.each([
    ['0708374149', '254708374149'],
    ['+254708374149', '254708374149'],
    ['254708374149', '254708374149'],
    ['708374149', '254708374149'],
    ['0712 345 678', '254712345678'],
    ['+254-712-345-678', '254712345678'],
    ['0112345678', '254112345678'],
    ['+254112345678', '254112345678'],
    ['254112345678', '254112345678'],
    ['112345678', '254112345678'],
  ])('reads %s as %s', (input, expected) => {
    expect(normaliseKenyanMsisdn(input)).toBe(expected);
  });

  it.each([
    '',
    '0',
    '070837414', // one digit short
    '07083741490', // one digit long
    '+2547083741490',
    '0102345678', // 010x is not Safaricom
    '0202345678', // a landline
    '+255712345678', // Tanzania
    '2540708374149',
    '+0708374149',
    '0708 374 14a',
    '(0708) 374149',
    '١٢٣٤٥٦٧٨٩٠',
  ])('refuses %j', (input) => {
    let caught: unknown;
    try {
      normaliseKenyanMsisdn(input);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(DarajaError);
    expect(caught).toMatchObject({ kind: 'invalid-msisdn' });
    if (input.length > 3) expect((caught as Error).message).not.toContain(input);
  });
});
