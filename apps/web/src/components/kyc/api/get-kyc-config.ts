import type { KycFieldName } from '@app/contracts/kyc';
import { ACCOUNT_PATHS } from '@app/contracts/paths';
import { useQuery, type QueryOptions } from '../../../lib/query.ts';
import { request } from '../../../lib/request.ts';

export type KycConfig = { enable: boolean; basicFields: KycFieldName[] };

/** Whether the market asks for identity verification, and which fields are basic. */
export function kycConfigQuery(): QueryOptions<KycConfig> {
  return {
    queryKey: ['kyc-config'],
    queryFn: () => request<KycConfig>(ACCOUNT_PATHS.kycConfig),
    staleTime: 10 * 60_000,
  };
}

export function useKycConfig() {
  return useQuery(kycConfigQuery());
}
