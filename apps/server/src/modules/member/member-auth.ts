import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Authenticator } from '../../http/auth.ts';
import { requireMember, type Authenticated } from './member.service.ts';

declare module 'fastify' {
  // Declaration merging needs an interface.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface FastifyRequest {
    memberSession: Authenticated | null;
  }
}

/** The `memberToken` scheme's check (http/auth.ts): the session behind the `token` header, or 401. */
export function memberAuthenticator(
  app: FastifyInstance,
  db: Parameters<typeof requireMember>[0],
): Authenticator {
  app.decorateRequest('memberSession', null);
  return async (request) => {
    request.memberSession = await requireMember(db, request.client.token);
  };
}

/**
 * The caller of a route that declares `security: requires('memberToken')`. A route that reads the caller
 * without declaring it is a bug (its body would be validated before its credentials), so it fails loudly.
 */
export function sessionOf(request: FastifyRequest): Authenticated {
  if (!request.memberSession) {
    throw new Error(`${request.routeOptions.url} reads the member but does not declare memberToken security`);
  }
  return request.memberSession;
}
