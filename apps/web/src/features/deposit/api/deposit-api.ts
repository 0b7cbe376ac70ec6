import type { DepositChannel, DepositResult, PayForm, PayItem, TopUpResult } from '@app/contracts/deposit';
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

/**
 * Pay service (ours): a new prompt for an order whose prompt expired or was cancelled, as a new order for
 * the same deposit; the answer names its hall.
 */
export function promptAgain(input: { transNo: string; sign: string }): Promise<TopUpResult> {
  return request<TopUpResult>(PAY_SERVICE_PATHS.promptAgain, { method: 'POST', data: input });
}

export type Persona = { totalDepositCount: number };

/** memberInfo/persona: the member's paid deposits. */
export function getPersona(): Promise<Persona> {
  return request<Persona>(ACCOUNT_PATHS.persona);
}

/**
 * The member's paid-deposit count, keyed by member so another login never reads it. Read again on every
 * visit (a deposit may have been paid since); the result page refreshes it after a success.
 */
export function personaQueryOptions(memberId: number): QueryOptions<Persona> {
  return { queryKey: ['persona', memberId], queryFn: getPersona, staleTime: 0 };
}

/** The profile with fresh balances (after a deposit). */
export function getMemberInfo(): Promise<Profile> {
  return request<Profile>(ACCOUNT_PATHS.memberById);
}
