import type { CollectCardsDraw } from '@app/contracts/collect-cards';
import { COLLECT_CARDS_PATHS, FAIR_VERIFY_PAGE } from '@app/contracts/paths';
import type { QueryOptions } from '../../../lib/query.ts';
import { request } from '../../../lib/request.ts';

/** The member's latest draws with their revealed seeds (each one checkable in the verifier); keyed by member. */
export function cardDrawsQuery(memberId: number | undefined): QueryOptions<CollectCardsDraw[]> {
  return {
    queryKey: ['collect-cards-draws', memberId],
    queryFn: () => request<CollectCardsDraw[]>(COLLECT_CARDS_PATHS.draws),
    staleTime: 0,
  };
}

/** The games app's fairness verifier for one draw: the prize wheel over the cards' weights, one spin. */
export function verifyDrawLink(draw: CollectCardsDraw): string {
  const query = new URLSearchParams({
    game: 'prize-wheel',
    serverSeed: draw.fairness.serverSeed,
    serverSeedHash: draw.fairness.serverSeedHash,
    clientSeed: draw.fairness.clientSeed,
    nonce: String(draw.fairness.nonce),
    options: JSON.stringify({ weights: draw.fairness.weights, spins: 1 }),
  });
  return `${FAIR_VERIFY_PAGE}?${query.toString()}`;
}
