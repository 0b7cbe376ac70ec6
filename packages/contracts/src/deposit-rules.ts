/**
 * Deposit rules as plain values, without zod (spec §5): the deposit form and the server run the same
 * code, and the web app's deposit tab imports these without bringing zod along.
 *
 * Amounts typed by a player are text in major units ("150", "99.5"); everything else is integer minor
 * units. Converting text to minor units is done on the digits, never through floating point
 * (0.29 × 100 is 28.999999999999996).
 */

/** Spec §9: the amount input takes at most 9 characters and 2 decimals. */
export const DEPOSIT_AMOUNT_MAX_LENGTH = 9;
export const DEPOSIT_AMOUNT_DECIMALS = 2;

/** Spec §9: the nested deposit polls up to 30 times, 5 s apart, then waits 3 s before the result. */
export const DEPOSIT_POLL_TRIES = 30;
export const DEPOSIT_POLL_INTERVAL_MS = 5000;
export const DEPOSIT_RESULT_DELAY_MS = 3000;

/**
 * How long M-Pesa shows an STK prompt on the phone before it expires (result 1037), in seconds: the payment
 * hall's timer. A new Pay within it (and a little after, for the answer to come) reuses the waiting order.
 */
export const STK_PROMPT_SECONDS = 60;

/**
 * What the nested deposit posts to its parent window (`window.parent.postMessage`) when it closes; the
 * game page listens for this type and reloads its frame if refresh=1.
 */
export const NESTED_DEPOSIT_CLOSE_MESSAGE = 'nested-deposit:close';

/**
 * The typed amount as the field keeps it: digits and one dot only, at most 2 decimals, at most 9
 * characters. A lone dot (the field holding nothing but a dot) is dropped; a dot with digits after it and
 * none before is a fraction and gets its 0: `.5` is `0.5`, never `5` (docs/decisions.md, "Deposits").
 */
export function sanitiseDepositAmount(raw: string): string {
  let text = raw.replace(/[^\d.]/g, '');
  const dot = text.indexOf('.');
  if (dot !== -1) {
    const whole = text.slice(0, dot);
    const fraction = text
      .slice(dot + 1)
      .replace(/\./g, '')
      .slice(0, DEPOSIT_AMOUNT_DECIMALS);
    if (whole === '' && fraction === '') text = '';
    else text = `${whole === '' ? '0' : whole}.${fraction}`;
  }
  return text.slice(0, DEPOSIT_AMOUNT_MAX_LENGTH);
}

/** How many decimal digits a currency scale has (100 → 2, 1 → 0); undefined if not a power of ten. */
function decimalsOf(scale: number): number | undefined {
  const decimals = Math.round(Math.log10(scale));
  return 10 ** decimals === scale ? decimals : undefined;
}

/**
 * Major-unit text ("150", "150.5", "150.", "0.29") to integer minor units, exactly. Undefined when it
 * is not a number, has more decimals than the currency has, or is beyond what is safe.
 */
export function parseAmountToMinor(text: string, scale: number): number | undefined {
  const match = /^(\d+)(?:\.(\d*))?$/.exec(text.trim());
  if (!match) return undefined;
  const decimals = decimalsOf(scale);
  if (decimals === undefined) return undefined;
  const fraction = match[2] ?? '';
  if (fraction.length > decimals) return undefined;
  const minor = Number(match[1]) * scale + Number(fraction.padEnd(decimals, '0') || '0');
  return Number.isSafeInteger(minor) ? minor : undefined;
}

/** Whole major units only (M-Pesa takes whole shillings). */
export function isWholeUnits(minor: number, scale: number): boolean {
  return minor % scale === 0;
}

/** System option 4011 (major units, as text) in minor units; 0 when unset or unreadable. */
export function minimumDepositMinor(optionContent: string | undefined, scale: number): number {
  return parseAmountToMinor(optionContent ?? '', scale) ?? 0;
}

export type DepositMode = 'pick' | 'input';

export type CanPayInput = {
  /** A payment is being started (the button shows its loading state). */
  paying: boolean;
  mode: DepositMode;
  /** The chosen channel, if any, with its own limits (minor units; null or absent: none). */
  channel:
    | { wholeUnits: boolean; minAmount?: number | null | undefined; maxAmount?: number | null | undefined }
    | undefined;
  /** The amount in minor units (the package's, or the typed one); undefined when it is not a number. */
  amount: number | undefined;
  /** Option 4011 in minor units. */
  minimum: number;
  scale: number;
};

export type CannotPayReason =
  'paying' | 'no-channel' | 'not-a-number' | 'below-minimum' | 'whole-units' | 'above-maximum';

/**
 * The minimum an order must reach, as the server checks it: option 4011 and the channel's own minimum,
 * whichever is higher, for a package as for a typed amount (minor units).
 */
export function depositMinimum(
  minimum: number,
  channel: { minAmount?: number | null | undefined } | undefined,
): number {
  const channelMinimum = channel?.minAmount;
  return channelMinimum === undefined || channelMinimum === null
    ? minimum
    : Math.max(minimum, channelMinimum);
}

/** Whether Pay is enabled (spec §5), and if not, the first rule that says no. */
export function canPay(input: CanPayInput): { ok: true } | { ok: false; reason: CannotPayReason } {
  if (input.paying) return { ok: false, reason: 'paying' };
  if (!input.channel) return { ok: false, reason: 'no-channel' };
  const amount = input.amount;
  if (amount === undefined || !Number.isSafeInteger(amount) || amount <= 0) {
    return { ok: false, reason: 'not-a-number' };
  }
  // The server refuses a package below the minimum too (DEPOSIT_BELOW_MINIMUM): Pay says so first.
  if (amount < depositMinimum(input.minimum, input.channel)) return { ok: false, reason: 'below-minimum' };
  // Never rounded: a decimal amount on a whole-unit channel is refused with its own message.
  if (input.channel.wholeUnits && !isWholeUnits(amount, input.scale))
    return { ok: false, reason: 'whole-units' };
  const max = input.channel.maxAmount;
  if (max !== undefined && max !== null && amount > max) return { ok: false, reason: 'above-maximum' };
  return { ok: true };
}

/**
 * The channel to preselect (spec §4): the first whose mobilePattern matches the member's mobile, else
 * the first channel. A pattern that is not a valid regex never matches.
 */
export function preselectChannel<T extends { mobilePattern: string }>(
  channels: readonly T[],
  mobile: string | undefined,
): T | undefined {
  if (mobile) {
    for (const channel of channels) {
      if (!channel.mobilePattern) continue;
      try {
        if (new RegExp(channel.mobilePattern).test(mobile)) return channel;
      } catch {
        // An operator's broken pattern: skip it.
      }
    }
  }
  return channels[0];
}

/**
 * Whether the app should keep polling a deposit (spec: state below 3 is waiting; and 5, DEPOSIT_STATE.queued,
 * a prompt waiting its turn at M-Pesa's rate ceiling).
 */
export function isDepositWaiting(state: number): boolean {
  return state < 3 || state === 5;
}
