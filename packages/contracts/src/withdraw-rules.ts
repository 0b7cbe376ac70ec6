/**
 * Withdraw rules (spec §5 "Withdraw", §4 "Withdraw page"), as plain functions without zod: the withdraw
 * page runs them on every keystroke and the server runs the same ones again on `pan-pay/withdraw/init`,
 * so what the page promises is what the server accepts.
 *
 * Units: `amount` is what the member types (major units, e.g. shillings); `money`, `fee`, `tax`, `net`
 * and balances are integer minor units (cents). The limit config (option 150, `min:max:rate`) is in
 * major units; it is compared in MINOR units: min × 100 ≤ money ≤ max × 100.
 */

/** Spec §9: the withdraw amount field takes at most 8 characters, digits only. */
export const WITHDRAW_AMOUNT_MAX_LENGTH = 8;
/** Minor units per major unit in the spec's money formula (floor(amount × 100 / rate)). */
export const MINOR_PER_MAJOR = 100;

export const WITHDRAW_FEE_TYPE = { percent: 1, fixed: 2 } as const;

/** What the withdraw page's amount field keeps of what was typed: digits only, at most 8 of them. */
export function cleanWithdrawAmount(typed: string): string {
  return typed.replace(/\D/g, '').slice(0, WITHDRAW_AMOUNT_MAX_LENGTH);
}

export type WithdrawLimit = {
  /** Major units. */
  min: number;
  /** Major units. */
  max: number;
  /** Typed amount × 100 / rate = money in minor units. */
  rate: number;
};

/**
 * Option 150: `min:max:rate`, colon-separated, exactly 3 parts (spec §5). Anything else (missing,
 * malformed, a rate of 0) is no limit at all: null, and the page and server then check only the rest.
 */
export function parseWithdrawLimit(config: string | null | undefined): WithdrawLimit | null {
  if (!config) return null;
  const parts = config.split(':').map((part) => part.trim());
  if (parts.length !== 3 || parts.some((part) => !/^\d+(\.\d+)?$/.test(part))) return null;
  const [min, max, rate] = parts.map(Number) as [number, number, number];
  if (rate <= 0 || min > max) return null;
  return { min, max, rate };
}

