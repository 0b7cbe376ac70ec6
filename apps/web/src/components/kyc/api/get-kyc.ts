import type { KycRecord } from '@app/contracts/kyc';
import { ACCOUNT_PATHS } from '@app/contracts/paths';
import { useQuery, type QueryOptions } from '../../../lib/query.ts';
import { request } from '../../../lib/request.ts';
import { useSession } from '../../../lib/session.ts';

/**
 * The member's verification record. Keyed by the session's token: the cache outlives a logout, and the next member on this phone must
 * never see the previous one's identity, not even for the moment a refetch takes.
 */
export function kycQuery(token: string | undefined): QueryOptions<KycRecord> {
  return {
    queryKey: ['kyc-record', token],
    queryFn: () => request<KycRecord>(ACCOUNT_PATHS.kyc),
    staleTime: 0,
  };
}

export function useKyc() {
  const { token } = useSession();
  return useQuery({ ...kycQuery(token), enabled: token !== undefined });
}
