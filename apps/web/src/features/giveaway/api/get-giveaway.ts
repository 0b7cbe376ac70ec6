import type { GiveawayBasic } from '@app/contracts/giveaway';
import { GIVEAWAY_PATHS } from '@app/contracts/paths';
import type { QueryOptions } from '../../../lib/query.ts';
import { request } from '../../../lib/request.ts';

/** The giveaway's landing: its gift and terms. */
export function giveawayQuery(id: number): QueryOptions<GiveawayBasic> {
  return {
    queryKey: ['giveaway', id],
    queryFn: () => request<GiveawayBasic>(GIVEAWAY_PATHS.basic, { params: { id } }),
    staleTime: 60_000,
  };
}
