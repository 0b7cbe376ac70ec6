/**
 * Gambling taxes of a market (issue 12 §5), as plain functions without zod: the deposit and withdraw
 * pages run them as the member types, and the server runs the same ones when the money moves, so the
 * lines shown before paying are what is booked. Which taxes a market has is its country profile's
 * `taxes` (country.ts): the law is configuration, not a constant here.
 *
 * Units: amounts are integer minor units; rates are percentages (5 is 5 %), exact to a hundredth.
 *
 * Rounding: half up to the minor unit (2.5 cents is 3 cents), computed in integers on hundredths of a
 * percent, so no floating-point error can move a tax by a cent. The tax authority gets the half cent.
 */

/** A tax on the amount moved from the mobile wallet into the betting account: the deposit lands net of it. */
export type DepositTaxRule = { ratePercent: number };

/**
 * A tax withheld from a withdrawal. `gross`: on the whole amount withdrawn, stake included (Kenya,
 * Finance Act 2025). `winnings`: only on the part above what the member deposited and has not yet taken
 * out (the tax on winnings Kenya had before, kept for markets that tax winnings).
 */
export type WithdrawalTaxRule = { ratePercent: number; base: 'gross' | 'winnings' };

export type MarketTaxes = {
  /** Null: the market has no tax on deposits. */
  deposit: DepositTaxRule | null;
  /** Null: the law sets no withdrawal tax (an operator may still configure one: `effectiveWithdrawalTax`). */
  withdrawal: WithdrawalTaxRule | null;
};

/** `ratePercent` % of `amount`, half up to the minor unit. */
export function taxAtRate(amount: number, ratePercent: number): number {
  if (!(amount > 0) || !(ratePercent > 0)) return 0;
  const hundredths = Math.round(ratePercent * 100);
  const scaled = amount * hundredths + 5_000;
  if (Number.isSafeInteger(scaled)) return Math.floor(scaled / 10_000);
  // Beyond 2^53 a float would lose cents: the same sum in big integers.
  return Number((BigInt(amount) * BigInt(hundredths) + 5_000n) / 10_000n);
}

/** The excise on a deposit of `amount` (what the member pays from the mobile wallet). */
export function depositExcise(amount: number, rule: DepositTaxRule | null): number {
  return rule ? taxAtRate(amount, rule.ratePercent) : 0;
}

/** What the deposit page shows before paying, and what the credit books: paid = excise + credited. */
export function depositSplit(
  amount: number,
  rule: DepositTaxRule | null,
): { paid: number; excise: number; credited: number } {
  const excise = depositExcise(amount, rule);
  return { paid: amount, excise, credited: amount - excise };
}

/**
 * The withdrawal tax in force: the law's (the country profile) when it sets one, whatever the operator's
 * options 4025 (switch) and 4026 (rate) say, so no option can switch off or lower a tax the law requires.
 * Where the law sets none, the options may still configure a tax on winnings (their meaning before the
 * Finance Act); off or without a rate, none.
 */
export function effectiveWithdrawalTax(
  law: WithdrawalTaxRule | null,
  options: { enabled: boolean; ratePercent: number },
): WithdrawalTaxRule | null {
  if (law) return law;
  if (!options.enabled || !(options.ratePercent > 0)) return null;
  return { ratePercent: options.ratePercent, base: 'winnings' };
}

/**
 * The tax withheld from a withdrawal of `money`. Gross: on all of it. Winnings: on the part above the
 * member's own money still in the account, taxable = max(0, money − max(0, deposits − earlier withdrawals)).
 */
export function withdrawalTax(input: {
  money: number;
  rule: WithdrawalTaxRule | null;
  /** Winnings base only: what the member's paid deposits credited, minor units. */
  deposits?: number;
  /** Winnings base only: what earlier (not failed) withdrawals took out of the balance, minor units. */
  earlierWithdrawals?: number;
}): number {
  const { money, rule } = input;
  if (!rule || !(money > 0)) return 0;
  if (rule.base === 'gross') return taxAtRate(money, rule.ratePercent);
  const ownMoneyLeft = Math.max(0, (input.deposits ?? 0) - (input.earlierWithdrawals ?? 0));
  return taxAtRate(Math.max(0, money - ownMoneyLeft), rule.ratePercent);
}
