/**
 * Display of amounts. Amounts travel and are stored as integer minor units; only these functions divide
 * by the country's scale, and only for display.
 */
export type MoneyFormat = { scale: number; decimals: number; locale: string };

/**
 * Number formats made once per locale and decimals, then reused: making an Intl.NumberFormat costs far
 * more than using one, and a list of records formats every amount on every render.
 */
const numberFormats = new Map<string, Intl.NumberFormat>();
function numberFormat(locale: string, minimumDecimals: number, maximumDecimals: number): Intl.NumberFormat {
  const key = `${locale}|${minimumDecimals}|${maximumDecimals}`;
  let made = numberFormats.get(key);
  if (!made) {
    made = new Intl.NumberFormat(locale, {
      minimumFractionDigits: minimumDecimals,
      maximumFractionDigits: maximumDecimals,
    });
    numberFormats.set(key, made);
  }
  return made;
}

/** 123456 minor units, scale 100 → "1,234.56" (thousands separators and the country's decimals). */
export function formatMoney(minorUnits: number, format: MoneyFormat): string {
  return numberFormat(format.locale, format.decimals, format.decimals).format(minorUnits / format.scale);
}

const COMPACT_STEPS = [
  { threshold: 1e9, suffix: 'B' },
  { threshold: 1e6, suffix: 'M' },
  { threshold: 1e3, suffix: 'K' },
] as const;

/**
 * Compact form of a major-unit value: K, M and B from 1e3, 1e6 and 1e9, up to 2 decimals (spec §5).
 * Rounds toward zero so a balance is never shown larger than it is (1,999 → "1.99K", not "2K").
 */
export function formatCompact(value: number, locale = 'en'): string {
  const step = COMPACT_STEPS.find(({ threshold }) => Math.abs(value) >= threshold);
  const scaled = step ? value / step.threshold : value;
  const truncated = Math.trunc(Math.round(scaled * 1e6) / 1e4) / 100;
  const text = numberFormat(locale, 0, 2).format(truncated);
  return step ? `${text}${step.suffix}` : text;
}

/** Minor units → compact display, e.g. 1_234_500 minor units at scale 100 → "12.34K". */
export function formatMoneyCompact(minorUnits: number, format: MoneyFormat): string {
  return formatCompact(minorUnits / format.scale, format.locale);
}
