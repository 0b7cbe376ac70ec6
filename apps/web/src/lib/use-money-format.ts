import { formatMoney, formatMoneyCompact, type MoneyFormat } from '@app/contracts/money';
import { useMemo } from 'react';
import { useSettings } from './settings.ts';

/** Amounts in minor units shown the market's way (scale, decimals, locale from the country profile). */
export function useMoneyFormat() {
  const { country } = useSettings();
  return useMemo(() => {
    const format: MoneyFormat = { scale: country.scale, decimals: country.decimals, locale: country.locale };
    return {
      currency: country.currencySymbol,
      format: (minorUnits: number) => formatMoney(minorUnits, format),
      compact: (minorUnits: number) => formatMoneyCompact(minorUnits, format),
    };
  }, [country]);
}
