import { SYSTEM_OPTION } from './config.ts';
import type { CountryProfile } from './country.ts';
import { isLanguage, type Language } from './language.ts';
import { formatMoney } from './money.ts';
import {
  depositSplit,
  effectiveWithdrawalTax,
  withdrawalTax,
  type DepositTaxRule,
  type WithdrawalTaxRule,
} from './tax-rules.ts';
import { readTaxOptions } from './withdraw-rules.ts';

/**
 * Texts and option values about a fee or a tax, generated from the rules that compute them (issue 22 §2):
 * the withdraw page's "?" (option 4065), the tax switch and rate (4025, 4026) and the withdraw fee of
 * option 100 are what the country profile, the tax rules and the withdraw channels compute, so no stored
 * text can say "20 % of winnings" while 5 % of the gross is deducted. Pure functions: the server serves
 * them as the options' content; the tests change a market's rate and see the text follow.
 */

/** The amount the explanation's example withdraws and deposits, in major units. */
const EXAMPLE_MAJOR = 1000;

function languageOf(language: string): Language {
  return isLanguage(language) ? language : 'en';
}

/** A rate as the language writes it: "5", "2.5" (en, sw), "2,5" (fr, pt). */
export function rateText(ratePercent: number, language: string): string {
  const locale = { en: 'en', fr: 'fr-FR', pt: 'pt-BR', sw: 'sw-KE' }[languageOf(language)];
  return new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }).format(ratePercent);
}

type Money = (minor: number) => string;

const WITHDRAWAL_TEXTS: Record<
  Language,
  {
    gross: (rate: string, example: { amount: string; tax: string }) => string;
    winnings: (rate: string) => string;
    none: string;
    deposit: (rate: string, example: { paid: string; credited: string }) => string;
  }
> = {
  en: {
    gross: (rate, example) =>
      `By law, ${rate}% withholding tax is deducted from every withdrawal, on the whole amount withdrawn, and paid to the tax authority on your behalf. For example, on ${example.amount} withdrawn the tax is ${example.tax}.`,
    winnings: (rate) =>
      `${rate}% withholding tax is deducted from your winnings when you withdraw: on the part of a withdrawal above the money you deposited and have not yet withdrawn. It is paid to the tax authority on your behalf.`,
    none: 'No tax is deducted from withdrawals.',
    deposit: (rate, example) =>
      `A ${rate}% excise duty is deducted from each deposit: of ${example.paid} paid, ${example.credited} reaches your balance.`,
  },
  fr: {
    gross: (rate, example) =>
      `Selon la loi, une retenue à la source de ${rate} % est prélevée sur chaque retrait, sur la totalité du montant retiré, et versée pour vous à l’administration fiscale. Par exemple, sur ${example.amount} retirés, la retenue est de ${example.tax}.`,
    winnings: (rate) =>
      `Une retenue à la source de ${rate} % est prélevée sur vos gains lors du retrait : sur la part d’un retrait qui dépasse l’argent que vous avez déposé et pas encore retiré. Elle est versée pour vous à l’administration fiscale.`,
    none: 'Aucun impôt n’est prélevé sur les retraits.',
    deposit: (rate, example) =>
      `Un droit d’accise de ${rate} % est prélevé sur chaque dépôt : sur ${example.paid} payés, ${example.credited} arrivent sur votre solde.`,
  },
  pt: {
    gross: (rate, example) =>
      `Por lei, ${rate}% de imposto retido na fonte é descontado de cada saque, sobre o valor total sacado, e pago em seu nome à autoridade fiscal. Por exemplo, em ${example.amount} sacados o imposto é de ${example.tax}.`,
    winnings: (rate) =>
      `${rate}% de imposto retido na fonte é descontado dos seus ganhos no saque: sobre a parte de um saque acima do dinheiro que você depositou e ainda não sacou. Ele é pago em seu nome à autoridade fiscal.`,
    none: 'Nenhum imposto é descontado dos saques.',
    deposit: (rate, example) =>
      `Um imposto de consumo de ${rate}% é descontado de cada depósito: de ${example.paid} pagos, ${example.credited} chegam ao seu saldo.`,
  },
  // Kenyan usage: "kodi ya zuio" is withholding tax, "ushuru wa bidhaa" excise duty, KRA "mamlaka ya ushuru".
  sw: {
    gross: (rate, example) =>
      `Kwa mujibu wa sheria, kodi ya zuio ya ${rate}% hukatwa kwenye kila utoaji wa pesa, kwa kiasi chote unachotoa, na hulipwa kwa mamlaka ya ushuru kwa niaba yako. Kwa mfano, ukitoa ${example.amount} kodi ni ${example.tax}.`,
    winnings: (rate) =>
      `Kodi ya zuio ya ${rate}% hukatwa kwenye ushindi wako unapotoa pesa: kwenye sehemu ya kiasi unachotoa inayozidi pesa ulizoweka ambazo bado hujazitoa. Hulipwa kwa mamlaka ya ushuru kwa niaba yako.`,
    none: 'Hakuna kodi inayokatwa unapotoa pesa.',
    deposit: (rate, example) =>
      `Ushuru wa bidhaa wa ${rate}% hukatwa kwenye kila pesa unayoweka: kati ya ${example.paid} unazolipa, ${example.credited} zinaingia kwenye salio lako.`,
  },
};

