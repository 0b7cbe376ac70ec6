import { describe, expect, it } from 'vitest';
import {
  canPay,
  type CanPayInput,
  depositMinimum,
  isDepositWaiting,
  minimumDepositMinor,
  parseAmountToMinor,
  preselectChannel,
  sanitiseDepositAmount,
} from './deposit-rules.ts';

describe('sanitiseDepositAmount (spec §5)', () => {
  it.each([
    ['150', '150'],
    ['1a5b0', '150'],
    ['KES 1,000', '1000'],
    ['-20', '20'],
    ['12.345', '12.34'],
    ['12.3.4', '12.34'],
    ['1..5', '1.5'],
    ['.', ''],
    ['..', ''],
    ['.5', '0.5'],
    ['.50', '0.50'],
    ['a.5', '0.5'],
    ['.123', '0.12'],
    ['100.', '100.'],
    ['1234567890', '123456789'],
    ['1234567.891', '1234567.8'],
    [' 99 ', '99'],
  ])('%j → %j', (typed, kept) => {
    expect(sanitiseDepositAmount(typed)).toBe(kept);
  });
});

describe('parseAmountToMinor', () => {
  it('converts on the digits, never through floating point', () => {
    expect(parseAmountToMinor('0.29', 100)).toBe(29);
    expect(parseAmountToMinor('1.1', 100)).toBe(110);
    expect(parseAmountToMinor('150', 100)).toBe(15_000);
    expect(parseAmountToMinor('150.', 100)).toBe(15_000);
    expect(parseAmountToMinor('999999999', 100)).toBe(99_999_999_900);
    expect(parseAmountToMinor('25', 1)).toBe(25);
  });

  it('refuses what is not an amount of this currency', () => {
    for (const text of ['', '.', 'abc', '1.234', '-5', '1e3', '1,5']) {
      expect(parseAmountToMinor(text, 100), text).toBeUndefined();
    }
    expect(parseAmountToMinor('2.5', 1)).toBeUndefined();
  });

  it('reads the minimum deposit option (major units) as minor units', () => {
    expect(minimumDepositMinor('10', 100)).toBe(1_000);
    expect(minimumDepositMinor(undefined, 100)).toBe(0);
    expect(minimumDepositMinor('ten', 100)).toBe(0);
  });
});

describe('canPay (spec §5)', () => {
  const mpesa = { wholeUnits: true, maxAmount: 25_000_000 };
  const base: CanPayInput = {
    paying: false,
    mode: 'input',
    channel: mpesa,
    amount: 15_000,
    minimum: 1_000,
    scale: 100,
  };

  it('allows a whole amount at or above the minimum on a chosen channel', () => {
    expect(canPay(base)).toEqual({ ok: true });
    expect(canPay({ ...base, amount: 1_000 })).toEqual({ ok: true });
  });

  it.each([
    ['while paying', { paying: true }, 'paying'],
    ['without a channel', { channel: undefined }, 'no-channel'],
    ['when the amount is not a number', { amount: undefined }, 'not-a-number'],
    ['when the amount is zero', { amount: 0 }, 'not-a-number'],
    ['below the minimum in free input', { amount: 999 }, 'below-minimum'],
    ['with cents on a whole-unit channel', { amount: 15_050 }, 'whole-units'],
    ['above the channel maximum', { amount: 25_000_100 }, 'above-maximum'],
  ] as const)('refuses %s', (_name, change, reason) => {
    expect(canPay({ ...base, ...change })).toEqual({ ok: false, reason });
  });

  it('takes cents where the channel does', () => {
    expect(canPay({ ...base, channel: { wholeUnits: false }, amount: 15_050 })).toEqual({ ok: true });
  });

  it('applies the minimum (4011) to a package too, as the server does', () => {
    expect(canPay({ ...base, mode: 'pick', amount: 500 })).toEqual({ ok: false, reason: 'below-minimum' });
    expect(canPay({ ...base, mode: 'pick', amount: 1_000 })).toEqual({ ok: true });
  });

  it('applies the channel’s own minimum when it is higher than 4011', () => {
    const channel = { ...mpesa, minAmount: 5_000 };
    expect(depositMinimum(1_000, channel)).toBe(5_000);
    expect(depositMinimum(1_000, { minAmount: 500 })).toBe(1_000);
    expect(depositMinimum(1_000, { minAmount: null })).toBe(1_000);
    expect(depositMinimum(1_000, undefined)).toBe(1_000);
    expect(canPay({ ...base, channel, amount: 4_900 })).toEqual({ ok: false, reason: 'below-minimum' });
    expect(canPay({ ...base, mode: 'pick', channel, amount: 4_900 })).toEqual({
      ok: false,
      reason: 'below-minimum',
    });
    expect(canPay({ ...base, channel, amount: 5_000 })).toEqual({ ok: true });
  });
});

describe('preselectChannel (spec §4)', () => {
  const channels = [
    { id: 1, mobilePattern: '' },
    { id: 2, mobilePattern: '^07' },
    { id: 3, mobilePattern: '([' },
  ];

  it('takes the first channel whose pattern matches the mobile, else the first', () => {
    expect(preselectChannel(channels, '0712345678')?.id).toBe(2);
    expect(preselectChannel(channels, '0110345678')?.id).toBe(1);
    expect(preselectChannel(channels, undefined)?.id).toBe(1);
    expect(preselectChannel([], '0712345678')).toBeUndefined();
  });
});

describe('isDepositWaiting', () => {
  it('keeps polling below 3 (paid) and 4 (failed), and while queued (5)', () => {
    expect([0, 1, 2, 3, 4, 5].map(isDepositWaiting)).toEqual([true, true, true, false, false, true]);
  });
});
