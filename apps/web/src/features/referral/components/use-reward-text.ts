import type { Translate } from '../../../lib/i18n.ts';
import { useMoneyFormat } from '../../../lib/use-money-format.ts';

/** "KES 50.00", "20.00 coins" or both, for a reward of cash and coins (minor units). */
export function useRewardText(t: Translate): (reward: { cash: number; coins: number }) => string {
  const { format, currency } = useMoneyFormat();
  return (reward) =>
    [
      reward.cash > 0 || reward.coins === 0 ? `${currency} ${format(reward.cash)}` : '',
      reward.coins > 0 ? t('referral.coins', { amount: format(reward.coins) }) : '',
    ]
      .filter(Boolean)
      .join(' + ');
}