/**
 * The tax explanation (option 4065) in `language`: the withdrawal tax in force (`effectiveWithdrawalTax`)
 * with an example computed by `withdrawalTax`, and the deposit excise where the market has one.
 */
export function taxExplanation(input: {
  withdrawal: WithdrawalTaxRule | null;
  deposit: DepositTaxRule | null;
  country: Pick<CountryProfile, 'scale' | 'decimals' | 'locale' | 'currencySymbol'>;
  language: string;
}): string {
  const texts = WITHDRAWAL_TEXTS[languageOf(input.language)];
  const { country } = input;
  const money: Money = (minor) =>
    `${country.currencySymbol} ${formatMoney(minor, { scale: country.scale, decimals: country.decimals, locale: country.locale })}`;
  const example = EXAMPLE_MAJOR * country.scale;
  const sentences: string[] = [];
  const rule = input.withdrawal;
  if (!rule) sentences.push(texts.none);
  else if (rule.base === 'gross') {
    const tax = withdrawalTax({ money: example, rule });
    sentences.push(
      texts.gross(rateText(rule.ratePercent, input.language), { amount: money(example), tax: money(tax) }),
    );
  } else sentences.push(texts.winnings(rateText(rule.ratePercent, input.language)));
  if (input.deposit) {
    const split = depositSplit(example, input.deposit);
    sentences.push(
      texts.deposit(rateText(input.deposit.ratePercent, input.language), {
        paid: money(split.paid),
        credited: money(split.credited),
      }),
    );
  }
  return sentences.join(' ');
}

/** A withdraw channel's fee as its row holds it (type 1 percent, 2 fixed minor units). */
export type WithdrawChannelFee = { channelCode: string; feeType: number | null; feeValue: number };

/**
 * Option 100 as served: the operator's stored content (its `dailyCount`) with the fee the withdraw
 * channels charge. `fees` lists every enabled channel's; `feeType`/`feeValue` are that fee when all
 * channels charge the same (the page takes each channel's own fee, so with two different fees no single
 * value is true and none is given).
 */
export function withdrawConfigContent(
  stored: string | undefined,
  fees: readonly WithdrawChannelFee[],
): string {
  let base: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(stored ?? '{}');
    if (parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed)) {
      base = parsed as Record<string, unknown>;
    }
  } catch {
    base = {};
  }
  const { feeType: _storedType, feeValue: _storedValue, fees: _storedFees, ...rest } = base;
  const distinct = new Set(fees.map((fee) => `${fee.feeType}|${fee.feeValue}`));
  const [only] = fees;
  const single = distinct.size === 1 && only ? { feeType: only.feeType, feeValue: only.feeValue } : {};
  return JSON.stringify({
    ...rest,
    ...single,
    fees: fees.map((fee) => ({ channelCode: fee.channelCode, feeType: fee.feeType, feeValue: fee.feeValue })),
  });
}

/** What the fee and tax options state. */
export type RuleFacts = {
  country: Pick<CountryProfile, 'taxes' | 'scale' | 'decimals' | 'locale' | 'currencySymbol'>;
  withdrawFees: readonly WithdrawChannelFee[];
  /** The operator's stored 4025 and 4026 (they count only where the law sets no withdrawal tax). */
  storedTaxSwitch: string | undefined;
  storedTaxRate: string | undefined;
};

/** The option types whose content the rules decide. */
export const RULE_OPTION_TYPES: readonly number[] = [
  SYSTEM_OPTION.WITHDRAW_CONFIG,
  SYSTEM_OPTION.WITHDRAW_TAX_SWITCH,
  SYSTEM_OPTION.WITHDRAW_TAX_AMOUNT,
  SYSTEM_OPTION.TAX_EXPLANATION,
];

/**
 * The content an option of `type` states, from the rules; `stored` for an option the rules do not decide.
 * 4025/4026 state the withdrawal tax in force (the law's where it sets one, else the operator's), 4065
 * explains it, 100 carries the channels' fee.
 */
export function ruleOptionContent(type: number, stored: string, facts: RuleFacts, language: string): string {
  const withdrawal = effectiveWithdrawalTax(
    facts.country.taxes.withdrawal,
    readTaxOptions(facts.storedTaxSwitch, facts.storedTaxRate),
  );
  switch (type) {
    case SYSTEM_OPTION.WITHDRAW_TAX_SWITCH:
      return withdrawal ? '1' : '0';
    case SYSTEM_OPTION.WITHDRAW_TAX_AMOUNT:
      return withdrawal ? String(withdrawal.ratePercent) : stored;
    case SYSTEM_OPTION.TAX_EXPLANATION:
      return taxExplanation({
        withdrawal,
        deposit: facts.country.taxes.deposit,
        country: facts.country,
        language,
      });
    case SYSTEM_OPTION.WITHDRAW_CONFIG:
      return withdrawConfigContent(stored, facts.withdrawFees);
    default:
      return stored;
  }
}
