import { describe, expect, it } from 'vitest';
import {
  readWithdrawDailyCount,
  cleanWithdrawAmount,
  feeLabelOf,
  parseWithdrawLimit,
  quoteWithdraw,
  readTaxOptions,
  readWithdrawSwitch,
  wholeUnitPayout,
  WithdrawFeeNotSupportedError,
  withdrawFee,
  withdrawMoneyOf,
  withdrawNet,
} from './withdraw-rules.ts';

describe('withdraw amount field', () => {
  it('keeps digits only, at most 8 of them', () => {
    expect(cleanWithdrawAmount('12a3.45')).toBe('12345');
    expect(cleanWithdrawAmount('-500')).toBe('500');
    expect(cleanWithdrawAmount('1234567890')).toBe('12345678');
    expect(cleanWithdrawAmount('')).toBe('');
  });
});

describe('limit config (option 150)', () => {
  it('reads min:max:rate, and treats anything else as no limit', () => {
    expect(parseWithdrawLimit('100:150000:1')).toEqual({ min: 100, max: 150000, rate: 1 });
    expect(parseWithdrawLimit(' 50 : 70000 : 2 ')).toEqual({ min: 50, max: 70000, rate: 2 });
    expect(parseWithdrawLimit('100:150000')).toBeNull();
    expect(parseWithdrawLimit('100:150000:1:4')).toBeNull();
    expect(parseWithdrawLimit('a:b:c')).toBeNull();
    expect(parseWithdrawLimit('100:150000:0')).toBeNull();
    expect(parseWithdrawLimit('')).toBeNull();
    expect(parseWithdrawLimit(undefined)).toBeNull();
  });

  it('money in minor units = floor(amount × 100 / rate)', () => {
    expect(withdrawMoneyOf(150, { min: 0, max: 1, rate: 1 })).toBe(15000);
    expect(withdrawMoneyOf(100, { min: 0, max: 1, rate: 3 })).toBe(3333);
    expect(withdrawMoneyOf(100, null)).toBe(10000);
  });
});

describe('fee', () => {
  it('type 1 is a percentage rounded up to the minor unit; type 2 a fixed amount', () => {
    expect(withdrawFee(10000, 1, 1)).toBe(100);
    expect(withdrawFee(105050, 1, 1)).toBe(1051);
    expect(withdrawFee(10000, 1, 1.1)).toBe(110);
    expect(withdrawFee(10000, 2, 2500)).toBe(2500);
    expect(feeLabelOf(1, 1.5)).toBe('1.5%');
    expect(feeLabelOf(2, 2500)).toBeNull();
  });

  it("refuses any other type with 'not support'", () => {
    expect(() => withdrawFee(10000, 3, 1)).toThrow(WithdrawFeeNotSupportedError);
    expect(() => withdrawFee(10000, null, 1)).toThrow('not support');
  });
});

describe('net and payout', () => {
  it('net = money − fee − tax, never below 0', () => {
    expect(withdrawNet(10000, 100, 900)).toBe(9000);
    expect(withdrawNet(100, 100, 50)).toBe(0);
  });

  it('pays whole units, rounding down', () => {
    expect(wholeUnitPayout(102989)).toBe(102900);
    expect(wholeUnitPayout(99)).toBe(0);
    expect(wholeUnitPayout(5000, 1)).toBe(5000);
  });
});

describe('tax options', () => {
  it('reads options 4025 and 4026', () => {
    expect(readTaxOptions('1', '20')).toEqual({ enabled: true, ratePercent: 20 });
    expect(readTaxOptions('0', '20')).toEqual({ enabled: false, ratePercent: 20 });
    expect(readTaxOptions(undefined, 'x')).toEqual({ enabled: false, ratePercent: 0 });
  });
});

