import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest, onRequestHookHandler } from 'fastify';
import { GAME_SESSION_HEADER } from '@app/contracts/inhouse';
import type { Permission } from '@app/contracts/staff';
import type { MemberRow } from '../db/schema.ts';
import { AppError } from './app-error.ts';

/**
 * Credentials before anything else. A route that needs a caller declares it in its schema's `security`
 * (the OpenAPI document then says so), and this hook puts the scheme's check first among the route's
 * `onRequest` hooks: it runs before the body is parsed and validated, so an anonymous caller gets 401 and
 * never learns a field name, a body limit or a parser's complaint. Checking inside the handler (as the
 * routes first did) ran after validation. Modules supply the checks (the member module the session token,
 * the staff module staff sessions and their permissions, the games module the game session); `http`
 * knows only the scheme names. A check puts the caller on the request (`request.memberSession`,
 * `request.staff`), where handlers read it.
 */
export const SECURITY_SCHEMES = {
  /** A member's login session: the `token` header (spec §7). */
  memberToken: { type: 'apiKey', in: 'header', name: 'token' },
  /**
   * A staff member's session: `Authorization: Bearer <token>` from the staff login (password + TOTP).
   * The requirement's scope is the permission the route needs: `[{ staffSession: ['payments.decide'] }]`.
   */
  staffSession: { type: 'http', scheme: 'bearer', description: 'Staff session (docs/api.md "Operators")' },
  /** `Authorization: Bearer <ADMIN_TOKEN>`: only creates the first staff account, nothing else. */
  bootstrapToken: { type: 'http', scheme: 'bearer', description: 'ADMIN_TOKEN, for the first staff account' },
  /** A game page's session (in-house games and crash): the `game-session` header. */
  gameSession: { type: 'apiKey', in: 'header', name: GAME_SESSION_HEADER },
} as const;

export type SecurityScheme = keyof typeof SECURITY_SCHEMES;

type SecurityRequirement = Partial<Record<SecurityScheme, string[]>>[];

/** A route schema's `security` for one scheme: `schema: { security: requires('memberToken'), … }`. */
export function requires(scheme: Exclude<SecurityScheme, 'staffSession'>): SecurityRequirement {
  return [{ [scheme]: [] }];
}

/**
 * An operator route's `security`: a staff session holding `permission` (none: any staff member). Missing
 * or wrong credentials answer 401, a staff member without the permission 403, both before the body.
 */
export function requiresStaff(permission?: Permission): SecurityRequirement {
  return [{ staffSession: permission === undefined ? [] : [permission] }];
}

/**
 * Resolves the caller for a scheme and keeps it on the request; throws AppError (401) when absent, 403
 * when the caller lacks one of the requirement's `scopes` (a staff session's permissions).
 */
export type Authenticator = (request: FastifyRequest, scopes: readonly string[]) => Promise<void>;

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
      for (const { scheme, scopes } of schemes) {
        const authenticate = authenticators[scheme];
        if (!authenticate) throw new Error(`no authenticator for the security scheme ${scheme}`);
        await authenticate(request, scopes);
      }
    };
    const existing = route.onRequest;
    route.onRequest = [
      check,
      ...(existing === undefined ? [] : Array.isArray(existing) ? existing : [existing]),
    ];
  });
}

function schemesOf(security: unknown): { scheme: SecurityScheme; scopes: string[] }[] {
  if (!Array.isArray(security)) return [];
  const schemes = security.flatMap((requirement) =>
    requirement && typeof requirement === 'object'
      ? Object.entries(requirement as Record<string, unknown>).map(([scheme, scopes]) => ({
          scheme: scheme as SecurityScheme,
          scopes: Array.isArray(scopes) ? scopes.map(String) : [],
        }))
      : [],
  );
  for (const { scheme } of schemes) {
    if (!(scheme in SECURITY_SCHEMES)) throw new Error(`unknown security scheme ${scheme}`);
  }
  return schemes;
}

/**
 * The bootstrap check (ADMIN_TOKEN): constant-time comparison; without ADMIN_TOKEN the bootstrap does not
 * exist (404). It opens only the bootstrap of the first staff account.
 */
export function bootstrapAuthenticator(adminToken: string | undefined): Authenticator {
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
