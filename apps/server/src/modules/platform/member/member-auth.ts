import type { FastifyInstance } from 'fastify';
import type { Authenticator } from '../../../http/auth.ts';
import { requireMember } from './member.service.ts';

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
