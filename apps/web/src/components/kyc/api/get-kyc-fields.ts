import type { KycField } from '@app/contracts/kyc';
import { ACCOUNT_PATHS } from '@app/contracts/paths';
import { useQuery, type QueryOptions } from '../../../lib/query.ts';
import { request } from '../../../lib/request.ts';

/** The fields the server's market asks for, sorted by index (the form's order). */
async function getKycFields(): Promise<KycField[]> {
  const fields = await request<KycField[]>(ACCOUNT_PATHS.kycFields);
  return [...fields].sort((a, b) => a.index - b.index);
}

export function kycFieldsQuery(): QueryOptions<KycField[]> {
  return { queryKey: ['kyc-fields'], queryFn: getKycFields, staleTime: 10 * 60_000 };
}

export function useKycFields(enabled = true) {
  return useQuery({ ...kycFieldsQuery(), enabled });
}
