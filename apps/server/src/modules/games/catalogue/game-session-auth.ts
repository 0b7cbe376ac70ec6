import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { GAME_SESSION_HEADER } from '@app/contracts/inhouse';
import type { Database } from '../../../db/schema.ts';
import { AppError } from '../../../http/app-error.ts';
import type { Authenticator } from '../../../http/auth.ts';
import { gameSessionResolver, type GameSession } from './game-session.service.ts';

declare module 'fastify' {
  // Declaration merging needs an interface.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface FastifyRequest {
    gameSession: GameSession | null;
  }
}

/**
 * The `gameSession` scheme's check (http/auth.ts): the session behind a game page's header, or 401. An
 * ended session still reads (history, seeds); the game's own rules refuse its bets.
 */
export function gameSessionAuthenticator(app: FastifyInstance, db: Kysely<Database>): Authenticator {
  app.decorateRequest('gameSession', null);
  const resolveGameSession = gameSessionResolver(db);
  return async (request) => {
    const value = request.headers[GAME_SESSION_HEADER];
    const token = typeof value === 'string' && value.length <= 200 ? value : undefined;
    const session = token ? await resolveGameSession(token) : undefined;
    if (!session) throw new AppError('GAME_SESSION_INVALID');
    request.gameSession = session;
  };
}

/** The game session of a route that declares `security: requires('gameSession')`; a bug otherwise. */
export function frameSessionOf(request: FastifyRequest): GameSession {
  if (!request.gameSession) {
    throw new Error(
      `${request.routeOptions.url} reads the game session but does not declare gameSession security`,
    );
  }
  return request.gameSession;
}