describe('config 6002', () => {
  it("is disabled with 'uninitialized' unless there is exactly one entry", () => {
    expect(readWithdrawSwitch([])).toEqual({ enabled: false, message: 'uninitialized' });
    const entry = { content: { enable: true, message: 'm' } };
    expect(readWithdrawSwitch([entry, entry])).toEqual({ enabled: false, message: 'uninitialized' });
    expect(readWithdrawSwitch([entry])).toEqual({ enabled: true, message: 'm' });
    expect(readWithdrawSwitch([{ content: { enable: false, message: 'Closed' } }])).toEqual({
      enabled: false,
      message: 'Closed',
    });
  });
});

describe('Next (quoteWithdraw)', () => {
  const channel = { withdrawFeeType: 1, withdrawFeeValue: 1 };
  const limit = { min: 100, max: 150000, rate: 1 };
  const quote = (overrides: Partial<Parameters<typeof quoteWithdraw>[0]>) =>
    quoteWithdraw({ amountText: '500', channel, limit, balance: 100000, tax: 0, ...overrides });

  it('is enabled when every rule holds, with money, fee and net', () => {
    expect(quote({ tax: 1000 })).toEqual({ money: 50000, fee: 500, tax: 1000, net: 48500, problem: null });
  });

  it('needs a channel, then an amount', () => {
    expect(quote({ channel: null }).problem).toBe('channel');
    expect(quote({ amountText: '' }).problem).toBe('amount');
    expect(quote({ amountText: '0' }).problem).toBe('amount');
  });

  it("says 'not support' for an unknown fee type", () => {
    expect(quote({ channel: { withdrawFeeType: 7, withdrawFeeValue: 1 } }).problem).toBe('not-support');
  });

  it('needs the withdrawable balance to cover the money', () => {
    expect(quote({ balance: 49999 }).problem).toBe('balance');
    expect(quote({ balance: 50000 }).problem).toBeNull();
  });

  it('needs the money to exceed the fee', () => {
    const fixed = { withdrawFeeType: 2, withdrawFeeValue: 50000 };
    expect(quote({ channel: fixed }).problem).toBe('below-fee');
    expect(quote({ channel: fixed, amountText: '501' }).problem).toBeNull();
  });

  it('keeps money within min and max, compared in minor units', () => {
    expect(quote({ amountText: '99' }).problem).toBe('limit');
    expect(quote({ amountText: '100' }).problem).toBeNull();
    expect(quote({ amountText: '150000', balance: 20_000_000 }).problem).toBeNull();
    expect(quote({ amountText: '150001', balance: 20_000_000 }).problem).toBe('limit');
    expect(quote({ amountText: '5', limit: null }).problem).toBeNull();
  });

  it('waits for the tax of this amount: no net and no Next while it is pending', () => {
    expect(quote({ tax: undefined })).toEqual({
      money: 50000,
      fee: 500,
      tax: undefined,
      net: undefined,
      problem: 'tax-pending',
    });
    // The other rules still speak first, so their messages show while the tax is asked for.
    expect(quote({ tax: undefined, balance: 100 }).problem).toBe('balance');
    expect(quote({ tax: undefined, amountText: '99' }).problem).toBe('limit');
    // No amount, no tax to wait for.
    expect(quote({ tax: undefined, amountText: '' })).toMatchObject({ tax: 0, net: 0, problem: 'amount' });
  });

  it('resets the tax when the amount is cleared, and never shows a negative net', () => {
    expect(quote({ amountText: '', tax: 500 })).toMatchObject({ tax: 0, net: 0 });
    expect(quote({ amountText: '100', tax: 50000 }).net).toBe(0);
  });
});

describe('readWithdrawDailyCount (option 100)', () => {
  it('reads a positive whole dailyCount, and anything else as no limit', () => {
    expect(readWithdrawDailyCount('{"feeType":1,"feeValue":0,"dailyCount":5}')).toBe(5);
    expect(readWithdrawDailyCount('{"dailyCount":0}')).toBeNull();
    expect(readWithdrawDailyCount('{"dailyCount":2.5}')).toBeNull();
    expect(readWithdrawDailyCount('{"dailyCount":"5"}')).toBeNull();
    expect(readWithdrawDailyCount('not json')).toBeNull();
    expect(readWithdrawDailyCount(undefined)).toBeNull();
  });
});
