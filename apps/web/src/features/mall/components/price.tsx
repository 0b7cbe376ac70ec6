import type { Deliverable, MallCurrency } from '@app/contracts/mall';
import type { Translate } from '../../../lib/i18n.ts';
import { useMoneyFormat } from '../../../lib/use-money-format.ts';

/** An amount in one of the mall's currencies as the player reads it (coins and cash in minor units). */
export function usePriceText(t: Translate) {
  const money = useMoneyFormat();
  return (currency: MallCurrency, amount: number) =>
    currency === 'cash'
      ? t('mall.cash', { currency: money.currency, amount: money.format(amount) })
      : currency === 'coins'
        ? t('mall.coins', { amount: money.format(amount) })
        : t('mall.diamonds', { count: amount });
}

/** What one unit of an item delivers, in words. */
export function useDeliverableText(t: Translate) {
  const money = useMoneyFormat();
  return (deliverable: Deliverable) => {
    switch (deliverable.kind) {
      case 'coins':
        return t('mall.get.coins', { amount: money.format(deliverable.amount) });
      case 'diamonds':
        return t('mall.get.diamonds', { count: deliverable.amount });
      case 'bonus':
        return t('mall.get.bonus', {
          amount: `${money.currency} ${money.format(deliverable.amount)}`,
          multiple: deliverable.wageringMultiple,
          days: deliverable.expiryDays,
        });
      case 'item':
        return t('mall.get.item');
    }
  };
}
