import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  GAME_SESSION_HEADER,
  InhouseBetSchema,
  InhouseSessionSchema,
  MinesCashoutSchema,
  MinesRevealSchema,
  MinesStartSchema,
  PlayResultSchema,
  RevealedSeedsSchema,
  RotateSeedsResultSchema,
  RotateSeedsSchema,
  RoundListSchema,
  RoundsQuerySchema,
} from '@app/contracts/inhouse';
import { INHOUSE_PATHS } from '@app/contracts/paths';
import { ok } from '../../http/envelope.ts';
import { apiResponses } from '../../http/route-schema.ts';
import * as inhouse from './inhouse.service.ts';
import type { InhouseDeps } from './inhouse.service.ts';

/** The token of the game session the frame was launched with. */
function sessionToken(request: FastifyRequest): string | undefined {
  const value = request.headers[GAME_SESSION_HEADER];
  return typeof value === 'string' && value.length <= 200 ? value : undefined;
}

/** In-house game pages' API (docs/games.md "In-house play"). Mounted under /api. */
export async function inhouseRoutes(app: FastifyInstance, { deps }: { deps: InhouseDeps }): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['in-house games'];

  routes.get(
    INHOUSE_PATHS.session,
    {
      schema: {
        tags,
        summary: 'The game session: game limits, balance, seed commitment, an open round to resume',
        response: apiResponses(InhouseSessionSchema),
      },
    },
    async (request) => ok(await inhouse.getSession(deps, sessionToken(request), request.client.language)),
  );

  routes.post(
    INHOUSE_PATHS.bet,
    {
      schema: {
        tags,
        summary: 'One round of dice, plinko, wheel or the slot: stake taken, outcome, win paid',
        body: InhouseBetSchema,
        response: apiResponses(PlayResultSchema),
      },
    },
    async (request) => ok(await inhouse.placeBet(deps, sessionToken(request), request.body)),
  );

  routes.post(
    INHOUSE_PATHS.minesStart,
    {
      schema: {
        tags,
        summary: 'Starts a mines round: the stake is taken, the mines are placed (hidden)',
        body: MinesStartSchema,
        response: apiResponses(PlayResultSchema),
      },
    },
    async (request) => ok(await inhouse.startMines(deps, sessionToken(request), request.body)),
  );

  routes.post(
    INHOUSE_PATHS.minesReveal,
    {
      schema: {
        tags,
        summary: 'Opens a tile of the caller’s mines round (a mine ends it)',
        body: MinesRevealSchema,
        response: apiResponses(PlayResultSchema),
      },
    },
    async (request) => ok(await inhouse.revealMine(deps, sessionToken(request), request.body)),
  );

  routes.post(
    INHOUSE_PATHS.minesCashout,
    {
      schema: {
        tags,
        summary: 'Cashes out the caller’s mines round at its current multiplier',
        body: MinesCashoutSchema,
        response: apiResponses(PlayResultSchema),
      },
    },
    async (request) => ok(await inhouse.cashOutMines(deps, sessionToken(request), request.body)),
  );

  routes.get(
    INHOUSE_PATHS.rounds,
    {
      schema: {
        tags,
        summary: 'The player’s rounds of this game, newest first (the bet history)',
        querystring: RoundsQuerySchema,
        response: apiResponses(RoundListSchema),
      },
    },
    async (request) => ok(await inhouse.listRounds(deps, sessionToken(request), request.query)),
  );

  routes.post(
    INHOUSE_PATHS.rotateSeeds,
    {
      schema: {
        tags,
        summary: 'Reveals the server seed of the active pair and starts a new pair with this client seed',
        body: RotateSeedsSchema,
        response: apiResponses(RotateSeedsResultSchema),
      },
    },
    async (request) => ok(await inhouse.rotateSeeds(deps, sessionToken(request), request.body)),
  );

  routes.get(
    INHOUSE_PATHS.revealedSeeds,
    {
      schema: {
        tags,
        summary: 'The player’s revealed seed pairs, newest first, to verify past rounds',
        response: apiResponses(RevealedSeedsSchema),
      },
    },
    async (request) => ok(await inhouse.listRevealedSeeds(deps, sessionToken(request))),
  );
}
