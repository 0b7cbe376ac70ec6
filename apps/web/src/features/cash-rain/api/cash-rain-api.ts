import type { CashRainConfig, CashRainGift, CashRainRecord } from '@app/contracts/cash-rain';
import type { Profile } from '@app/contracts/member';
import { ACCOUNT_PATHS, CASH_RAIN_PATHS } from '@app/contracts/paths';
import type { QueryOptions } from '../../../lib/query.ts';
import { request } from '../../../lib/request.ts';

/** Today's slots, rules, title and (for a member) memberStatus. Keyed by the token: memberStatus is the caller's. */
export function cashRainConfigQueryOptions(token: string | undefined): QueryOptions<CashRainConfig> {
  return {
    queryKey: ['cash-rain-config', token ?? ''],
    queryFn: getCashRainConfig,
    staleTime: 30_000,
  };
}

export function getCashRainConfig(): Promise<CashRainConfig> {
  return request<CashRainConfig>(CASH_RAIN_PATHS.config);
}

/** Whether the member already took part in today's slot `id`. */
export function getDrawStatus(id: number): Promise<boolean> {
  return request<boolean>(CASH_RAIN_PATHS.drawStatus, { params: { id } });
}

/** Whether the member joined slot `id`, shared by the home widget and the rain page (fetched again after a claim). */
export function drawStatusQueryOptions(token: string, id: number): QueryOptions<boolean> {
  return {
    queryKey: ['cash-rain-joined', token, id],
    queryFn: () => getDrawStatus(id),
    staleTime: 30_000,
  };
}

/** The claim: the count only says whether the member caught anything; the server picks the packet. */
export function claimCashRainGift(input: { id: number; count: number }): Promise<CashRainGift> {
  return request<CashRainGift>(CASH_RAIN_PATHS.gifts, { method: 'POST', data: input });
}

export function getMemberInfo(): Promise<Profile> {
  return request<Profile>(ACCOUNT_PATHS.memberById);
}

/** The member's latest claims, each with its packet's position and its slot's commitment (seed once ended). */
export function cashRainRecordsQueryOptions(token: string): QueryOptions<CashRainRecord[]> {
  return {
    queryKey: ['cash-rain-records', token],
    queryFn: () => request<CashRainRecord[]>(CASH_RAIN_PATHS.records),
    staleTime: 30_000,
  };
}
