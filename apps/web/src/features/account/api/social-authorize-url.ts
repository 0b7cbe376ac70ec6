import { API_BASE, MEMBER_PATHS } from '@app/contracts/paths';

const SOCIAL_PROVIDER = 'facebook';

/** Where "Continue with Facebook" goes: the server starts the OAuth flow and sends the player on. */
export function socialAuthorizeUrl(returnTo: string | undefined): string {
  const path = `${API_BASE}${MEMBER_PATHS.socialAuthorize.replace(':provider', SOCIAL_PROVIDER)}`;
  return returnTo ? `${path}?r=${encodeURIComponent(returnTo)}` : path;
}
