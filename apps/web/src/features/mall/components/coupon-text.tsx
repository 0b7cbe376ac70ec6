import type { CouponTerms } from '@app/contracts/mall';
import type { Translate } from '../../../lib/i18n.ts';
import { usePriceText } from './price.tsx';

/** What a coupon takes off, in words ("KES 5.00 off", "10% off"). */
export function useCouponValue(t: Translate) {
  const priceText = usePriceText(t);
  return (coupon: Pick<CouponTerms, 'discountKind' | 'discount' | 'currency'>) =>
    coupon.discountKind === 'percent'
      ? t('mall.percentOff', { percent: coupon.discount })
      : t('mall.amountOff', { value: priceText(coupon.currency, coupon.discount) });
}
