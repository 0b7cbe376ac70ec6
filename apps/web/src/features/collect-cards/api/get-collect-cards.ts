import type { CollectCardsConfig, CollectCardsNotice } from '@app/contracts/collect-cards';
import { COLLECT_CARDS_PATHS } from '@app/contracts/paths';
import type { QueryOptions } from '../../../lib/query.ts';
import { request } from '../../../lib/request.ts';

/** The activity as anyone sees it (docs/api.md "Collect-cards"): fresh on each visit. */
export const collectCardsQuery: QueryOptions<CollectCardsConfig> = {
  queryKey: ['collect-cards'],
  queryFn: () => request<CollectCardsConfig>(COLLECT_CARDS_PATHS.config),
  staleTime: 0,
};

/** The latest completed sets, mobiles masked (empty where the operator keeps winners hidden). */
export const collectCardsNoticesQuery: QueryOptions<CollectCardsNotice[]> = {
  queryKey: ['collect-cards-notices'],
  queryFn: () => request<CollectCardsNotice[]>(COLLECT_CARDS_PATHS.notices),
  staleTime: 10_000,
};
