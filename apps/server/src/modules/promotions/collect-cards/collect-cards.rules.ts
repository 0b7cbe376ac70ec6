import {
  COLLECT_CARDS_STATUS,
  type CollectCardsSettings,
  type CollectCardsStatus,
} from '@app/contracts/collect-cards';
import { prizeSegment } from '@app/fair/prize-wheel';

/**
 * The rules of collect-cards, pure (docs/promotions.md "Collect-cards"): the activity's status at an
 * instant, the odds shown, the chances a set takes on average, the card a float draws, and what a card
 * does to the set in progress.
 */

type Window = Pick<CollectCardsSettings, 'startAt' | 'endAt'>;

/** Spec §4: 1 active, -1 finished; 0 (ours) before its start. The end is exclusive. */
export function activityStatus(window: Window, now: Date): CollectCardsStatus {
  if (window.endAt !== null && now.getTime() >= Date.parse(window.endAt))
    return COLLECT_CARDS_STATUS.finished;
  if (window.startAt !== null && now.getTime() < Date.parse(window.startAt))
    return COLLECT_CARDS_STATUS.upcoming;
  return COLLECT_CARDS_STATUS.active;
}

/** Each card's chance of being drawn, in percent to 2 decimals (for display; the weights decide). */
export function cardChances(weights: readonly number[]): number[] {
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  return weights.map((weight) => Math.round((weight / total) * 10_000) / 100);
}

/**
 * The chances a full set takes on average (the coupon collector with unequal odds), by inclusion and
 * exclusion over the subsets S of cards: E = Σ (−1)^(|S|+1) / P(S), P(S) the chance a draw lands in S.
 * At most 5 cards, so 31 subsets.
 */
export function expectedChancesForSet(weights: readonly number[]): number {
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  let expected = 0;
  for (let subset = 1; subset < 1 << weights.length; subset += 1) {
    let inSubset = 0;
    let size = 0;
    weights.forEach((weight, index) => {
      if (subset & (1 << index)) {
        inSubset += weight;
        size += 1;
      }
    });
    expected += ((size % 2 === 1 ? 1 : -1) * total) / inSubset;
  }
  return expected;
}

/** The card (1 = the first light) a float in [0, 1) draws: the prize wheel's pick over the cards' weights. */
export function drawCard(float: number, weights: readonly number[]): number {
  return prizeSegment(float, weights) + 1;
}

/** The set after a card is drawn: a card already held changes nothing (a duplicate). */
export function addCard(held: readonly number[], card: number): { cards: number[]; duplicate: boolean } {
  if (held.includes(card)) return { cards: [...held], duplicate: true };
  return { cards: [...held, card].sort((a, b) => a - b), duplicate: false };
}

/** Every card of the activity (1 … count) is held. */
export function isSetComplete(held: readonly number[], count: number): boolean {
  for (let card = 1; card <= count; card += 1) if (!held.includes(card)) return false;
  return true;
}

/** Spec §3 `cardSet`: the cards held, a comma list in order; cards beyond the activity's count left out. */
export function cardSetText(held: readonly number[], count: number): string {
  return held
    .filter((card) => card >= 1 && card <= count)
    .sort((a, b) => a - b)
    .join(',');
}
