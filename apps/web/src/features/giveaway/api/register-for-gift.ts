import type { GiveawayRegisterResponse } from '@app/contracts/giveaway';
import { GIVEAWAY_PATHS } from '@app/contracts/paths';
import { request } from '../../../lib/request.ts';

/** Step 2: the account and the gift, once. */
export function registerForGift(data: {
  id: number;
  mobile: string;
  password: string;
  smsCode: string;
}): Promise<GiveawayRegisterResponse> {
  return request<GiveawayRegisterResponse>(GIVEAWAY_PATHS.register, { method: 'POST', data });
}
