import { ACCOUNT_PATHS } from '@app/contracts/paths';
import type { QueryOptions } from '../../../lib/query.ts';
import { request } from '../../../lib/request.ts';

export type Persona = { totalDepositCount: number };

/**
 * The member's paid-deposit count (memberInfo/persona), keyed by member so another login never reads it.
 * Read again on every visit (a deposit may have been paid since); the result page refreshes it after a
 * success.
 */
export function personaQuery(memberId: number): QueryOptions<Persona> {
  return { queryKey: ['persona', memberId], queryFn: getPersona, staleTime: 0 };
}

export function getPersona(): Promise<Persona> {
  return request<Persona>(ACCOUNT_PATHS.persona);
}
