import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  GameBonusForfeitResultSchema,
  GameBonusForfeitSchema,
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
import { ok } from '../../../http/envelope.ts';
import { apiResponses, gameRoute } from '../../../http/route-schema.ts';
import * as inhouse from './inhouse.service.ts';
import type { InhouseDeps } from './inhouse.service.ts';
import { frameSessionOf } from '../catalogue/game-session-auth.ts';

/** In-house game pages' API (docs/games.md "In-house play"). Mounted under /api. */
export async function inhouseRoutes(app: FastifyInstance, { deps }: { deps: InhouseDeps }): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['in-house games'];

  routes.get(
    INHOUSE_PATHS.session,
    gameRoute(tags, 'The game session: game limits, balance, seed commitment, an open round to resume', {
      response: apiResponses(InhouseSessionSchema),
    }),
    async (request) => ok(await inhouse.getSession(deps, frameSessionOf(request), request.client.language)),
  );

  routes.post(
    INHOUSE_PATHS.bet,
    gameRoute(tags, 'One round of dice, plinko, wheel or the slot: stake taken, outcome, win paid', {
      body: InhouseBetSchema,
      response: apiResponses(PlayResultSchema),
    }),
    async (request) => ok(await inhouse.placeBet(deps, frameSessionOf(request), request.body)),
  );

  routes.post(
    INHOUSE_PATHS.minesStart,
    gameRoute(tags, 'Starts a mines round: the stake is taken, the mines are placed (hidden)', {
      body: MinesStartSchema,
      response: apiResponses(PlayResultSchema),
    }),
    async (request) => ok(await inhouse.startMines(deps, frameSessionOf(request), request.body)),
  );

  routes.post(
    INHOUSE_PATHS.minesReveal,
    gameRoute(tags, 'Opens a tile of the caller’s mines round (a mine ends it)', {
      body: MinesRevealSchema,
      response: apiResponses(PlayResultSchema),
    }),
    async (request) => ok(await inhouse.revealMine(deps, frameSessionOf(request), request.body)),
  );

  routes.post(
    INHOUSE_PATHS.minesCashout,
    gameRoute(tags, 'Cashes out the caller’s mines round at its current multiplier', {
      body: MinesCashoutSchema,
      response: apiResponses(PlayResultSchema),
    }),
    async (request) => ok(await inhouse.cashOutMines(deps, frameSessionOf(request), request.body)),
  );

  routes.get(
    INHOUSE_PATHS.rounds,
    gameRoute(tags, 'The player’s rounds of this game, newest first (the bet history)', {
      querystring: RoundsQuerySchema,
      response: apiResponses(RoundListSchema),
    }),
    async (request) => ok(await inhouse.listRounds(deps, frameSessionOf(request), request.query)),
  );

  routes.post(
    INHOUSE_PATHS.rotateSeeds,
    gameRoute(
      tags,
      'Reveals the server seed of the active pair and starts a new pair with this client seed',
      { body: RotateSeedsSchema, response: apiResponses(RotateSeedsResultSchema) },
    ),
    async (request) => ok(await inhouse.rotateSeeds(deps, frameSessionOf(request), request.body)),
  );

  routes.get(
    INHOUSE_PATHS.revealedSeeds,
    gameRoute(tags, 'The player’s revealed seed pairs, newest first, to verify past rounds', {
      response: apiResponses(RevealedSeedsSchema),
    }),
    async (request) => ok(await inhouse.listRevealedSeeds(deps, frameSessionOf(request))),
  );

  routes.post(
    INHOUSE_PATHS.forfeitBonus,
    gameRoute(
      tags,
      'The player forfeits their active bonus `id` from the game where its stake limit is met; the limit after',
      { body: GameBonusForfeitSchema, response: apiResponses(GameBonusForfeitResultSchema) },
    ),
    async (request) => ok(await inhouse.forfeitBonusInGame(deps, frameSessionOf(request), request.body.id)),
  );
}
