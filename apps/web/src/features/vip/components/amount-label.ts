import { useCallback } from 'react';
import type { Translate } from '../../../lib/i18n.ts';
import { useMoneyFormat } from '../../../lib/use-money-format.ts';

/** A benefit's amount in its asset: cash with the currency, coins (minor units like cash), tickets whole. */
export function useAmountLabel(t: Translate): (asset: string, amount: number) => string {
  const { format, currency } = useMoneyFormat();
  return useCallback(
    (asset: string, amount: number) => {
      if (asset === 'cash') return `${currency} ${format(amount)}`;
      if (asset === 'coins') return t('vip.coins', { amount: format(amount) });
      if (asset === 'tickets') return t('vip.tickets', { count: amount });
      return '';
    },
    [t, format, currency],
  );
}
