import fastifyWebsocket from '@fastify/websocket';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  CRASH_SOCKET_CLOSE,
  CrashBetSchema,
  CrashCashoutSchema,
  CrashHistoryQuerySchema,
  CrashHistorySchema,
  CrashPlayResultSchema,
  CrashSnapshotSchema,
  type CrashServerMessage,
} from '@app/contracts/crash';
import { ERRORS } from '@app/contracts/errors';
import { CRASH_PATHS } from '@app/contracts/paths';
import { AppError } from '../../../http/app-error.ts';
import { ok } from '../../../http/envelope.ts';
import { apiResponses, gameRoute, openRoute } from '../../../http/route-schema.ts';
import type { CrashEngine } from './crash.engine.ts';
import * as crash from './crash.service.ts';
import { frameSessionOf, gameSessionWith } from '../catalogue/game-session-auth.ts';

/** A page that has not said hello by then is closed. */
const HELLO_WITHIN_MS = 10_000;

function helloToken(data: unknown): string | undefined {
  try {
    const message = JSON.parse(String(data)) as { type?: unknown; session?: unknown };
    return message.type === 'hello' && typeof message.session === 'string' && message.session.length <= 200
      ? message.session
      : undefined;
  } catch {
    return undefined;
  }
}

/** The crash game's API and WebSocket (docs/games.md "Crash"). Mounted under /api. */
export async function crashRoutes(
  app: FastifyInstance,
  { engine, betsInFlight: maxBetsInFlight }: { engine: CrashEngine; betsInFlight: number },
): Promise<void> {
  const { deps } = engine;
  // Messages from pages are only the hello: a few hundred bytes at most.
  await app.register(fastifyWebsocket, { options: { maxPayload: 4096 } });
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['crash'];
  /**
   * When each call arrived, stamped before anything else runs for it: this scope's hook runs before the
   * routes' own, the session's lookup (http/auth.ts) and the body's parsing among them. Under load those take
   * hundreds of milliseconds, and the moment a bet or a cash-out arrived is what the player is judged by
   * (issue 24: bench:crash saw cash-outs paid at a later multiplier, bets refused as late).
   */
  const arrivals = new WeakMap<FastifyRequest, number>();
  /**
   * Bets this process is working on. Past `maxBetsInFlight` (env CRASH_BETS_IN_FLIGHT) a new one is answered "try again" at once, before
   * any work: under overload every bet otherwise slowed down together until they all missed the betting
   * window (bench:crash: 425 of 5,000 taken on one instance), where shedding keeps the ones it takes on time.
   */
  let betsInFlight = 0;
  const isBet = (request: FastifyRequest) =>
    request.method === 'POST' && request.url.endsWith(CRASH_PATHS.bet);
  const counted = new WeakSet<FastifyRequest>();
  app.addHook('onRequest', async (request) => {
    arrivals.set(request, deps.now());
    if (!isBet(request)) return;
    if (betsInFlight >= maxBetsInFlight) throw new AppError('RATE_LIMITED');
    betsInFlight += 1;
    counted.add(request);
  });
  const done = async (request: FastifyRequest) => {
    if (counted.delete(request)) betsInFlight -= 1;
  };
  app.addHook('onResponse', done);
  app.addHook('onRequestAbort', done);
  const arrivalOf = (request: FastifyRequest) => arrivals.get(request) ?? deps.now();

  routes.get(
    CRASH_PATHS.state,
    gameRoute(
      tags,
      'The live round, its bets, the history strip, the chain, and the caller’s balance and bet',
      { response: apiResponses(CrashSnapshotSchema) },
    ),
    async (request) => ok(await crash.getState(deps, frameSessionOf(request))),
  );

  // A bet's session and records are read in one statement (crash.service.ts `readBettor`).
  const bettor = gameSessionWith((token) => crash.readBettor(deps, token));
  routes.post(
    CRASH_PATHS.bet,
    {
      ...gameRoute(tags, 'A bet on the round taking bets, with an optional automatic cash-out (hundredths)', {
        body: CrashBetSchema,
        response: apiResponses(CrashPlayResultSchema),
      }),
      config: bettor.config,
    },
    async (request) =>
      ok(await crash.placeBet(deps, bettor.readingOf(request), request.body, arrivalOf(request))),
  );

  // A cash-out's session, round and bet are read in one statement (crash.service.ts `readCasher`).
  const casher = gameSessionWith((token) => crash.readCasher(deps, token));
  routes.post(
    CRASH_PATHS.cashout,
    {
      ...gameRoute(
        tags,
        'Cashes out the caller’s bet at the multiplier of the moment the call arrived, if before the crash',
        { body: CrashCashoutSchema, response: apiResponses(CrashPlayResultSchema) },
      ),
      config: casher.config,
    },
    async (request) =>
      ok(await crash.cashOut(deps, casher.readingOf(request), request.body, arrivalOf(request))),
  );

  routes.get(
    CRASH_PATHS.history,
    openRoute(
      tags,
      'The last rounds over with crash points and hashes, and the chains’ commitments and salts',
      { querystring: CrashHistoryQuerySchema, response: apiResponses(CrashHistorySchema) },
    ),
    async (request) => ok(await crash.getHistory(deps, request.query.size)),
  );

  // The rounds' events. The page sends {"type":"hello","session":"<token>"} first: a browser cannot set
  // headers on a WebSocket, and a token in the address would reach access logs.
  app.route({
    method: 'GET',
    url: CRASH_PATHS.socket,
    schema: { hide: true },
    // A plain HTTP call to this address gets the envelope, not an empty 404.
    handler: async () => {
      throw new AppError('BAD_REQUEST', 'This address takes a WebSocket connection');
    },
    wsHandler: (socket, request) => {
      let greeted = false;
      const timer = setTimeout(() => {
        if (!greeted) socket.close(CRASH_SOCKET_CLOSE.session, 'hello expected');
      }, HELLO_WITHIN_MS);
      timer.unref();
      socket.on('close', () => clearTimeout(timer));
      const refuse = () => {
        const message: CrashServerMessage = {
          type: 'error',
          code: ERRORS.GAME_SESSION_INVALID.code,
          msg: ERRORS.GAME_SESSION_INVALID.msg,
        };
        socket.send(JSON.stringify(message));
        socket.close(CRASH_SOCKET_CLOSE.session, 'session');
      };
      socket.on('message', (data) => {
        if (greeted) return;
        greeted = true;
        clearTimeout(timer);
        const token = helloToken(data);
        if (!token) {
          refuse();
          return;
        }
        void (async () => {
          const player = await crash.resolveWatcher(deps, token);
          if (!player) {
            refuse();
            return;
          }
          if (socket.readyState !== socket.OPEN) return;
          const joined = deps.hub.add(socket, player.key);
          joined.ready({ type: 'snapshot', ...(await crash.getSnapshot(deps, player)) });
        })().catch((error: unknown) => {
          request.log.error({ err: error }, 'crash: a page could not join');
          socket.close(1011, 'server error');
        });
      });
    },
  });
}
