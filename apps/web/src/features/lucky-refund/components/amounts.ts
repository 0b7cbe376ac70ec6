import type { PayKind } from '@app/contracts/lucky-refund';
import { useSettings } from '../../../lib/settings.ts';
import { useMemo } from 'react';
import type { Translate } from '../../../lib/i18n.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { useMoneyFormat } from '../../../lib/use-money-format.ts';

/** An amount in its currency as the pages write it: cash with the market's symbol, coins, diamonds. */
export function useAmountText(t: Translate): (amount: number, currency?: PayKind) => string {
  const money = useMoneyFormat();
  return (amount, currency = 'cash') =>
    currency === 'cash'
      ? `${money.currency} ${money.format(amount)}`
      : currency === 'coins'
        ? t('lucky_refund.coins', { amount: money.format(amount) })
        : t('lucky_refund.diamonds', { amount: String(amount) });
}

/** Times of the market's clock (its time zone) in the player's language. */
export function useMarketTime() {
  const { country } = useSettings();
  const { language } = useTranslation();
  return useMemo(() => {
    const time = new Intl.DateTimeFormat(language, {
      timeZone: country.timeZone,
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    const moment = new Intl.DateTimeFormat(language, {
      timeZone: country.timeZone,
      weekday: 'short',
      day: 'numeric',
      month: 'short',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    return {
      time: (iso: string) => time.format(new Date(iso)),
      moment: (iso: string) => moment.format(new Date(iso)),
      hour: (hour: number) => `${String(hour).padStart(2, '0')}:00`,
    };
  }, [country.timeZone, language]);
}
