import type { CollectCardsNotice } from '@app/contracts/collect-cards';
import { COLLECT_CARDS_PATHS } from '@app/contracts/paths';
import type { QueryOptions } from '../../../lib/query.ts';
import { request } from '../../../lib/request.ts';

/** The latest completed sets, mobiles masked (empty where the operator keeps winners hidden). */
export function collectCardsNoticesQuery(): QueryOptions<CollectCardsNotice[]> {
  return {
    queryKey: ['collect-cards-notices'],
    queryFn: () => request<CollectCardsNotice[]>(COLLECT_CARDS_PATHS.notices),
    staleTime: 10_000,
  };
}
