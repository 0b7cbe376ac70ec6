import type { Profile } from '@app/contracts/member';
import { ACCOUNT_PATHS } from '@app/contracts/paths';
import { request } from '../lib/request.ts';

/** The member's profile with fresh balances, read again after money moved (a deposit, a claim, a withdrawal). */
export function getMemberInfo(): Promise<Profile> {
  return request<Profile>(ACCOUNT_PATHS.memberById);
}
