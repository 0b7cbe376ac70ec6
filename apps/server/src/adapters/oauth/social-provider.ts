export type SocialProviderName = 'facebook';

export type SocialProfile = {
  /** The provider's id for this person in our app: the stable key to link an account by. */
  id: string;
  name: string;
  /** Absent when the person has no email with the provider or declined to share it. */
  email: string | undefined;
};

/**
 * One social login provider, spoken to by the OAuth 2.0 authorization-code flow with PKCE
 * (RFC 6749 §4.1, RFC 7636). The caller keeps `state` and the PKCE verifier for the browser between
 * `authorizeUrl` and the callback, checks the state, then exchanges the code and reads the profile.
 */
export type SocialProvider = {
  name: SocialProviderName;
  authorizeUrl(input: { state: string; redirectUri: string; codeChallenge: string }): string;
  exchangeCode(input: {
    code: string;
    redirectUri: string;
    codeVerifier: string;
  }): Promise<{ accessToken: string }>;
  fetchProfile(accessToken: string): Promise<SocialProfile>;
};

export type SocialProviderErrorKind =
  /** The person cancelled or refused on the provider's dialog. */
  | 'denied'
  /** The code or token was refused (used, expired, wrong redirect_uri or verifier): start the login again. */
  | 'invalid-grant'
  /** The provider could not be reached, timed out, failed, or refused our app's own credentials. */
  | 'unavailable'
  /** The answer could not be read as the protocol promises. */
  | 'unusable-response';

/**
 * What went wrong, safe to log: it never carries the client secret, the code, the verifier or a token,
 * and keeps no raw cause (a fetch error can quote the request URL, which holds the secret).
 */
export class SocialProviderError extends Error {
  readonly kind: SocialProviderErrorKind;
  readonly provider: SocialProviderName;
  /** The HTTP status of the provider's answer, if one came back. */
  readonly httpStatus: number | undefined;
  /** The provider's own error code (Graph: 100, 190, 101…). */
  readonly providerCode: number | undefined;
  /** The provider's request id for its support (Graph: fbtrace_id). */
  readonly traceId: string | undefined;

  constructor(
    kind: SocialProviderErrorKind,
    message: string,
    details: {
      provider: SocialProviderName;
      httpStatus?: number | undefined;
      providerCode?: number | undefined;
      traceId?: string | undefined;
    },
  ) {
    super(message);
    this.name = 'SocialProviderError';
    this.kind = kind;
    this.provider = details.provider;
    this.httpStatus = details.httpStatus;
    this.providerCode = details.providerCode;
    this.traceId = details.traceId;
  }
}

/** The query string of the redirect back to us, as RFC 6749 §4.1.2 defines it. */
export type AuthorizationResponse = { code: string; state: string };

function readQueryField(query: unknown, name: string): string | undefined {
  if (typeof query !== 'object' || query === null) return undefined;
  const value: unknown = (query as Record<string, unknown>)[name];
  const first: unknown = Array.isArray(value) ? value[0] : value;
  return typeof first === 'string' && first !== '' ? first : undefined;
}

/**
 * Reads the callback's query: the code and state, or the refusal (`error=access_denied`, RFC 6749
 * §4.1.2.1) as a `denied` error. The caller must still compare `state` with the one it stored.
 */
export function readAuthorizationResponse(
  provider: SocialProviderName,
  query: unknown,
): AuthorizationResponse {
  const error = readQueryField(query, 'error');
  if (error !== undefined) {
    const kind = error === 'access_denied' ? 'denied' : 'unavailable';
    const reason = readQueryField(query, 'error_reason');
    throw new SocialProviderError(
      kind,
      `${provider} login ended with ${error}${reason === undefined ? '' : ` (${reason})`}`.slice(0, 200),
      { provider },
    );
  }
  const code = readQueryField(query, 'code');
  const state = readQueryField(query, 'state');
  if (code === undefined || state === undefined) {
    throw new SocialProviderError('unusable-response', `${provider} callback without a code and a state`, {
      provider,
    });
  }
  return { code, state };
}
