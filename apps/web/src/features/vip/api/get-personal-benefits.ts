import { VIP_PATHS } from '@app/contracts/paths';
import type { VipBenefit } from '@app/contracts/vip';
import type { QueryOptions } from '../../../lib/query.ts';
import { request } from '../../../lib/request.ts';

/** `benefits/personal-enjoyed`: the member's benefits with statu and state, in the language shown. */
export function personalBenefitsQuery(language: string): QueryOptions<VipBenefit[]> {
  return {
    queryKey: ['vip-personal-benefits', language],
    queryFn: () => request<VipBenefit[]>(VIP_PATHS.personalEnjoyed),
    staleTime: 0,
  };
}
