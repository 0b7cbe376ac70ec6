import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ADMIN_DRAW_LIMIT,
  AdminDrawListSchema,
  AdminDrawQuerySchema,
  type AdminDrawList,
} from '@app/contracts/back-office-programmes';
import { ADMIN_PATHS, drawVerifyPath } from '@app/contracts/paths';

import { ok } from '../../../http/envelope.ts';
import { apiResponses, staffRoute } from '../../../http/route-schema.ts';
import * as repository from './draws.repository.ts';
import type { DrawDeps } from './draws.service.ts';

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** The latest draws of the products the server runs (or of one), as the back office lists them. */
export async function adminDraws(deps: DrawDeps, product?: string): Promise<AdminDrawList> {
  const products = deps.products.map((each) => each.code);
  const rows = await repository.latestDrawsWithPrizes(deps.db, { product, limit: ADMIN_DRAW_LIMIT });
  return {
    products,
    draws: rows.map((row) => ({
      id: row.id,
      product: row.product,
      ref: row.ref,
      price: row.price,
      status: row.status,
      salesOpenAt: row.sales_open_at.toISOString(),
      salesCloseAt: row.sales_close_at.toISOString(),
      drawAt: row.draw_at.toISOString(),
      beaconRound: row.beacon_round,
      ticketCount: row.ticket_count,
      ticketRoot: row.ticket_root,
      randomness: row.randomness,
      drawnAt: iso(row.drawn_at),
      settledAt: iso(row.settled_at),
      delayReason: row.delay_reason,
      winners: Number(row.winners ?? 0),
      prizes: Number(row.prizes ?? 0),
      verifyPath: drawVerifyPath(row.id),
    })),
  };
}

/**
 * The operator's draws (issue 26 §5), read only: each product's latest draws with their times, state,
 * tickets, winners and the public page that verifies them. Mounted under /api.
 */
export async function drawsAdminRoutes(app: FastifyInstance, { deps }: { deps: DrawDeps }): Promise<void> {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      ADMIN_PATHS.draws,
      staffRoute(
        'promotions.read',
        'The latest draws (of one product or all): times, state, tickets, winners, verify page',
        { querystring: AdminDrawQuerySchema, response: apiResponses(AdminDrawListSchema) },
      ),
      async (request) => ok(await adminDraws(deps, request.query.product)),
    );
}
