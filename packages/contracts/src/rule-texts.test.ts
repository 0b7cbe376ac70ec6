import { describe, expect, it } from 'vitest';
import { SYSTEM_OPTION } from './config.ts';
import { COUNTRY_PROFILES, type CountryProfile } from './country.ts';
import {
  rateText,
  ruleOptionContent,
  taxExplanation,
  withdrawConfigContent,
  type RuleFacts,
} from './rule-texts.ts';

const KE = COUNTRY_PROFILES.KE;
const MPESA_FEE = { channelCode: 'MPESA', feeType: 1, feeValue: 1 };

function facts(country: CountryProfile, stored: { switch?: string; rate?: string } = {}): RuleFacts {
  return {
    country,
    withdrawFees: [MPESA_FEE],
    storedTaxSwitch: stored.switch ?? '1',
    storedTaxRate: stored.rate ?? '20',
  };
}
const option = (type: number, stored: string, of: RuleFacts, language = 'en') =>
  ruleOptionContent(type, stored, of, language);

describe('fee and tax texts generated from the rules (issue 22 §2)', () => {
  it("Kenya: 5 % of the gross in every language, never the stored '20 % of winnings'", () => {
    const kenya = facts(KE);
    const stored = 'Under the Kenya Income Tax Act, 20% withholding tax is deducted from winnings…';
    const en = option(SYSTEM_OPTION.TAX_EXPLANATION, stored, kenya, 'en');
    expect(en).toContain('5% withholding tax is deducted from every withdrawal, on the whole amount');
    // The example is the rule's own figure: 5 % of KES 1,000.00.
    expect(en).toContain('on KES 1,000.00 withdrawn the tax is KES 50.00');
    // The deposit excise, from its rule too.
    expect(en).toContain('A 5% excise duty is deducted from each deposit: of KES 1,000.00 paid, KES 950.00');
    expect(en).not.toMatch(/20/);
    const fr = option(SYSTEM_OPTION.TAX_EXPLANATION, stored, kenya, 'fr');
    expect(fr).toContain('une retenue à la source de 5 % est prélevée sur chaque retrait');
    expect(fr).toContain('la retenue est de KES 50.00');
    const pt = option(SYSTEM_OPTION.TAX_EXPLANATION, stored, kenya, 'pt');
    expect(pt).toContain('5% de imposto retido na fonte é descontado de cada saque');
    const sw = option(SYSTEM_OPTION.TAX_EXPLANATION, stored, kenya, 'sw');
    expect(sw).toContain('kodi ya zuio ya 5% hukatwa kwenye kila utoaji wa pesa');
    expect(sw).toContain('ukitoa KES 1,000.00 kodi ni KES 50.00');
    expect(sw).toContain('kati ya KES 1,000.00 unazolipa, KES 950.00 zinaingia kwenye salio lako');
    // The options 4025/4026 state the law's tax, whatever the operator stored (20, or off).
    expect(option(SYSTEM_OPTION.WITHDRAW_TAX_AMOUNT, '20', kenya)).toBe('5');
    expect(option(SYSTEM_OPTION.WITHDRAW_TAX_SWITCH, '0', facts(KE, { switch: '0' }))).toBe('1');
  });

  it("a market's rate changes and every text and value follows", () => {
    const changed: CountryProfile = {
      ...KE,
      taxes: { deposit: { ratePercent: 7.5 }, withdrawal: { ratePercent: 12.5, base: 'gross' } },
    };
    const en = option(SYSTEM_OPTION.TAX_EXPLANATION, '', facts(changed));
    expect(en).toContain('12.5% withholding tax');
    expect(en).toContain('on KES 1,000.00 withdrawn the tax is KES 125.00');
    expect(en).toContain('A 7.5% excise duty');
    expect(en).toContain('KES 925.00 reaches your balance');
    expect(option(SYSTEM_OPTION.TAX_EXPLANATION, '', facts(changed), 'fr')).toContain('12,5 %');
    expect(option(SYSTEM_OPTION.TAX_EXPLANATION, '', facts(changed), 'pt')).toContain('12,5%');
    // Kenya writes a decimal point in Swahili as in English.
    expect(option(SYSTEM_OPTION.TAX_EXPLANATION, '', facts(changed), 'sw')).toContain('12.5%');
    expect(option(SYSTEM_OPTION.WITHDRAW_TAX_AMOUNT, '20', facts(changed))).toBe('12.5');
  });

  it('where the law sets none: the operator’s tax on winnings, or no tax at all', () => {
    const ghana = COUNTRY_PROFILES.GH;
    const onWinnings = option(SYSTEM_OPTION.TAX_EXPLANATION, '', facts(ghana, { rate: '15' }));
    expect(onWinnings).toMatch(/^15% withholding tax is deducted from your winnings when you withdraw/);
    expect(onWinnings).not.toContain('excise');
    expect(option(SYSTEM_OPTION.WITHDRAW_TAX_AMOUNT, '15', facts(ghana, { rate: '15' }))).toBe('15');
    const off = facts(ghana, { switch: '0' });
    expect(option(SYSTEM_OPTION.TAX_EXPLANATION, '', off)).toBe('No tax is deducted from withdrawals.');
    expect(option(SYSTEM_OPTION.WITHDRAW_TAX_SWITCH, '1', off)).toBe('0');
    expect(option(SYSTEM_OPTION.TAX_EXPLANATION, '', off, 'pt')).toBe(
      'Nenhum imposto é descontado dos saques.',
    );
  });

  it('option 100 carries the channels’ fee and keeps the operator’s daily count', () => {
    const stored = JSON.stringify({ feeType: 1, feeValue: 0, dailyCount: 5 });
    expect(JSON.parse(option(SYSTEM_OPTION.WITHDRAW_CONFIG, stored, facts(KE)))).toEqual({
      dailyCount: 5,
      feeType: 1,
      feeValue: 1,
      fees: [MPESA_FEE],
    });
    // Two channels with different fees: no single value would be true.
    const two = [MPESA_FEE, { channelCode: 'AIRTEL_MM', feeType: 2, feeValue: 3000 }];
    expect(JSON.parse(withdrawConfigContent(stored, two))).toEqual({ dailyCount: 5, fees: two });
    expect(JSON.parse(withdrawConfigContent('not json', []))).toEqual({ fees: [] });
  });

  it('other options are served as stored; rates are written the language’s way', () => {
    expect(option(SYSTEM_OPTION.USSD, '*334#', facts(KE))).toBe('*334#');
    expect(rateText(5, 'en')).toBe('5');
    expect(rateText(2.5, 'fr')).toBe('2,5');
    expect(rateText(2.5, 'sw')).toBe('2.5');
    expect(taxExplanation({ withdrawal: null, deposit: null, country: KE, language: 'fr' })).toBe(
      'Aucun impôt n’est prélevé sur les retraits.',
    );
  });
});
