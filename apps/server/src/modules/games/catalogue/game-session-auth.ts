import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { GAME_SESSION_HEADER } from '@app/contracts/inhouse';
import type { Database } from '../../../db/schema.ts';
import { AppError } from '../../../http/app-error.ts';
import type { Authenticator } from '../../../http/auth.ts';
import { gameSessionResolver, type GameSession } from './game-session.service.ts';

/** A game session read together with the records its route's handler needs (`gameSessionWith`). */
export type GameSessionReading<Records> = { session: GameSession; records: Records };
type GameSessionReader<Records> = (token: string) => Promise<GameSessionReading<Records> | undefined>;

declare module 'fastify' {
  // Declaration merging needs an interface.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface FastifyRequest {
    gameSession: GameSession | null;
    /** What the route's own reader read with the session (`gameSessionWith`). */
    gameSessionRecords: unknown;
  }
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface FastifyContextConfig {
    /** The route reads its game session with this instead of the plain lookup (`gameSessionWith`). */
    readGameSession?: GameSessionReader<unknown>;
  }
}

/**
 * The `gameSession` scheme's check (http/auth.ts): the session behind a game page's header, or 401. An
 * ended session still reads (history, seeds); the game's own rules refuse its bets.
 */
export function gameSessionAuthenticator(app: FastifyInstance, db: Kysely<Database>): Authenticator {
  app.decorateRequest('gameSession', null);
  app.decorateRequest('gameSessionRecords', null);
  const resolveGameSession = gameSessionResolver(db);
  const readPlainly: GameSessionReader<unknown> = async (token) => {
    const session = await resolveGameSession(token);
    return session && { session, records: null };
  };
  return async (request) => {
    const value = request.headers[GAME_SESSION_HEADER];
    const token = typeof value === 'string' && value.length <= 200 ? value : undefined;
    const read = request.routeOptions.config.readGameSession ?? readPlainly;
    const found = token ? await read(token) : undefined;
    if (!found) throw new AppError('GAME_SESSION_INVALID');
    request.gameSession = found.session;
    request.gameSessionRecords = found.records;
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

/**
 * For a route that reads its game session together with the records its handler needs, in one statement
 * where the plain lookup and the handler's own read were two (the crash bet: issue 24, a round's 5,000 bets
 * in five seconds). `read` replaces the plain lookup inside the security check, so credentials still come
 * before the body and an unknown token is still 401; spread `config` into the route's options, and the
 * handler takes what was read with `readingOf`.
 */
export function gameSessionWith<Records>(read: GameSessionReader<Records>) {
  return {
    config: { readGameSession: read },
    readingOf(request: FastifyRequest): GameSessionReading<Records> {
      if (request.routeOptions.config.readGameSession !== read) {
        throw new Error(
          `${request.routeOptions.url} reads its game session's records but does not declare their reader`,
        );
      }
      return { session: frameSessionOf(request), records: request.gameSessionRecords as Records };
    },
  };
}
