import type { ComponentType } from 'react';
import { useSettings } from '../../../lib/settings.ts';
import { IndexLuckywin, IndexWinslots } from './index-pages.tsx';
import { ResultsLuckywin, ResultsWinslots } from './results-pages.tsx';

/** Each theme's variant of the index and results pages (spec §2: "variant by theme"). */
const VARIANTS: Record<string, { Index: ComponentType; Results: ComponentType }> = {
  winslots: { Index: IndexWinslots, Results: ResultsWinslots },
  luckywin: { Index: IndexLuckywin, Results: ResultsLuckywin },
};

/** The theme's variant; a theme without one is an error (spec §4: 'lucky refund theme not found'). */
export function luckyRefundVariant(theme: string): { Index: ComponentType; Results: ComponentType } {
  const variant = Object.hasOwn(VARIANTS, theme) ? VARIANTS[theme] : undefined;
  if (!variant) throw new Error('lucky refund theme not found');
  return variant;
}

/** `/activities/lucky-refund/index`: the round on sale, buying codes, the jackpot, the raffle. */
export function LuckyRefundIndexPage() {
  const { Index } = luckyRefundVariant(useSettings().theme);
  return <Index />;
}

/** `/activities/lucky-refund/results`: the rounds' and raffles' results and the member's own. */
export function LuckyRefundResultsPage() {
  const { Results } = luckyRefundVariant(useSettings().theme);
  return <Results />;
}
