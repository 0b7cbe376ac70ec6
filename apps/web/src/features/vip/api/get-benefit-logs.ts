import { VIP_PATHS } from '@app/contracts/paths';
import type { BenefitLogPage } from '@app/contracts/vip';
import type { QueryOptions } from '../../../lib/query.ts';
import { request } from '../../../lib/request.ts';

/** `benefits/logs`: the member's claims, newest first (the first 50). */
export function benefitLogsQuery(language: string): QueryOptions<BenefitLogPage> {
  return {
    queryKey: ['vip-benefit-logs', language],
    queryFn: () => request<BenefitLogPage>(VIP_PATHS.logs, { params: { page: 1, size: 50 } }),
    staleTime: 0,
  };
}
