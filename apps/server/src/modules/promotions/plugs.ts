import { bonusPlug } from './bonus/bonus.plug.ts';
import { cashBackPlug } from './cash-back/cash-back.plug.ts';
import { cashRainPlug } from './cash-rain/cash-rain.plug.ts';
import { coinSpinPlug } from './coin-spin/coin-spin.plug.ts';
import { collectCardsPlug } from './collect-cards/collect-cards.plug.ts';
import { diamondsPlug } from './diamonds/diamonds.plug.ts';
import { exchangePlug } from './exchange/exchange.plug.ts';
import { giveawayPlug } from './giveaway/giveaway.plug.ts';
import { lotteryPlug } from './lottery/lottery.plug.ts';
import { luckyRefundPlug } from './lucky-refund/lucky-refund.plug.ts';
import { mallPlug } from './mall/mall.plug.ts';
import { referralPlug } from './referral/referral.plug.ts';
import { signInPlug } from './sign-in/sign-in.plug.ts';
import { vipPlug } from './vip/vip.plug.ts';
import type { PromotionPlug } from './kit/plug.ts';

/**
 * Every promotion programme the house runs: adding one is one line here (docs/architecture.md "Adding a
 * programme"). The order is the order of their routes, jobs and registration steps: the welcome bonus is
 * offered before a referral is recorded. The list is also where the house finds each programme's tables'
 * type (`db/schema.ts`) and its migrations (`db/migrate.ts`), so it keeps its elements' own types (`as const`).
 */
export const PROMOTION_PLUGS = [
  cashRainPlug,
  giveawayPlug,
  signInPlug,
  coinSpinPlug,
  diamondsPlug,
  bonusPlug,
  mallPlug,
  exchangePlug,
  vipPlug,
  referralPlug,
  cashBackPlug,
  lotteryPlug,
  collectCardsPlug,
  luckyRefundPlug,
] as const satisfies readonly PromotionPlug[];
