import type {
  DepositChannel,
  DepositInitResult,
  DepositResult,
  PayForm,
  PayItem,
  TopUpResult,
} from '@app/contracts/deposit';
import type { Profile } from '@app/contracts/member';
import { ACCOUNT_PATHS, PAY_SERVICE_PATHS, PAYMENT_PATHS } from '@app/contracts/paths';
import { request } from '../../../lib/request.ts';
import type { QueryOptions } from '../../../lib/query.ts';

/** Deposit packages (spec §3 pay item); the same for everyone, so cached for a while. */
export function payItemsQueryOptions(): QueryOptions<PayItem[]> {
  return {
    queryKey: ['pay-items'],
    queryFn: () => request<PayItem[]>(PAYMENT_PATHS.payItems),
    staleTime: 5 * 60_000,
  };
}

/** Deposit channels in the player's language. */
export function depositChannelsQueryOptions(language: string): QueryOptions<DepositChannel[]> {
  return {
    queryKey: ['deposit-channels', language],
    queryFn: () => request<DepositChannel[]>(PAYMENT_PATHS.depositChannels),
    staleTime: 5 * 60_000,
  };
}

export type TopUpInput = { itemId?: number | undefined; payMoney: number; payChannel: number };

/** The top-up call (spec §4 pay flow): the answer's redirectUrl names the payment hall, transNo and sign. */
export function topUp(input: TopUpInput): Promise<TopUpResult> {
  return request<TopUpResult>(PAYMENT_PATHS.topUp, { method: 'POST', data: input });
}

/** The nested deposit's step 1: the order, and the prompt on the member's phone at once. */
export function initDeposit(input: TopUpInput): Promise<DepositInitResult> {
  return request<DepositInitResult>(PAYMENT_PATHS.depositInit, { method: 'POST', data: input });
}

/** The deposit state poll by transaction number (state below 3: still waiting). */
export function getDepositResult(transNo: string): Promise<DepositResult> {
  return request<DepositResult>(PAYMENT_PATHS.depositResult, { params: { transNo } });
}

/** Pay service (spec §7): the form of the panpay hall. */
export function getPayForm(input: {
  payToken: string;
  sign: string;
  payChannelId?: number;
}): Promise<PayForm> {
  return request<PayForm>(PAY_SERVICE_PATHS.forms, { method: 'POST', data: input });
}

/** Pay service: the STK Push to the number typed in the hall (extendInfo is JSON with the phone). */
export function initPayment(input: {
  payToken: string;
  sign: string;
  payChannelId: number;
  phone: string;
}): Promise<DepositResult> {
  return request<DepositResult>(PAY_SERVICE_PATHS.initPayment, {
    method: 'POST',
    data: {
      payToken: input.payToken,
      sign: input.sign,
      payChannelId: input.payChannelId,
      extendInfo: JSON.stringify({ phone: input.phone }),
    },
  });
}

/** Pay service: the state of an order, the sign checked. */
export function getPaymentResult(input: { transNo: string; sign: string }): Promise<DepositResult> {
  return request<DepositResult>(PAY_SERVICE_PATHS.paymentResult, { method: 'POST', data: input });
}

/** memberInfo/persona: the member's paid deposits. */
export function getPersona(): Promise<{ totalDepositCount: number }> {
  return request<{ totalDepositCount: number }>(ACCOUNT_PATHS.persona);
}

/** The profile with fresh balances (after a deposit). */
export function getMemberInfo(): Promise<Profile> {
  return request<Profile>(ACCOUNT_PATHS.memberById);
}
