import type { SendSmsResponse } from '@app/contracts/member';
import { MEMBER_PATHS } from '@app/contracts/paths';
import { request } from '../../../lib/request.ts';

/** The registration code, as the register page asks for it. */
export function sendRegisterCode(mobile: string): Promise<SendSmsResponse> {
  return request<SendSmsResponse>(MEMBER_PATHS.sendSms, {
    method: 'POST',
    data: { mobile, type: 'register' },
  });
}
