import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { pageSchema } from '@app/contracts/envelope';
import { ACCOUNT_PATHS } from '@app/contracts/paths';
import {
  BalanceSchema,
  IncomeTotalSchema,
  MemberTransactionSchema,
  TransactionDetailQuerySchema,
  TransactionRecordsQuerySchema,
} from '@app/contracts/wallet';
import type { Database } from '../../../db/schema.ts';
import { ok } from '../../../http/envelope.ts';
import { apiResponses, memberRoute } from '../../../http/route-schema.ts';
import * as wallet from './wallet.service.ts';
import { sessionOf } from '../../../http/auth.ts';

/** The member's balance and transactions (spec §7 account service), mounted under /api. */
export async function walletRoutes(app: FastifyInstance, { db }: { db: Kysely<Database> }): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['wallet'];
  const memberId = (request: FastifyRequest) => sessionOf(request).member.id;

  routes.get(
    ACCOUNT_PATHS.balance,
    memberRoute(tags, 'The caller’s cash (money) and its withdrawable part', {
      response: apiResponses(BalanceSchema),
    }),
    async (request) => ok(await wallet.getBalance(db, memberId(request))),
  );

  routes.get(
    ACCOUNT_PATHS.incomeTotalByType,
    memberRoute(tags, 'What came into the caller’s cash, by transaction type', {
      response: apiResponses(z.array(IncomeTotalSchema)),
    }),
    async (request) => ok(await wallet.getIncomeTotals(db, memberId(request))),
  );

  routes.get(
    ACCOUNT_PATHS.transactionDetail,
    memberRoute(tags, 'One of the caller’s transactions', {
      querystring: TransactionDetailQuerySchema,
      response: apiResponses(MemberTransactionSchema),
    }),
    async (request) => ok(await wallet.getTransactionDetail(db, memberId(request), request.query.id)),
  );

  routes.get(
    ACCOUNT_PATHS.transactionRecords,
    memberRoute(tags, 'The caller’s transactions, newest first, optionally of one type', {
      querystring: TransactionRecordsQuerySchema,
      response: apiResponses(pageSchema(MemberTransactionSchema)),
    }),
    async (request) => ok(await wallet.getTransactionRecords(db, memberId(request), request.query)),
  );
}
