import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ExchangeOptionSchema, ExchangeRequestSchema, ExchangeResultSchema } from '@app/contracts/exchange';
import { PAYMENT_PATHS } from '@app/contracts/paths';
import { ok } from '../../../http/envelope.ts';
import { apiResponses, memberRoute, openRoute } from '../../../http/route-schema.ts';
import * as exchange from './exchange.service.ts';
import { sessionOf } from '../../../http/auth.ts';
import type { House } from '../kit/plug.ts';

/**
 * Coins and diamonds to cash (issue 4; bonus cash as a grant, issue 14 §2). Mounted under /api. The
 * market (`country`) decides whether the `coin-exchange` programme may run.
 */
export async function exchangeRoutes(app: FastifyInstance, { db, country }: House): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['exchange'];

  // The options are the same for everyone and carry no member data: visitors may see them too.
  routes.get(
    PAYMENT_PATHS.exchangeConfig,
    openRoute(tags, 'The exchange options on offer: coins or diamonds to cash', {
      response: apiResponses(z.array(ExchangeOptionSchema)),
    }),
    async () => ok(await exchange.getOptions(db, country)),
  );

  routes.post(
    PAYMENT_PATHS.exchange,
    memberRoute(
      tags,
      'Exchange the caller’s coins or diamonds for cash by one option (bonus cash as a bonus grant); answers the new balances',
      { body: ExchangeRequestSchema, response: apiResponses(ExchangeResultSchema) },
    ),
    async (request) => {
      const { member } = sessionOf(request);
      return ok(await exchange.exchange(db, country, member.id, request.body));
    },
  );
}
