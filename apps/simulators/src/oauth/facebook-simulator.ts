import { createHash, createHmac, randomBytes, randomInt } from 'node:crypto';
import formbody from '@fastify/formbody';
import Fastify, {
  type FastifyInstance,
  type FastifyPluginAsync,
  type FastifyReply,
  type FastifyServerOptions,
} from 'fastify';
import { renderErrorPage, renderLoginPage } from './facebook-login-page.ts';
import { type AuthorizationGrant, createOAuthGrantStore } from './oauth-grants.ts';
import { DEFAULT_TEST_USERS, type FacebookTestUser } from './test-users.ts';

export type FacebookSimulatorOptions = {
  /** The one app the simulator knows: its App ID and App Secret. */
  clientId: string;
  clientSecret: string;
  /** The Graph API version in every versioned path, e.g. `v19.0`. */
  version?: string;
  /** The accounts offered on the dialog; a tester can add more from the dialog itself. */
  users?: readonly FacebookTestUser[];
  codeLifetimeMs?: number;
  /**
   * Test hook for browser tests: the dialog honours `auto_user=<id>` and redirects at once. Off by
   * default, so a simulator a person uses always shows the dialog.
   */
  allowAutoLogin?: boolean;
  /** The clock, in epoch milliseconds; tests move it instead of waiting for a code to expire. */
  now?: () => number;
  /** Fastify's logger option (used by `createFacebookSimulator` only): off by default. */
  logger?: FastifyServerOptions['logger'];
};

export const DEFAULT_GRAPH_API_VERSION = 'v19.0';
const DEFAULT_CODE_LIFETIME_MS = 10 * 60 * 1000;
/** What Facebook answers for a long-lived user token: about 60 days, in seconds. */
const ACCESS_TOKEN_EXPIRES_IN_S = 5_183_944;
const DEFAULT_SCOPES = ['public_profile'];
const DEFAULT_PROFILE_FIELDS = ['id', 'name'];
const MAX_NAME_LENGTH = 100;
/** RFC 7636 §4.1-4.2: 43 to 128 unreserved characters, for the verifier and the S256 challenge alike. */
const PKCE_VALUE_PATTERN = /^[A-Za-z0-9._~-]{43,128}$/;
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

type GraphErrorType = 'OAuthException' | 'GraphMethodException';

/** The dialog's parameters once checked: only these reach a form, a code or a redirect. */
type DialogRequest = {
  clientId: string;
  redirectUri: string;
  state: string | undefined;
  scopes: string[];
  codeChallenge: string | undefined;
  /** The parameters as received, carried through the dialog's forms. */
  raw: Record<string, string | undefined>;
};

const DIALOG_PARAMETERS = [
  'client_id',
  'redirect_uri',
  'state',
  'response_type',
  'scope',
  'code_challenge',
  'code_challenge_method',
] as const;

/** Query strings and form bodies repeat a key as an array; like the real dialog, read the first value. */
function readField(source: unknown, name: string): string | undefined {
  if (typeof source !== 'object' || source === null) return undefined;
  const value: unknown = (source as Record<string, unknown>)[name];
  const first: unknown = Array.isArray(value) ? value[0] : value;
  return typeof first === 'string' ? first : undefined;
}

function toBase64UrlSha256(text: string): string {
  return createHash('sha256').update(text).digest('base64url');
}

function createTraceId(): string {
  return randomBytes(8).toString('base64url');
}

function isHttpUrl(text: string): boolean {
  if (!URL.canParse(text)) return false;
  const url = new URL(text);
  return (url.protocol === 'http:' || url.protocol === 'https:') && url.hash === '';
}

function splitList(text: string | undefined): string[] {
  return (text ?? '').split(/[\s,]+/).filter((item) => item !== '');
}

/**
 * Facebook ends every dialog redirect with `#_=_`, a quirk apps strip from the address bar; a browser
 * never sends the fragment, so it only matters to the page the player lands on.
 */
function buildRedirect(redirectUri: string, parameters: Record<string, string | undefined>): string {
  const url = new URL(redirectUri);
  for (const [name, value] of Object.entries(parameters)) {
    if (value !== undefined) url.searchParams.set(name, value);
  }
  url.hash = '_=_';
  return url.toString();
}

