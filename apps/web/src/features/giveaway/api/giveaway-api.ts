import type { GiveawayBasic, GiveawayGift, GiveawayRegisterResponse } from '@app/contracts/giveaway';
import type { SendSmsResponse } from '@app/contracts/member';
import { GIVEAWAY_PATHS, MEMBER_PATHS } from '@app/contracts/paths';
import type { QueryOptions } from '../../../lib/query.ts';
import { request } from '../../../lib/request.ts';

export function giveawayQueryOptions(id: number): QueryOptions<GiveawayBasic> {
  return {
    queryKey: ['giveaway', id],
    queryFn: () => request<GiveawayBasic>(GIVEAWAY_PATHS.basic, { params: { id } }),
    staleTime: 60_000,
  };
}

/** Step 1: the gift a new mobile would receive (a registered one is refused). */
export function checkGiveawayGift(data: { id: number; mobile: string }): Promise<GiveawayGift> {
  return request<GiveawayGift>(GIVEAWAY_PATHS.gifts, { method: 'POST', data });
}

/** The registration code, as the register page asks for it. */
export function sendRegisterCode(mobile: string): Promise<SendSmsResponse> {
  return request<SendSmsResponse>(MEMBER_PATHS.sendSms, {
    method: 'POST',
    data: { mobile, type: 'register' },
  });
}

/** Step 2: the account and the gift, once. */
export function registerForGift(data: {
  id: number;
  mobile: string;
  password: string;
  smsCode: string;
}): Promise<GiveawayRegisterResponse> {
  return request<GiveawayRegisterResponse>(GIVEAWAY_PATHS.register, { method: 'POST', data });
}
