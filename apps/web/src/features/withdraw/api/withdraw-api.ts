import type { SystemConfigEntry } from '@app/contracts/config';
import { SYSTEM_OPTION } from '@app/contracts/config';
import type { Profile } from '@app/contracts/member';
import { ACCOUNT_PATHS, CONFIG_PATHS, PAYMENT_PATHS } from '@app/contracts/paths';
import type { WithdrawChannel, WithdrawInitResult } from '@app/contracts/withdraw';
import type { QueryOptions } from '../../../lib/query.ts';
import { request } from '../../../lib/request.ts';

/** Config 6002: whether withdrawals are on, and the message when they are not (spec §4). */
export function withdrawSwitchQueryOptions(): QueryOptions<SystemConfigEntry[]> {
  return {
    queryKey: ['withdraw', 'switch'],
    queryFn: () =>
      request<SystemConfigEntry[]>(CONFIG_PATHS.systemConfigByCode, {
        params: { code: SYSTEM_OPTION.WITHDRAW_ENABLE },
      }),
    // Read again on every visit: an operator may switch withdrawals off at any moment.
    staleTime: 0,
  };
}

export function withdrawChannelsQueryOptions(language: string): QueryOptions<WithdrawChannel[]> {
  return {
    queryKey: ['withdraw', 'channels', language],
    queryFn: () => request<WithdrawChannel[]>(PAYMENT_PATHS.withdrawChannels),
    staleTime: 0,
  };
}

/** The tax (minor units) the server would withhold from `money` (minor units) now. */
export function getMemberTax(money: number, signal?: AbortSignal): Promise<number> {
  return request<number>(PAYMENT_PATHS.memberTax, { params: { money }, signal });
}

export type WithdrawSubmission = {
  /** Minor units. */
  money: number;
  channelCode: string;
  payChannel: number;
  /** The member's own number: the server pays it whatever is sent here. */
  account: string;
};

/** `pan-pay/withdraw/init` (spec §3 submission): bank fields, money, channel and payChannel. */
export function submitWithdraw(input: WithdrawSubmission): Promise<WithdrawInitResult> {
  return request<WithdrawInitResult>(PAYMENT_PATHS.withdrawInit, {
    method: 'POST',
    data: {
      bankAccountName: '',
      bankAccount: input.account,
      bankCode: input.channelCode,
      bankName: input.channelCode,
      money: input.money,
      channel: input.channelCode,
      payChannel: input.payChannel,
    },
  });
}

/** The profile with fresh balances (on entering the page and after a withdrawal). */
export function getMemberInfo(): Promise<Profile> {
  return request<Profile>(ACCOUNT_PATHS.memberById);
}
