import { createHmac } from 'node:crypto';
import { z } from 'zod';
import { type SocialProfile, type SocialProvider, SocialProviderError } from './social-provider.ts';
import { describeNetworkError } from '../network-error.ts';

export const FACEBOOK_AUTH_BASE_URL = 'https://www.facebook.com';
export const FACEBOOK_GRAPH_BASE_URL = 'https://graph.facebook.com';
export const FACEBOOK_DEFAULT_VERSION = 'v19.0';

export type FacebookProviderOptions = {
  /** The login dialog's host: https://www.facebook.com, or the simulator. */
  authBaseUrl?: string;
  /** The Graph API host: https://graph.facebook.com, or the simulator. */
  graphBaseUrl?: string;
  /** The Graph API version in every versioned path, e.g. `v19.0`. */
  version?: string;
  /** The App ID and App Secret of the Facebook app. */
  clientId: string;
  clientSecret: string;
  /** Permissions asked on the dialog. */
  scope?: readonly string[];
  fetch?: typeof fetch;
  timeoutMs?: number;
};

const DEFAULT_SCOPE = ['public_profile', 'email'] as const;
const DEFAULT_TIMEOUT_MS = 10_000;
const MAX_QUOTED_MESSAGE_LENGTH = 200;

const TokenResponseSchema = z.object({
  access_token: z.string().min(1),
  token_type: z.string().optional(),
  expires_in: z.number().optional(),
});

const ProfileResponseSchema = z.object({
  id: z.string().min(1),
  name: z.string(),
  email: z.string().optional(),
});

/** Graph's error body: `{"error":{"message","type","code","error_subcode"?,"fbtrace_id"}}`. */
const GraphErrorSchema = z.object({
  error: z.object({
    message: z.string(),
    type: z.string().optional(),
    code: z.number().int(),
    error_subcode: z.number().int().optional(),
    fbtrace_id: z.string().optional(),
  }),
});
type GraphError = z.infer<typeof GraphErrorSchema>['error'];

type Operation = 'token exchange' | 'profile request';

function trimBase(url: string): string {
  return url.replace(/\/+$/, '');
}

/**
 * Facebook Login with the Graph API (the OAuth 2.0 code flow with PKCE S256). No call is retried: a
 * code is single use, so a token exchange whose answer was lost cannot be replayed, and a person who
 * waits on the login screen is better served by an error they can retry at once.
 */