function sendPage(reply: FastifyReply, statusCode: number, html: string): FastifyReply {
  return (
    reply
      .code(statusCode)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      // A login dialog must never be framed (clickjacking); the page needs nothing from outside.
      .header('x-frame-options', 'DENY')
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; img-src data:")
      .send(html)
  );
}

function sendGraphError(
  reply: FastifyReply,
  error: { message: string; code: number; subcode?: number; type?: GraphErrorType },
): FastifyReply {
  return reply.code(400).send({
    error: {
      message: error.message,
      type: error.type ?? 'OAuthException',
      code: error.code,
      ...(error.subcode === undefined ? {} : { error_subcode: error.subcode }),
      fbtrace_id: createTraceId(),
    },
  });
}

function readBearerToken(authorization: string | undefined): string | undefined {
  const match = /^(?:Bearer|OAuth)\s+(\S+)$/i.exec(authorization ?? '');
  return match?.[1];
}

/**
 * Facebook Login (the OAuth 2.0 code flow with PKCE) and the Graph `/me` endpoint as a Fastify plugin,
 * registered at the root so the simulator's address is both the www host and the graph host.
 */
export const facebookSimulatorPlugin: FastifyPluginAsync<FacebookSimulatorOptions> = async (app, options) => {
  const version = options.version ?? DEFAULT_GRAPH_API_VERSION;
  const now = options.now ?? Date.now;
  const grants = createOAuthGrantStore({
    now,
    codeLifetimeMs: options.codeLifetimeMs ?? DEFAULT_CODE_LIFETIME_MS,
  });
  // Accounts created on the dialog join the list, so the same tester can come back as the same person.
  const users: FacebookTestUser[] = [...(options.users ?? DEFAULT_TEST_USERS)];
  const dialogPath = `/${version}/dialog/oauth`;

  await app.register(formbody);

  function findUser(id: string | undefined): FacebookTestUser | undefined {
    return users.find((user) => user.id === id);
  }

  function createUser(name: string, email: string | undefined): FacebookTestUser {
    let id: string;
    do {
      id = `1016${String(randomInt(10 ** 12)).padStart(13, '0')}`;
    } while (findUser(id) !== undefined);
    const user = { id, name, email };
    users.push(user);
    return user;
  }

  function parseDialogRequest(source: unknown): { request: DialogRequest } | { problem: string } {
    const raw = Object.fromEntries(DIALOG_PARAMETERS.map((name) => [name, readField(source, name)]));
    const clientId = raw.client_id;
    const redirectUri = raw.redirect_uri;
    if (!clientId) return { problem: 'The parameter client_id is required.' };
    if (clientId !== options.clientId) return { problem: `Invalid App ID: ${clientId}` };
    if (!redirectUri) return { problem: 'The parameter redirect_uri is required.' };
    if (!isHttpUrl(redirectUri)) {
      return {
        problem: 'URL blocked: redirect_uri must be an absolute http or https address without a fragment.',
      };
    }
    if (raw.response_type !== undefined && raw.response_type !== 'code') {
      return { problem: `Unsupported response_type: ${raw.response_type}` };
    }
    const codeChallenge = raw.code_challenge || undefined;
    if (codeChallenge === undefined && raw.code_challenge_method) {
      return { problem: 'code_challenge_method was given without a code_challenge.' };
    }
    if (codeChallenge !== undefined) {
      if (raw.code_challenge_method !== 'S256') {
        return { problem: 'code_challenge_method must be S256.' };
      }
      if (!PKCE_VALUE_PATTERN.test(codeChallenge)) return { problem: 'Invalid code_challenge.' };
    }
    const scopes = splitList(raw.scope);
    return {
      request: {
        clientId,
        redirectUri,
        state: raw.state,
        scopes: [...new Set([...DEFAULT_SCOPES, ...scopes])],
        codeChallenge,
        raw,
      },
    };
  }

  function redirectWithCode(reply: FastifyReply, request: DialogRequest, user: FacebookTestUser) {
    const grant: AuthorizationGrant = {
      clientId: request.clientId,
      redirectUri: request.redirectUri,
      codeChallenge: request.codeChallenge,
      userId: user.id,
      scopes: request.scopes,
    };
    const code = grants.issueCode(grant);
    return reply.redirect(buildRedirect(request.redirectUri, { code, state: request.state }), 302);
  }

  app.get<{ Params: { version: string } }>('/:version/dialog/oauth', async (request, reply) => {
    if (request.params.version !== version) {
      return sendPage(
        reply,
        404,
        renderErrorPage(`This simulator speaks ${version}, not ${request.params.version}.`),
      );
    }
    const parsed = parseDialogRequest(request.query);
    if ('problem' in parsed) return sendPage(reply, 400, renderErrorPage(parsed.problem));

    const autoUserId = readField(request.query, 'auto_user');
    if (options.allowAutoLogin === true && autoUserId !== undefined) {
      const user = findUser(autoUserId);
      if (user === undefined)
        return sendPage(reply, 400, renderErrorPage(`No test user has the id ${autoUserId}.`));
      return redirectWithCode(reply, parsed.request, user);
    }

    return sendPage(
      reply,
      200,
      renderLoginPage({
        clientId: parsed.request.clientId,
        formAction: dialogPath,
        hiddenFields: parsed.request.raw,
        scopes: parsed.request.scopes,
        users,
      }),
    );
  });

  app.post<{ Params: { version: string } }>('/:version/dialog/oauth', async (request, reply) => {
    if (request.params.version !== version) {
      return sendPage(
        reply,
        404,
        renderErrorPage(`This simulator speaks ${version}, not ${request.params.version}.`),
      );
    }
    // The hidden fields come back from the browser and may have been edited: check them all again.
    const parsed = parseDialogRequest(request.body);
    if ('problem' in parsed) return sendPage(reply, 400, renderErrorPage(parsed.problem));
    const dialog = parsed.request;

    const action = readField(request.body, 'action');
    if (action === 'cancel') {
      return reply.redirect(
        buildRedirect(dialog.redirectUri, {
          error: 'access_denied',
          error_code: '200',
          error_description: 'Permissions error',
          error_reason: 'user_denied',
          state: dialog.state,
        }),
        302,
      );
    }
    if (action === 'continue') {
      const userId = readField(request.body, 'user_id');
      const user = findUser(userId);
      if (user === undefined)
        return sendPage(reply, 400, renderErrorPage(`No test user has the id ${userId ?? ''}.`));
      return redirectWithCode(reply, dialog, user);
    }
    if (action === 'new') {
      const name = (readField(request.body, 'name') ?? '').trim();
      const email = (readField(request.body, 'email') ?? '').trim() || undefined;
      if (name === '' || name.length > MAX_NAME_LENGTH) {
        return sendPage(
          reply,
          400,
          renderErrorPage(`A name of 1 to ${MAX_NAME_LENGTH} characters is needed.`),
        );
      }
      if (email !== undefined && (email.length > 254 || !EMAIL_PATTERN.test(email))) {
        return sendPage(reply, 400, renderErrorPage(`Not an email address: ${email}`));
      }
      return redirectWithCode(reply, dialog, createUser(name, email));
    }
    return sendPage(reply, 400, renderErrorPage('Unknown action.'));
  });

  app.get<{ Params: { version: string } }>('/:version/oauth/access_token', async (request, reply) => {
    if (request.params.version !== version) {
      return sendGraphError(reply, {
        message: `Unknown path components: /${request.params.version}`,
        code: 2500,
      });
    }
    const query = request.query;
    const clientId = readField(query, 'client_id');
    if (clientId !== options.clientId) {
      return sendGraphError(reply, {
        message: 'Error validating application. Invalid application ID.',
        code: 101,
      });
    }
    if (readField(query, 'client_secret') !== options.clientSecret) {
      return sendGraphError(reply, { message: 'Error validating client secret.', code: 101 });
    }
    const code = readField(query, 'code');
    const redirectUri = readField(query, 'redirect_uri');
    if (!code) return sendGraphError(reply, { message: 'The parameter code is required', code: 100 });
    if (!redirectUri)
      return sendGraphError(reply, { message: 'The parameter redirect_uri is required', code: 100 });

    const found = grants.findCode(code);
    if (found.outcome === 'unknown') {
      return sendGraphError(reply, { message: 'Invalid verification code format.', code: 100 });
    }
    if (found.outcome === 'used') {
      return sendGraphError(reply, {
        message: 'This authorization code has been used.',
        code: 100,
        subcode: 36009,
      });
    }
    if (found.outcome === 'expired') {
      return sendGraphError(reply, {
        message: 'This authorization code has expired.',
        code: 100,
        subcode: 36007,
      });
    }
    const { grant, codeId } = found;
    if (grant.clientId !== clientId || grant.redirectUri !== redirectUri) {
      return sendGraphError(reply, {
        message:
          'Error validating verification code. Please make sure your redirect_uri is identical to the one you used in the OAuth dialog request',
        code: 100,
        subcode: 36008,
      });
    }
    if (grant.codeChallenge !== undefined) {
      const verifier = readField(query, 'code_verifier');
      if (
        verifier === undefined ||
        !PKCE_VALUE_PATTERN.test(verifier) ||
        toBase64UrlSha256(verifier) !== grant.codeChallenge
      ) {
        return sendGraphError(reply, { message: 'Invalid code verifier.', code: 100 });
      }
    }

    grants.spendCode(codeId);
    const accessToken = grants.issueToken(
      codeId,
      { userId: grant.userId, scopes: grant.scopes },
      ACCESS_TOKEN_EXPIRES_IN_S * 1000,
    );
    return { access_token: accessToken, token_type: 'bearer', expires_in: ACCESS_TOKEN_EXPIRES_IN_S };
  });

  async function answerMe(query: unknown, authorization: string | undefined, reply: FastifyReply) {
    const accessToken = readField(query, 'access_token') ?? readBearerToken(authorization);
    if (!accessToken) {
      return sendGraphError(reply, {
        message: 'An active access token must be used to query information about the current user.',
        code: 2500,
      });
    }
    const issued = grants.findToken(accessToken);
    if (issued === 'unknown') {
      return sendGraphError(reply, {
        message: 'Invalid OAuth access token - Cannot parse access token',
        code: 190,
      });
    }
    if (issued === 'expired') {
      return sendGraphError(reply, {
        message: 'Error validating access token: Session has expired.',
        code: 190,
        subcode: 463,
      });
    }
    // Optional, as on an app that does not require it; a wrong proof is always refused.
    const proof = readField(query, 'appsecret_proof');
    if (
      proof !== undefined &&
      proof !== createHmac('sha256', options.clientSecret).update(accessToken).digest('hex')
    ) {
      return sendGraphError(reply, {
        message: 'Invalid appsecret_proof provided in the API argument',
        code: 100,
        type: 'GraphMethodException',
      });
    }
    const user = findUser(issued.userId);
    if (user === undefined) {
      return sendGraphError(reply, {
        message: 'Invalid OAuth access token - Cannot parse access token',
        code: 190,
      });
    }

    const requested = splitList(readField(query, 'fields'));
    const fields = requested.length === 0 ? DEFAULT_PROFILE_FIELDS : requested;
    const [firstName = '', ...otherNames] = user.name.split(' ');
    const available: Record<string, string | undefined> = {
      id: user.id,
      name: user.name,
      first_name: firstName,
      last_name: otherNames.join(' ') || undefined,
      // Without the email permission, or without an email on the account, Graph just leaves it out.
      email: issued.scopes.includes('email') ? user.email : undefined,
    };
    const unknownField = fields.find((field) => !Object.hasOwn(available, field));
    if (unknownField !== undefined) {
      return sendGraphError(reply, {
        message: `(#100) Tried accessing nonexisting field (${unknownField}) on node type (User)`,
        code: 100,
      });
    }
    return Object.fromEntries(
      fields.flatMap((field) => (available[field] === undefined ? [] : [[field, available[field]]])),
    );
  }

  // Unversioned calls are served at the app's default version, as Graph does.
  app.get('/me', async (request, reply) => answerMe(request.query, request.headers.authorization, reply));
  app.get<{ Params: { version: string } }>('/:version/me', async (request, reply) => {
    if (request.params.version !== version) {
      return sendGraphError(reply, {
        message: `Unknown path components: /${request.params.version}`,
        code: 2500,
      });
    }
    return answerMe(request.query, request.headers.authorization, reply);
  });

  app.get('/__oauth/users', async () =>
    users.map((user) => ({ id: user.id, name: user.name, email: user.email ?? null })),
  );
};

/** A Fastify instance running only the Facebook simulator, not listening: `inject` it or `listen({ port: 0 })`. */
export function createFacebookSimulator(options: FacebookSimulatorOptions): FastifyInstance {
  const app = Fastify({ logger: options.logger ?? false });
  void app.register(facebookSimulatorPlugin, options);
  return app;
}
