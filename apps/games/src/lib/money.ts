import { formatMoney, type MoneyFormat } from '@app/contracts/money';

/**
 * How the page shows its currency. The server writes its country profile's money format into the page
 * (`<meta name="money-format">`; the profiles live in contracts/country.ts, which the page does not import
 * because it builds zod schemas); without it, the currency's ISO digits stand in.
 */
export type Money = MoneyFormat & { currency: string; symbol: string };

export const MONEY_META = 'money-format';

function isMoney(value: unknown): value is Money {
  const money = value as Partial<Money> | null;
  return (
    typeof money?.currency === 'string' &&
    typeof money.symbol === 'string' &&
    typeof money.locale === 'string' &&
    Number.isInteger(money.scale) &&
    Number.isInteger(money.decimals)
  );
}

/** The format the server wrote into the page, if any. */
export function pageMoney(doc: Document = document): Money | undefined {
  const content = doc.querySelector<HTMLMetaElement>(`meta[name="${MONEY_META}"]`)?.content;
  if (!content) return undefined;
  try {
    const parsed: unknown = JSON.parse(content);
    return isMoney(parsed) ? parsed : undefined;
  } catch {
    return undefined;
  }
}

export function moneyFor(currency: string, fromPage: Money | undefined = pageMoney()): Money {
  if (fromPage && fromPage.currency === currency) return fromPage;
  let decimals: number;
  try {
    decimals =
      new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ??
      2;
  } catch {
    decimals = 2;
  }
  return { currency, symbol: currency, scale: 10 ** decimals, decimals, locale: 'en' };
}

/** 123456 minor units of KES → "KES 1,234.56". */
export function formatAmount(minorUnits: number, money: Money): string {
  return `${money.symbol} ${formatMoney(minorUnits, money)}`;
}

/** A signed amount, for the session's net position: "+KES 20.00", "−KES 5.00". */
export function formatSigned(minorUnits: number, money: Money): string {
  if (minorUnits === 0) return formatAmount(0, money);
  return `${minorUnits > 0 ? '+' : '−'}${formatAmount(Math.abs(minorUnits), money)}`;
}