export function createFacebookProvider(options: FacebookProviderOptions): SocialProvider {
  const authBaseUrl = trimBase(options.authBaseUrl ?? FACEBOOK_AUTH_BASE_URL);
  const graphBaseUrl = trimBase(options.graphBaseUrl ?? FACEBOOK_GRAPH_BASE_URL);
  const version = options.version ?? FACEBOOK_DEFAULT_VERSION;
  const scope = (options.scope ?? DEFAULT_SCOPE).join(',');
  const fetchFn = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const provider = 'facebook' as const;

  /** The token request carries the secret in its query string: nothing quoted from outside may echo it. */
  function redact(text: string): string {
    const shortened = text.slice(0, MAX_QUOTED_MESSAGE_LENGTH);
    return options.clientSecret === '' ? shortened : shortened.replaceAll(options.clientSecret, '[redacted]');
  }

  function fail(
    kind: SocialProviderError['kind'],
    message: string,
    details: { httpStatus?: number; graph?: GraphError } = {},
  ): SocialProviderError {
    return new SocialProviderError(kind, message, {
      provider,
      httpStatus: details.httpStatus,
      providerCode: details.graph?.code,
      traceId: details.graph?.fbtrace_id,
    });
  }

  /** Calls Graph and resolves with a 200's JSON body; every other outcome becomes a SocialProviderError. */
  async function callGraph(operation: Operation, url: URL): Promise<unknown> {
    const signal = AbortSignal.timeout(timeoutMs);
    let status: number;
    let text: string;
    try {
      const response = await fetchFn(url, { headers: { accept: 'application/json' }, signal });
      status = response.status;
      text = await response.text();
    } catch (error) {
      const reason = signal.aborted ? `timed out after ${timeoutMs} ms` : describeNetworkError(error);
      throw fail('unavailable', `Facebook ${operation} failed: ${reason}`);
    }

    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      const kind = status >= 500 ? 'unavailable' : 'unusable-response';
      throw fail(kind, `Facebook ${operation} answered HTTP ${status} with a body that is not JSON`, {
        httpStatus: status,
      });
    }
    if (status === 200) return body;

    const graphError = GraphErrorSchema.safeParse(body);
    if (!graphError.success) {
      const kind = status >= 500 ? 'unavailable' : 'unusable-response';
      throw fail(kind, `Facebook ${operation} answered HTTP ${status} without a Graph error`, {
        httpStatus: status,
      });
    }
    const graph = graphError.data.error;
    const described = `Facebook ${operation} refused (${graph.type ?? 'error'} ${graph.code}): ${redact(graph.message)}`;
    throw fail(classifyGraphError(operation, status, graph), described, { httpStatus: status, graph });
  }

  return {
    name: provider,

    authorizeUrl({ state, redirectUri, codeChallenge }) {
      const url = new URL(`${authBaseUrl}/${version}/dialog/oauth`);
      url.search = new URLSearchParams({
        client_id: options.clientId,
        redirect_uri: redirectUri,
        state,
        response_type: 'code',
        scope,
        code_challenge: codeChallenge,
        code_challenge_method: 'S256',
      }).toString();
      return url.toString();
    },

    async exchangeCode({ code, redirectUri, codeVerifier }) {
      const url = new URL(`${graphBaseUrl}/${version}/oauth/access_token`);
      url.search = new URLSearchParams({
        client_id: options.clientId,
        redirect_uri: redirectUri,
        client_secret: options.clientSecret,
        code,
        code_verifier: codeVerifier,
      }).toString();
      const parsed = TokenResponseSchema.safeParse(await callGraph('token exchange', url));
      if (!parsed.success)
        throw fail('unusable-response', 'Facebook token exchange answered without an access_token');
      return { accessToken: parsed.data.access_token };
    },

    async fetchProfile(accessToken): Promise<SocialProfile> {
      const url = new URL(`${graphBaseUrl}/me`);
      url.search = new URLSearchParams({
        fields: 'id,name,email',
        access_token: accessToken,
        // Proves the call comes from the app's server, so a token taken from elsewhere is useless
        // to anyone without the secret (required when the app enables "Require App Secret").
        appsecret_proof: createHmac('sha256', options.clientSecret).update(accessToken).digest('hex'),
      }).toString();
      const parsed = ProfileResponseSchema.safeParse(await callGraph('profile request', url));
      if (!parsed.success)
        throw fail('unusable-response', 'Facebook profile answered without an id and a name');
      return { id: parsed.data.id, name: parsed.data.name, email: parsed.data.email || undefined };
    },
  };
}

/**
 * Graph error codes (developers.facebook.com/docs/graph-api/guides/error-handling): 100 on the token
 * endpoint is a bad, used or expired code, a redirect_uri or verifier mismatch; 190 is a token Facebook
 * no longer accepts. Both mean the person must log in again. Everything else (101 and 1 for our own
 * app credentials, 2 and 4 and 17 for outages and rate limits) is the provider being unusable for now.
 */
function classifyGraphError(
  operation: Operation,
  httpStatus: number,
  graph: GraphError,
): SocialProviderError['kind'] {
  if (httpStatus >= 500) return 'unavailable';
  if (operation === 'token exchange' && graph.code === 100) return 'invalid-grant';
  if (operation === 'profile request' && graph.code === 190) return 'invalid-grant';
  return 'unavailable';
}
