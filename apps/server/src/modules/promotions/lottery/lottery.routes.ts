import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  CashDrawCurrentSchema,
  CashDrawEnterResultSchema,
  CashDrawEnterSchema,
  CashDrawMyEntriesSchema,
  CashDrawResultSchema,
  DrawIdQuerySchema,
  DrawWinnersSchema,
  LotteryBuyResultSchema,
  LotteryBuySchema,
  LotteryDrawsSchema,
  LotteryMyTicketsSchema,
  LotteryPageQuerySchema,
  LotteryResultSchema,
  WinnersQuerySchema,
} from '@app/contracts/lottery';
import { CASH_DRAW_PATHS, LOTTERY_PATHS } from '@app/contracts/paths';
import { sessionOf } from '../../../http/auth.ts';
import { ok } from '../../../http/envelope.ts';
import { apiResponses, memberRoute, openRoute } from '../../../http/route-schema.ts';
import {
  enterCashDraw,
  getCashDrawCurrent,
  getCashDrawResult,
  getMyCashDrawEntries,
} from './cash-draw.service.ts';
import {
  buyTickets,
  getLotteryDraws,
  getLotteryResult,
  getLotteryWinners,
  getMyLotteryTickets,
  type LotteryDeps,
} from './lottery.service.ts';

/**
 * The 6+1 lottery and the cash draw (issue 16 §4 §5; docs/api.md "The 6+1 lottery and the cash draw").
 * Mounted under /api. Draws, results and winners are open to visitors; buying, entering and the caller's
 * own tickets need a member.
 */
export async function lotteryRoutes(app: FastifyInstance, { deps }: { deps: LotteryDeps }): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    LOTTERY_PATHS.draws,
    openRoute(
      ['lottery'],
      'The next main and daily draws with their estimated jackpot, the latest results and the rules',
      { response: apiResponses(LotteryDrawsSchema) },
    ),
    async () => ok(await getLotteryDraws(deps)),
  );

  routes.post(
    LOTTERY_PATHS.buy,
    memberRoute(
      ['lottery'],
      'Buys tickets of an open draw (picked and/or quick-picked) with cash or free tickets',
      { body: LotteryBuySchema, response: apiResponses(LotteryBuyResultSchema) },
    ),
    async (request) => ok(await buyTickets(deps, sessionOf(request).member.id, request.body)),
  );

  routes.get(
    LOTTERY_PATHS.myTickets,
    memberRoute(
      ['lottery'],
      "The caller's tickets, newest first, with their draws' numbers and their prizes once settled",
      { querystring: LotteryPageQuerySchema, response: apiResponses(LotteryMyTicketsSchema) },
    ),
    async (request) => ok(await getMyLotteryTickets(deps, sessionOf(request).member.id, request.query)),
  );

  routes.get(
    LOTTERY_PATHS.results,
    openRoute(
      ['lottery'],
      "A draw's numbers and, once settled, each tier's winners and prize and where the money went",
      { querystring: DrawIdQuerySchema, response: apiResponses(LotteryResultSchema) },
    ),
    async (request) => ok(await getLotteryResult(deps, request.query.drawId)),
  );

  routes.get(
    LOTTERY_PATHS.winners,
    openRoute(['lottery'], "A settled draw's winners, best tier first, mobiles masked", {
      querystring: WinnersQuerySchema,
      response: apiResponses(DrawWinnersSchema),
    }),
    async (request) => ok(await getLotteryWinners(deps, request.query)),
  );

  routes.get(
    CASH_DRAW_PATHS.current,
    openRoute(['cash-draw'], 'The cash draw on sale (or the next), the latest draws and the terms', {
      response: apiResponses(CashDrawCurrentSchema),
    }),
    async () => ok(await getCashDrawCurrent(deps)),
  );

  routes.post(
    CASH_DRAW_PATHS.enter,
    memberRoute(
      ['cash-draw'],
      'One entry in an open cash draw, with an optional seed of 5 to 10 letters and digits',
      { body: CashDrawEnterSchema, response: apiResponses(CashDrawEnterResultSchema) },
    ),
    async (request) => ok(await enterCashDraw(deps, sessionOf(request).member.id, request.body)),
  );

  routes.get(
    CASH_DRAW_PATHS.myEntries,
    memberRoute(['cash-draw'], "The caller's entries with their rank and prize once settled", {
      querystring: LotteryPageQuerySchema,
      response: apiResponses(CashDrawMyEntriesSchema),
    }),
    async (request) => ok(await getMyCashDrawEntries(deps, sessionOf(request).member.id, request.query)),
  );

  routes.get(
    CASH_DRAW_PATHS.results,
    openRoute(
      ['cash-draw'],
      "A cash draw's winners in rank order with their committed lines, and where the money went",
      { querystring: DrawIdQuerySchema, response: apiResponses(CashDrawResultSchema) },
    ),
    async (request) => ok(await getCashDrawResult(deps, request.query.drawId)),
  );
}
