import type { CashRainConfig } from '@app/contracts/cash-rain';
import { CASH_RAIN_PATHS } from '@app/contracts/paths';
import type { QueryOptions } from '../../../lib/query.ts';
import { request } from '../../../lib/request.ts';

/** Today's slots, rules, title and (for a member) memberStatus. Keyed by the token: memberStatus is the caller's. */
export function cashRainConfigQuery(token: string | undefined): QueryOptions<CashRainConfig> {
  return {
    queryKey: ['cash-rain-config', token ?? ''],
    queryFn: getCashRainConfig,
    staleTime: 30_000,
  };
}

export function getCashRainConfig(): Promise<CashRainConfig> {
  return request<CashRainConfig>(CASH_RAIN_PATHS.config);
}
