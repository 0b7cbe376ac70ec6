import { MEMBER_PATHS, API_BASE } from '@app/contracts/paths';
import { request } from '../../../lib/request.ts';

export const SOCIAL_PROVIDER = 'facebook';

/** Where "Continue with Facebook" goes: the server starts the OAuth flow and sends the player on. */
export function socialAuthorizeUrl(returnTo: string | undefined): string {
  const path = `${API_BASE}${MEMBER_PATHS.socialAuthorize.replace(':provider', SOCIAL_PROVIDER)}`;
  return returnTo ? `${path}?r=${encodeURIComponent(returnTo)}` : path;
}

/** The provider account a registration ticket stands for (to greet the player by name). */
export function getSocialTicket(ticket: string): Promise<{ provider: string; name: string }> {
  return request(MEMBER_PATHS.socialTicket, { params: { ticket } });
}
