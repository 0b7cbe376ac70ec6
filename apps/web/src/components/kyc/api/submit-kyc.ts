import type { KycRecord } from '@app/contracts/kyc';
import { ACCOUNT_PATHS } from '@app/contracts/paths';
import { request } from '../../../lib/request.ts';

/** `field{index}` → value, form-encoded (spec §3). Code 0 (msg 'ok') answers the new record. */
export function submitKyc(data: Record<string, string>): Promise<KycRecord> {
  return request<KycRecord>(ACCOUNT_PATHS.kyc, { method: 'POST', data });
}
