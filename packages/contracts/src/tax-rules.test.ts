import { describe, expect, it } from 'vitest';
import { COUNTRY_PROFILES, MarketTaxesSchema } from './country.ts';
import {
  depositExcise,
  depositSplit,
  effectiveWithdrawalTax,
  taxAtRate,
  withdrawalTax,
  type WithdrawalTaxRule,
} from './tax-rules.ts';

const kenya = COUNTRY_PROFILES.KE.taxes;

describe('a tax at a rate', () => {
  it('rounds half up to the minor unit, in integers', () => {
    expect(taxAtRate(10_000, 5)).toBe(500);
    expect(taxAtRate(12_345, 5)).toBe(617); // 617.25
    expect(taxAtRate(12_350, 5)).toBe(618); // 617.5: the half cent goes to the tax
    expect(taxAtRate(10_010, 7.5)).toBe(751); // 750.75
    expect(taxAtRate(3, 20)).toBe(1); // 0.6
    expect(taxAtRate(2, 20)).toBe(0); // 0.4
  });

  it('is exact beyond the safe range of a float product', () => {
    expect(taxAtRate(9_007_199_254_740_000, 5)).toBe(450_359_962_737_000);
  });

  it('is 0 for nothing or no rate', () => {
    expect(taxAtRate(0, 5)).toBe(0);
    expect(taxAtRate(10_000, 0)).toBe(0);
  });
});

describe('Kenya, Finance Act 2025', () => {
  it('the Parliamentary Budget Office example: KSh 100 in and out without a bet costs KSh 9.75', () => {
    const deposit = depositSplit(10_000, kenya.deposit);
    expect(deposit).toEqual({ paid: 10_000, excise: 500, credited: 9_500 });
    const tax = withdrawalTax({ money: deposit.credited, rule: kenya.withdrawal });
    expect(tax).toBe(475);
    expect(deposit.excise + tax).toBe(975);
  });

  it('taxes every withdrawal on its gross amount, the member’s own money included', () => {
    expect(
      withdrawalTax({ money: 50_000, rule: kenya.withdrawal, deposits: 1_000_000, earlierWithdrawals: 0 }),
    ).toBe(2_500);
  });

  it('other markets have no tax of the law until it is configured', () => {
    for (const code of ['GH', 'UG', 'NG', 'ZM', 'CM', 'BR'] as const) {
      expect(COUNTRY_PROFILES[code].taxes).toEqual({ deposit: null, withdrawal: null });
      expect(depositExcise(10_000, COUNTRY_PROFILES[code].taxes.deposit)).toBe(0);
    }
  });
});

describe('the winnings base', () => {
  const winnings: WithdrawalTaxRule = { ratePercent: 20, base: 'winnings' };
  const base = { rule: winnings, deposits: 100_000, earlierWithdrawals: 0 };

  it('taxes only what exceeds the member’s own money still in the account', () => {
    expect(withdrawalTax({ ...base, money: 100_000 })).toBe(0);
    expect(withdrawalTax({ ...base, money: 120_000 })).toBe(4_000);
    expect(withdrawalTax({ ...base, money: 50_000, earlierWithdrawals: 60_000 })).toBe(2_000);
    // Withdrawn more than deposited already: all of it is winnings.
    expect(withdrawalTax({ ...base, money: 10_000, earlierWithdrawals: 500_000 })).toBe(2_000);
  });

  it('no rule, no tax', () => {
    expect(withdrawalTax({ money: 500_000, rule: null })).toBe(0);
  });
});

describe('the law and the operator’s options 4025/4026', () => {
  it('the law’s tax stands whatever the options say', () => {
    const law = kenya.withdrawal;
    expect(effectiveWithdrawalTax(law, { enabled: false, ratePercent: 0 })).toEqual(law);
    expect(effectiveWithdrawalTax(law, { enabled: true, ratePercent: 1 })).toEqual(law);
    expect(effectiveWithdrawalTax(law, { enabled: true, ratePercent: 20 })).toEqual(law);
  });

  it('where the law sets none, the options may configure a tax on winnings', () => {
    expect(effectiveWithdrawalTax(null, { enabled: true, ratePercent: 15 })).toEqual({
      ratePercent: 15,
      base: 'winnings',
    });
    expect(effectiveWithdrawalTax(null, { enabled: false, ratePercent: 15 })).toBeNull();
    expect(effectiveWithdrawalTax(null, { enabled: true, ratePercent: 0 })).toBeNull();
  });
});

describe('the taxes of a profile', () => {
  it('take rates above 0 and below 100, to a hundredth', () => {
    const rule = (ratePercent: number) => ({ deposit: { ratePercent }, withdrawal: null });
    expect(MarketTaxesSchema.safeParse(rule(7.5)).success).toBe(true);
    expect(MarketTaxesSchema.safeParse(rule(12.25)).success).toBe(true);
    expect(MarketTaxesSchema.safeParse(rule(0)).success).toBe(false);
    expect(MarketTaxesSchema.safeParse(rule(100)).success).toBe(false);
    expect(MarketTaxesSchema.safeParse(rule(5.001)).success).toBe(false);
  });
});
