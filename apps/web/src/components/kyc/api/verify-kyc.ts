import type { KycRecord, KycVerify } from '@app/contracts/kyc';
import { ACCOUNT_PATHS } from '@app/contracts/paths';
import { request } from '../../../lib/request.ts';

/** The saved form verified with the photo (issue 25 §1); answers the record as it then stands. */
export function verifyKyc(data: KycVerify): Promise<KycRecord> {
  return request<KycRecord>(ACCOUNT_PATHS.kycVerify, { method: 'POST', data, bodyType: 'json' });
}
