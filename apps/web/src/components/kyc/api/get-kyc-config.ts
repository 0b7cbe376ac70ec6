import type { KycFieldName } from '@app/contracts/kyc';
import { ACCOUNT_PATHS } from '@app/contracts/paths';
import { useQuery, type QueryOptions } from '../../../lib/query.ts';
import { request } from '../../../lib/request.ts';

export type KycConfig = { enable: boolean; basicFields: KycFieldName[] };

export function getKycConfig(): Promise<KycConfig> {
  return request<KycConfig>(ACCOUNT_PATHS.kycConfig);
}

export function getKycConfigQueryOptions(): QueryOptions<KycConfig> {
  return { queryKey: ['kyc', 'config'], queryFn: getKycConfig, staleTime: 10 * 60_000 };
}

export function useKycConfig() {
  return useQuery(getKycConfigQueryOptions());
}
