import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  GameIdQuerySchema,
  GamePromotionSchema,
  GameRecordSchema,
  GameRecordsQuerySchema,
  GameSchema,
  LaunchRequestSchema,
  LaunchResultSchema,
  LobbySchema,
  OnlineCountSchema,
  WinnerSchema,
  WinnersQuerySchema,
} from '@app/contracts/games';
import { pageSchema } from '@app/contracts/envelope';
import { GAME_PATHS } from '@app/contracts/paths';
import { ok } from '../../../http/envelope.ts';
import { apiResponses, memberRoute, openRoute } from '../../../http/route-schema.ts';
import type { PlayerLinks } from '../../../http/public-origin.ts';
import * as games from './games.service.ts';
import type { GamesDeps } from './games.service.ts';
import { sessionOf } from '../../../http/auth.ts';

/**
 * The catalogue is the same for every visitor of a language, so browsers and proxies may keep it for a
 * short while; online counts change by the minute, so the lobby is kept only briefly.
 */
function cacheShortly(reply: FastifyReply, seconds: number): void {
  reply.header('cache-control', `public, max-age=${seconds}`);
  reply.header('vary', 'accept-language');
}

/** Game centre (promotions-and-games §7) and the launch (ours). Mounted under /api. */
export async function gamesRoutes(
  app: FastifyInstance,
  { deps, links }: { deps: GamesDeps; links: PlayerLinks },
): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['games'];

  routes.get(
    GAME_PATHS.lobby,
    openRoute(tags, 'The lobby: categories that have games (ids, sticky ones first) and the games', {
      response: apiResponses(LobbySchema),
    }),
    async (request, reply) => {
      cacheShortly(reply, 15);
      return ok(await games.getLobby(deps, request.client.language));
    },
  );

  routes.get(
    GAME_PATHS.recentGames,
    memberRoute(tags, 'The caller’s recently played games, newest first (the my-games category)', {
      response: apiResponses(z.array(GameSchema)),
    }),
    async (request) => {
      const { member } = sessionOf(request);
      return ok(await games.getRecentGames(deps, member.id, request.client.language));
    },
  );

  routes.get(
    GAME_PATHS.online,
    openRoute(tags, 'Members playing each game for real money now (games with nobody online are left out)', {
      response: apiResponses(z.array(OnlineCountSchema)),
    }),
    async (_request, reply) => {
      cacheShortly(reply, 15);
      return ok(await games.getOnline(deps));
    },
  );

  routes.get(
    GAME_PATHS.latestWinners,
    openRoute(tags, 'Recent big wins (at least WINNER_NOTICE_MIN_WIN), newest first, mobiles masked', {
      querystring: WinnersQuerySchema,
      response: apiResponses(pageSchema(WinnerSchema)),
    }),
    async (request, reply) => {
      cacheShortly(reply, 10);
      return ok(await games.getLatestWinners(deps, request.query, request.client.language));
    },
  );

  for (const kind of ['bet', 'win'] as const) {
    routes.get(
      kind === 'bet' ? GAME_PATHS.betRecords : GAME_PATHS.winRecords,
      memberRoute(
        tags,
        kind === 'bet'
          ? 'The caller’s rounds (page, order asc|desc by time, optional gameId)'
          : 'The caller’s rounds that paid (page, order asc|desc by time, optional gameId)',
        { querystring: GameRecordsQuerySchema, response: apiResponses(pageSchema(GameRecordSchema)) },
      ),
      async (request) => {
        const { member } = sessionOf(request);
        return ok(await games.getRecords(deps, member.id, kind, request.query, request.client.language));
      },
    );
  }

  routes.get(
    GAME_PATHS.gamePromotion,
    openRoute(tags, 'A game’s RTP, stakes and currency, and the promotion attached to it (none yet: null)', {
      querystring: GameIdQuerySchema,
      response: apiResponses(GamePromotionSchema),
    }),
    async (request) => ok(await games.getGamePromotion(deps, request.query.id, request.client.language)),
  );

  routes.post(
    GAME_PATHS.launch,
    openRoute(
      tags,
      'Open a game: `launch` (login, the one-device right to bet, at least the minimum stake) or `demo`; answers the frame’s url',
      { body: LaunchRequestSchema, response: apiResponses(LaunchResultSchema) },
    ),
    async (request, reply) => {
      // A launch address carries a session token: never kept by a cache.
      reply.header('cache-control', 'no-store');
      const caller = { ...request.client, origin: links.origin(request) };
      const { url } = await games.launchGame(deps, caller, request.body);
      // The stand-in provider's game page opens on the host this player reached (a phone on the network).
      return ok({ url: links.simulatorPage(url, request) });
    },
  );
}
