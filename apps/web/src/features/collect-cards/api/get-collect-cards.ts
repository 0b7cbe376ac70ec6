import type { CollectCardsConfig } from '@app/contracts/collect-cards';
import { COLLECT_CARDS_PATHS } from '@app/contracts/paths';
import type { QueryOptions } from '../../../lib/query.ts';
import { request } from '../../../lib/request.ts';

/** The activity as anyone sees it (docs/api.md "Collect-cards"): fresh on each visit. */
export function collectCardsQuery(): QueryOptions<CollectCardsConfig> {
  return {
    queryKey: ['collect-cards'],
    queryFn: () => request<CollectCardsConfig>(COLLECT_CARDS_PATHS.config),
    staleTime: 0,
  };
}
