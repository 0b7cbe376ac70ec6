import { PAGE_PATHS } from '@app/contracts/page-paths';
import { BENEFIT_TYPE, type VipBenefit } from '@app/contracts/vip';

/** What tapping a benefit does (spec §4): claim it in place, say it is not claimable now, or go somewhere. */
export type BenefitAction = { kind: 'claim' } | { kind: 'alert' } | { kind: 'navigate'; to: string };

/** The types claimed in place (spec §4: 0, 7, 8, 9). */
const CLAIMED_IN_PLACE: readonly number[] = [
  BENEFIT_TYPE.cashBonus,
  BENEFIT_TYPE.anniversaryCash,
  BENEFIT_TYPE.freeTickets,
  BENEFIT_TYPE.weeklyCoins,
];

/** Where the types that are not claimed lead (spec §4); 5 (VIP manager) leads to the VIP link. */
const DESTINATIONS: Readonly<Record<number, string>> = {
  [BENEFIT_TYPE.cashback]: PAGE_PATHS.cashBack,
  [BENEFIT_TYPE.dailyCoins]: PAGE_PATHS.home,
  [BENEFIT_TYPE.cashRain]: PAGE_PATHS.home,
  [BENEFIT_TYPE.customerService]: PAGE_PATHS.supports,
  [BENEFIT_TYPE.diamondExchange]: PAGE_PATHS.diamondExchange,
  [BENEFIT_TYPE.mallA]: PAGE_PATHS.mallType(3),
  [BENEFIT_TYPE.mallB]: PAGE_PATHS.mallType(4),
};

/**
 * The tap's action. Types 0, 7, 8, 9 claim when `state` is 0, else the alert (vip.cannotClaim). Daily
 * coins (2, our reading) are claimed in place once a site day, and lead home (the spec's way) once claimed.
 * `vipLink` is the url of the menu entry marked HOOK-VIP; when it is the page the member is on (the member
 * centre), a VIP manager is reached through customer service.
 */
export function benefitActionOf(
  benefit: Pick<VipBenefit, 'type' | 'state'>,
  vipLink: string | undefined,
  here: string,
): BenefitAction {
  if (CLAIMED_IN_PLACE.includes(benefit.type))
    return benefit.state === 0 ? { kind: 'claim' } : { kind: 'alert' };
  if (benefit.type === BENEFIT_TYPE.dailyCoins && benefit.state === 0) return { kind: 'claim' };
  if (benefit.type === BENEFIT_TYPE.vipManager) {
    return { kind: 'navigate', to: vipLink && vipLink !== here ? vipLink : PAGE_PATHS.supports };
  }
  return { kind: 'navigate', to: DESTINATIONS[benefit.type] ?? PAGE_PATHS.home };
}
