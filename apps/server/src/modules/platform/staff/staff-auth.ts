import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import { AppError } from '../../../http/app-error.ts';
import type { Authenticator } from '../../../http/auth.ts';
import type { Actor } from './audit.service.ts';
import { authenticateStaff, type StaffCaller } from './staff.service.ts';

declare module 'fastify' {
  // Declaration merging needs an interface.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface FastifyRequest {
    /** The staff member of a route that declares `security: requiresStaff(…)`; null elsewhere. */
    staff: StaffCaller | null;
  }
}

/**
 * The `staffSession` scheme's check (http/auth.ts): the session behind `Authorization: Bearer <token>`
 * (401 without one that is open), then the route's permission (403). Runs before the body is read.
 */
export function staffAuthenticator(app: FastifyInstance, db: Kysely<Database>): Authenticator {
  app.decorateRequest('staff', null);
  return async (request, scopes) => {
    const header = request.headers.authorization;
    const token = header?.startsWith('Bearer ') ? header.slice('Bearer '.length).trim() : undefined;
    const caller = await authenticateStaff(db, token);
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
