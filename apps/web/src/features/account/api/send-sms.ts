import type { SendSmsRequest, SendSmsResponse } from '@app/contracts/member';
import { MEMBER_PATHS } from '@app/contracts/paths';
import { request } from '../../../lib/request.ts';

/** Sends a code for one purpose (login, register, reset); the answer says when another may be asked. */
export function sendSms(data: SendSmsRequest): Promise<SendSmsResponse> {
  return request<SendSmsResponse>(MEMBER_PATHS.sendSms, { method: 'POST', data });
}
