import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest, onRequestHookHandler } from 'fastify';
import { GAME_SESSION_HEADER } from '@app/contracts/inhouse';
import type { MemberRow } from '../db/schema.ts';
import { AppError } from './app-error.ts';

/**
 * Credentials before anything else. A route that needs a caller declares it in its schema's `security`
 * (the OpenAPI document then says so), and this hook puts the scheme's check first among the route's
 * `onRequest` hooks: it runs before the body is parsed and validated, so an anonymous caller gets 401 and
 * never learns a field name, a body limit or a parser's complaint. Checking inside the handler (as the
 * routes first did) ran after validation. Modules supply the checks (the member module the session token,
 * the games module the game session); `http` knows only the scheme names.
 */
export const SECURITY_SCHEMES = {
  /** A member's login session: the `token` header (spec §7). */
  memberToken: { type: 'apiKey', in: 'header', name: 'token' },
  /** An operator, until the back office exists: `Authorization: Bearer <ADMIN_TOKEN>`. */
  operatorToken: { type: 'http', scheme: 'bearer' },
  /** A game page's session (in-house games and crash): the `game-session` header. */
  gameSession: { type: 'apiKey', in: 'header', name: GAME_SESSION_HEADER },
} as const;

export type SecurityScheme = keyof typeof SECURITY_SCHEMES;

/** A route schema's `security` for one scheme: `schema: { security: requires('memberToken'), … }`. */
export function requires(scheme: SecurityScheme): Record<SecurityScheme, never[]>[] {
  return [{ [scheme]: [] } as unknown as Record<SecurityScheme, never[]>];
}

/** Resolves the caller for a scheme and keeps it on the request; throws AppError (401) when absent. */
export type Authenticator = (request: FastifyRequest) => Promise<void>;

/**
 * Must be registered before any route. `authenticators` are looked up at request time, so a module may
 * supply its check after this call (before the app is ready).
 */
export function registerAuthentication(
  app: FastifyInstance,
  authenticators: Partial<Record<SecurityScheme, Authenticator>>,
): void {
  app.addHook('onRoute', (route) => {
    const schemes = schemesOf(route.schema?.security);
    if (schemes.length === 0) return;
    const check: onRequestHookHandler = async (request) => {
      for (const scheme of schemes) {
        const authenticate = authenticators[scheme];
        if (!authenticate) throw new Error(`no authenticator for the security scheme ${scheme}`);
        await authenticate(request);
      }
    };
    const existing = route.onRequest;
    route.onRequest = [
      check,
      ...(existing === undefined ? [] : Array.isArray(existing) ? existing : [existing]),
    ];
  });
}

function schemesOf(security: unknown): SecurityScheme[] {
  if (!Array.isArray(security)) return [];
  const names = security.flatMap((requirement) =>
    requirement && typeof requirement === 'object' ? Object.keys(requirement) : [],
  );
  for (const name of names) {
    if (!(name in SECURITY_SCHEMES)) throw new Error(`unknown security scheme ${name}`);
  }
  return names as SecurityScheme[];
}

/** The operator check: constant-time comparison; without ADMIN_TOKEN the endpoints do not exist (404). */
export function operatorAuthenticator(adminToken: string | undefined): Authenticator {
  return async (request) => {
    if (!adminToken) throw new AppError('NOT_FOUND');
    const given = Buffer.from(request.headers.authorization ?? '');
    const expected = Buffer.from(`Bearer ${adminToken}`);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      throw new AppError('UNAUTHORIZED');
    }
  };
}

/** The member behind a `memberToken` route: their row, their login session and its token. */
export type MemberCaller = { member: MemberRow; sessionId: number; token: string };

declare module 'fastify' {
  // Declaration merging needs an interface.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface FastifyRequest {
    /** Put there by the `memberToken` scheme's check (the member module supplies it). */
    memberSession: MemberCaller | null;
  }
}

/**
 * The caller of a route that declares `security: requires('memberToken')`. Any module reads it here, so none
 * imports the member module for it. A route that reads the caller without declaring it is a bug (its body
 * would be validated before its credentials), so it fails loudly.
 */
export function sessionOf(request: FastifyRequest): MemberCaller {
  if (!request.memberSession) {
    throw new Error(`${request.routeOptions.url} reads the member but does not declare memberToken security`);
  }
  return request.memberSession;
}
