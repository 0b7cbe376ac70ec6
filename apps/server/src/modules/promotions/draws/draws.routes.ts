import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  BeaconChainSchema,
  DrawIdSchema,
  DrawProofQuerySchema,
  DrawProofSchema,
  DrawPublicSchema,
  DrawTicketsPageSchema,
  DrawTicketsQuerySchema,
} from '@app/contracts/draws';
import { DRAW_PATHS } from '@app/contracts/paths';
import { ok } from '../../../http/envelope.ts';
import { apiResponses, openRoute } from '../../../http/route-schema.ts';
import { getProof, getPublicDraw, getTicketPage, type DrawDeps } from './draws.service.ts';

const DrawParamsSchema = z.object({ id: DrawIdSchema });

/**
 * The draw engine's public record (docs/draws.md "API"), for the products' pages and the fairness
 * verifier: no login, nothing about any member (a ticket line is its number and entry).
 */
export async function drawRoutes(app: FastifyInstance, { deps }: { deps: DrawDeps }): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['draws'];

  routes.get(
    DRAW_PATHS.draw,
    openRoute(tags, 'A draw: its times, beacon round, committed root, beacon and outcome once drawn', {
      params: DrawParamsSchema,
      response: apiResponses(DrawPublicSchema),
    }),
    async (request) => ok(await getPublicDraw(deps.db, request.params.id)),
  );

  routes.get(
    DRAW_PATHS.proof,
    openRoute(tags, "A ticket's line and its Merkle path to the draw's committed root", {
      params: DrawParamsSchema,
      querystring: DrawProofQuerySchema,
      response: apiResponses(DrawProofSchema),
    }),
    async (request) => ok(await getProof(deps.db, request.params.id, request.query.ticketNo)),
  );

  routes.get(
    DRAW_PATHS.tickets,
    openRoute(tags, 'The committed ticket list of a closed draw, in ticket order, a page at a time', {
      params: DrawParamsSchema,
      querystring: DrawTicketsQuerySchema,
      response: apiResponses(DrawTicketsPageSchema),
    }),
    async (request) =>
      ok(await getTicketPage(deps.db, request.params.id, request.query.after, request.query.limit)),
  );

  routes.get(
    DRAW_PATHS.chain,
    openRoute(tags, 'The public randomness chain every draw takes its beacon round from', {
      response: apiResponses(BeaconChainSchema),
    }),
    async () => ok(deps.beacon.chain),
  );
}
