import { VIP_PATHS } from '@app/contracts/paths';
import type { BenefitClaimResult } from '@app/contracts/vip';
import { request } from '../../../lib/request.ts';

/** `POST benefits/personal-enjoyed ?benefitsId`: the claim, once per period; answers cashbackAmount. */
export function claimBenefit(benefitsId: number): Promise<BenefitClaimResult> {
  return request<BenefitClaimResult>(VIP_PATHS.personalEnjoyed, { method: 'POST', params: { benefitsId } });
}
