import { MEMBER_PATHS } from '@app/contracts/paths';
import { request } from '../../../lib/request.ts';

/** The provider account a registration ticket stands for (to greet the player by name). */
export function getSocialTicket(ticket: string): Promise<{ provider: string; name: string }> {
  return request(MEMBER_PATHS.socialTicket, { params: { ticket } });
}
