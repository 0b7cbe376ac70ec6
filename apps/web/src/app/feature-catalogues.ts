import { BONUS_TEXTS } from '../features/bonus/texts.ts';
import { CASH_BACK_TEXTS } from '../features/cash-back/texts.ts';
import { CASH_RAIN_TEXTS } from '../features/cash-rain/texts.ts';
import { CHRISTMAS_TEXTS } from '../features/christmas/texts.ts';
import { COIN_SPIN_TEXTS } from '../features/coin-spin/texts.ts';
import { COLLECT_CARDS_TEXTS } from '../features/collect-cards/texts.ts';
import { DIAMOND_TEXTS } from '../features/diamonds/texts.ts';
import { GIVEAWAY_TEXTS } from '../features/giveaway/texts.ts';
import { LOTTERY_TEXTS } from '../features/lottery/texts.ts';
import { LUCKY_REFUND_TEXTS } from '../features/lucky-refund/texts.ts';
import { MALL_TEXTS } from '../features/mall/texts.ts';
import { PROMOTION_TEXTS } from '../features/promotions/texts.ts';
import { REFERRAL_TEXTS } from '../features/referral/texts.ts';
import { SIGN_IN_TEXTS } from '../features/sign-in/texts.ts';
import { VIP_TEXTS } from '../features/vip/texts.ts';
import type { FeatureCatalogues } from '../lib/i18n.ts';

/**
 * Every feature's own texts by its folder under features/: the loaders of its `locales/{en,fr,pt}.json`
 * that its screens hand to `useFeatureTranslation`. They are merged into the app's one namespace as they
 * load, so src/app/texts.test.ts reads them all together with the app's catalogues (src/locales) and holds
 * them to the same rules. Here, not in shared code, because only src/app may name features; that test fails
 * when a feature's locales folder is missing from this list.
 */
export const FEATURE_CATALOGUES: Readonly<Record<string, FeatureCatalogues>> = {
  bonus: BONUS_TEXTS,
  'cash-back': CASH_BACK_TEXTS,
  'cash-rain': CASH_RAIN_TEXTS,
  christmas: CHRISTMAS_TEXTS,
  'coin-spin': COIN_SPIN_TEXTS,
  'collect-cards': COLLECT_CARDS_TEXTS,
  diamonds: DIAMOND_TEXTS,
  giveaway: GIVEAWAY_TEXTS,
  lottery: LOTTERY_TEXTS,
  'lucky-refund': LUCKY_REFUND_TEXTS,
  mall: MALL_TEXTS,
  promotions: PROMOTION_TEXTS,
  referral: REFERRAL_TEXTS,
  'sign-in': SIGN_IN_TEXTS,
  vip: VIP_TEXTS,
};
