import type { LoginResponse, RegisterRequest } from '@app/contracts/member';
import { MEMBER_PATHS } from '@app/contracts/paths';
import { request } from '../../../lib/request.ts';

/**
 * Registration answers like a login (spec §4: register sets profile and token). Form-encoded as every call;
 * as JSON where the market's law adds the identity and its selfie (too large for a form body) or limits.
 */
export function register(data: RegisterRequest): Promise<LoginResponse> {
  const gated = data.identity !== undefined || data.limits !== undefined;
  return request<LoginResponse>(MEMBER_PATHS.register, {
    method: 'POST',
    data,
    ...(gated ? { bodyType: 'json' as const } : {}),
  });
}
