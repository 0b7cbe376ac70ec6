import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { STAFF_CSRF_HEADER, STAFF_SESSION_COOKIE } from '@app/contracts/staff';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import { AppError } from '../../../http/app-error.ts';
import type { Authenticator } from '../../../http/auth.ts';
import type { Actor } from './audit.service.ts';
import { authenticateStaff, csrfTokenOf, type StaffCaller } from './staff.service.ts';

declare module 'fastify' {
  // Declaration merging needs an interface.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface FastifyRequest {
    /** The staff member of a route that declares `security: requiresStaff(…)`; null elsewhere. */
    staff: StaffCaller | null;
  }
}

/** Reads change nothing, so only writes need the CSRF token (the cookie is SameSite=Strict as well). */
const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The `staffSession` scheme's check (http/auth.ts): the session behind `Authorization: Bearer <token>`
 * or, for the back office, the HttpOnly session cookie (401 without one that is open), then the route's
 * permission (403). A write carried by the cookie must also send the session's CSRF token in a header,
 * which another site can neither read nor set (docs/decisions.md). Runs before the body is read.
 */
export function staffAuthenticator(app: FastifyInstance, db: Kysely<Database>): Authenticator {
  app.decorateRequest('staff', null);
  return async (request, scopes) => {
    const header = request.headers.authorization;
    const bearer = header?.startsWith('Bearer ') ? header.slice('Bearer '.length).trim() : undefined;
    const cookie = bearer === undefined ? request.cookies[STAFF_SESSION_COOKIE] : undefined;
    const caller = await authenticateStaff(db, bearer ?? cookie);
    if (cookie !== undefined && !READ_METHODS.has(request.method)) {
      const sent = Buffer.from(String(request.headers[STAFF_CSRF_HEADER] ?? ''));
      const expected = Buffer.from(csrfTokenOf(cookie));
      if (sent.length !== expected.length || !timingSafeEqual(sent, expected)) {
        // FORBIDDEN with its own message rather than a new catalogue entry: the catalogue ships in the
        // player app's home route, whose size must not move for a back-office refusal.
        throw new AppError(
          'FORBIDDEN',
          `A write with the session cookie needs the ${STAFF_CSRF_HEADER} header`,
        );
      }
    }
    for (const permission of scopes) {
      if (!(caller.permissions as string[]).includes(permission)) {
        throw new AppError('FORBIDDEN', `This needs the permission ${permission}`);
      }
    }
    request.staff = caller;
  };
}

/** The staff caller of a route that declares staff security; reading it elsewhere is a bug. */
export function staffOf(request: FastifyRequest): StaffCaller {
  if (!request.staff) {
    throw new Error(`${request.routeOptions.url} reads the staff member but does not declare staffSession`);
  }
  return request.staff;
}

/** The audit log's "who" for an operator request. */
export function actorOf(request: FastifyRequest): Actor {
  const staff = staffOf(request);
  return { staffId: staff.id, login: staff.login, requestId: String(request.id) };
}