/** A JSON option's members; none for a missing or malformed one (or one that is not an object). */
function jsonOptionMembers(config: string | null | undefined): Record<string, unknown> {
  if (!config) return {};
  try {
    const parsed: unknown = JSON.parse(config);
    return typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/**
 * Option 100 (`{feeType, feeValue, dailyCount}`): how many withdrawals a member may make in one market
 * day. A missing, malformed or non-positive count is no limit: null.
 */
export function readWithdrawDailyCount(config: string | null | undefined): number | null {
  const count = jsonOptionMembers(config).dailyCount;
  return typeof count === 'number' && Number.isInteger(count) && count > 0 ? count : null;
}

/** Money in minor units = floor(amount × 100 / rate) (spec §5). A rate of 1 when there is no limit config. */
export function withdrawMoneyOf(amount: number, limit: WithdrawLimit | null): number {
  const rate = limit?.rate ?? 1;
  return Math.floor((amount * MINOR_PER_MAJOR) / rate);
}

/** The limit in minor units, the units money is compared in. */
export function limitInMinorUnits(limit: WithdrawLimit): { min: number; max: number } {
  return { min: Math.round(limit.min * MINOR_PER_MAJOR), max: Math.round(limit.max * MINOR_PER_MAJOR) };
}

/** Thrown for a fee type that is neither 1 (percent) nor 2 (fixed): the spec's 'not support'. */
export class WithdrawFeeNotSupportedError extends Error {
  constructor() {
    super('not support');
    this.name = 'WithdrawFeeNotSupportedError';
  }
}

/**
 * The fee on `money` (minor units). Type 1: the value is a percentage, fee = ceil(money × value) / 100,
 * rounded up to a whole minor unit; type 2: the value is a fixed fee in minor units. Other types throw.
 */
export function withdrawFee(money: number, feeType: number | null | undefined, feeValue: number): number {
  if (feeType === WITHDRAW_FEE_TYPE.percent) {
    // Integer arithmetic on hundredths of a percent so 1.1 % of 10000 is exactly 110, not 110.00000001.
    const hundredths = Math.round(feeValue * 100);
    return Math.ceil((money * hundredths) / 10_000);
  }
  if (feeType === WITHDRAW_FEE_TYPE.fixed) return Math.round(feeValue);
  throw new WithdrawFeeNotSupportedError();
}

/** How the page shows the fee: `value%` for type 1; for type 2 the caller formats the minor units. */
export function feeLabelOf(feeType: number | null | undefined, feeValue: number): string | null {
  return feeType === WITHDRAW_FEE_TYPE.percent ? `${feeValue}%` : null;
}

/** Net = money − fee − tax, never below 0 (spec §5). */
export function withdrawNet(money: number, fee: number, tax: number): number {
  return Math.max(0, money - fee - tax);
}

/**
 * What the phone receives on a channel that pays whole units only (M-Pesa pays whole shillings): the
 * net rounded DOWN to a whole unit. The cents that remain never leave the balance.
 */
export function wholeUnitPayout(net: number, scale = MINOR_PER_MAJOR): number {
  return Math.floor(net / scale) * scale;
}

/**
 * Options 4025 and 4026 as stored (content strings): '1' turns the tax on; 4026 is a percentage. Where
 * the market's law sets a withdrawal tax they change nothing (tax-rules.ts `effectiveWithdrawalTax`).
 */
export function readTaxOptions(switchContent: string | undefined, rateContent: string | undefined) {
  const ratePercent = Number.parseFloat(rateContent ?? '');
  return {
    enabled: (switchContent ?? '').trim() === '1',
    ratePercent: Number.isFinite(ratePercent) && ratePercent > 0 ? ratePercent : 0,
  };
}

/**
 * Config 6002 (spec §4): the entries' content holds `enable` and `message`. Not exactly one entry means
 * not set up: disabled with 'uninitialized'.
 */
export function readWithdrawSwitch(entries: readonly { content: Record<string, unknown> }[]): {
  enabled: boolean;
  message: string;
} {
  if (entries.length !== 1) return { enabled: false, message: 'uninitialized' };
  const content = entries[0]?.content ?? {};
  const enable = content.enable;
  return {
    enabled: enable === true || enable === 1 || enable === '1' || enable === 'true',
    message: typeof content.message === 'string' ? content.message : '',
  };
}

export type WithdrawProblem =
  /** No channel selected: 'Select payment'. */
  | 'channel'
  /** Nothing (or 0) typed. */
  | 'amount'
  /** The channel's fee type is neither 1 nor 2: 'not support'. */
  | 'not-support'
  /** Withdrawable balance below the money. */
  | 'balance'
  /** Money does not exceed the fee. */
  | 'below-fee'
  /** Money outside min..max of option 150. */
  | 'limit'
  /** Every other rule holds, but the tax on this amount is not known yet (the request is pending). */
  | 'tax-pending';

export type WithdrawQuote = {
  /** Minor units. */
  money: number;
  fee: number;
  /** Undefined while the tax on this amount is still being asked for (and then net is unknown too). */
  tax: number | undefined;
  net: number | undefined;
  /** The first rule that fails, in the order the page reports them; null when Next may be pressed. */
  problem: WithdrawProblem | null;
};

/**
 * Every rule of spec §5 for Next at once: a channel selected, an amount entered, balance (withdrawable,
 * minor units) ≥ money, money > fee, and, when a limit is configured, min ≤ money ≤ max in minor units.
 * The tax must be known for this very amount: a pending tax request is never taken as 0, or the actual
 * amount shown would be overstated and WinSlots' Withdraw (which submits at once) would be pressable.
 */
export function quoteWithdraw(input: {
  amountText: string;
  channel: { withdrawFeeType: number | null; withdrawFeeValue: number } | null;
  limit: WithdrawLimit | null;
  /** Withdrawable money, minor units. */
  balance: number;
  /** The tax on this amount (minor units); undefined while its request is pending. */
  tax: number | undefined;
}): WithdrawQuote {
  const amount = Number.parseInt(input.amountText, 10);
  const money = Number.isFinite(amount) && amount > 0 ? withdrawMoneyOf(amount, input.limit) : 0;
  let fee = 0;
  let feeSupported = true;
  if (input.channel) {
    try {
      fee = withdrawFee(money, input.channel.withdrawFeeType, input.channel.withdrawFeeValue);
    } catch (error) {
      if (!(error instanceof WithdrawFeeNotSupportedError)) throw error;
      feeSupported = false;
    }
  }
  const tax = money > 0 ? input.tax : 0;
  const net = tax === undefined ? undefined : withdrawNet(money, fee, tax);
  const problem = ((): WithdrawProblem | null => {
    if (!input.channel) return 'channel';
    if (money <= 0) return 'amount';
    if (!feeSupported) return 'not-support';
    if (input.balance < money) return 'balance';
    if (money <= fee) return 'below-fee';
    if (input.limit) {
      const { min, max } = limitInMinorUnits(input.limit);
      if (money < min || money > max) return 'limit';
    }
    if (tax === undefined) return 'tax-pending';
    return null;
  })();
  return { money, fee, tax, net, problem };
}

/** How many different staff members must approve a withdrawal before it is sent: none, one or two. */
export type ApprovalsRequired = 0 | 1 | 2;

/**
 * The approvals a withdrawal of `money` (minor units, what leaves the balance) needs under `approval`
 * (the market's amounts, or option 6003's): none up to `automaticUpTo`, two above `twoApproversAbove`,
 * one in between.
 */
export function approvalsRequired(
  money: number,
  approval: { automaticUpTo: number; twoApproversAbove: number },
): ApprovalsRequired {
  if (money > approval.twoApproversAbove) return 2;
  if (money > approval.automaticUpTo) return 1;
  return 0;
}

/**
 * Option 6003 (`{"automaticUpTo": 5000000, "twoApproversAbove": 10000000}`, minor units): the operator's
 * amounts in place of the market's. Anything else (missing, malformed, negative, not whole, two approvers
 * below the automatic ceiling) is no override: null, and the market's amounts apply.
 */
export function readWithdrawApproval(
  config: string | null | undefined,
): { automaticUpTo: number; twoApproversAbove: number } | null {
  const { automaticUpTo, twoApproversAbove } = jsonOptionMembers(config);
  const amount = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) >= 0;
  if (!amount(automaticUpTo) || !amount(twoApproversAbove) || twoApproversAbove < automaticUpTo) return null;
  return { automaticUpTo, twoApproversAbove };
}
