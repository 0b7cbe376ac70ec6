import type { ExchangeOption } from '@app/contracts/exchange';
import { PAYMENT_PATHS } from '@app/contracts/paths';
import type { QueryOptions } from '../../../lib/query.ts';
import { request } from '../../../lib/request.ts';

/** The exchange options (spec §7 `account/cfg/exchange`): operator settings, fresh enough for 5 minutes. */
export function exchangeOptionsQuery(): QueryOptions<ExchangeOption[]> {
  return {
    queryKey: ['exchange-options'],
    queryFn: () => request<ExchangeOption[]>(PAYMENT_PATHS.exchangeConfig),
    staleTime: 5 * 60_000,
  };
}
