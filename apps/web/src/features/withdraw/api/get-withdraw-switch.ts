import type { SystemConfigEntry } from '@app/contracts/config';
import { SYSTEM_OPTION } from '@app/contracts/config';
import { CONFIG_PATHS } from '@app/contracts/paths';
import type { QueryOptions } from '../../../lib/query.ts';
import { request } from '../../../lib/request.ts';

/** Config 6002: whether withdrawals are on, and the message when they are not (spec §4). */
export function withdrawSwitchQuery(): QueryOptions<SystemConfigEntry[]> {
  return {
    queryKey: ['withdraw-switch'],
    queryFn: () =>
      request<SystemConfigEntry[]>(CONFIG_PATHS.systemConfigByCode, {
        params: { code: SYSTEM_OPTION.WITHDRAW_ENABLE },
      }),
    // Read again on every visit: an operator may switch withdrawals off at any moment.
    staleTime: 0,
  };
}
