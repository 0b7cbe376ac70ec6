import { PAYMENT_PATHS } from '@app/contracts/paths';
import type { WithdrawInitResult } from '@app/contracts/withdraw';
import { request } from '../../../lib/request.ts';

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
