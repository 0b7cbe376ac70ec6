import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { wholeNumber } from '@app/contracts/whole-number';
import {
  DepositChannelSchema,
  DepositDetailQuerySchema,
  DepositInitResultSchema,
  DepositResultQuerySchema,
  DepositResultSchema,
  HeldPaymentsSchema,
  InitPaymentBodySchema,
  OperatorCreditOrderBodySchema,
  OperatorCreditResultSchema,
  OperatorCreditUnmatchedBodySchema,
  OperatorNoteBodySchema,
  PayFormSchema,
  PayFormsBodySchema,
  PaymentResultBodySchema,
  PromptAgainBodySchema,
  PayItemSchema,
  TopUpBodySchema,
  TopUpResultSchema,
} from '@app/contracts/deposit';
import { PersonaSchema } from '@app/contracts/member';
import { ACCOUNT_PATHS, ADMIN_PATHS, PAY_SERVICE_PATHS, PAYMENT_PATHS } from '@app/contracts/paths';
import { DepositRecordSchema, RecordsQuerySchema } from '@app/contracts/payment-records';
import type { Database } from '../../../db/schema.ts';
import { ok } from '../../../http/envelope.ts';
import { apiResponses, memberRoute, openRoute, staffRoute } from '../../../http/route-schema.ts';
import {
  CALLBACK_ACCEPTED,
  callbackProof,
  isTrustedCallback,
  refuseCallback,
} from '../channels/callbacks.ts';
import type { PaymentDeps } from '../channels/payment-deps.ts';
import * as deposits from './deposit.service.ts';
import { sessionOf } from '../../../http/auth.ts';
import { auditDecision, auditedWrite, type AuditHook } from '../../platform/staff/audit.service.ts';
import { actorOf } from '../../platform/staff/staff-auth.ts';

/** The one M-Pesa callback kind this module answers; the withdraw module registers the B2C and status ones. */
const STK_CALLBACK_PATH = PAY_SERVICE_PATHS.mpesaCallback.replace(':kind', 'stk-callback');

const IdParamsSchema = z.object({ id: wholeNumber(1, Number.MAX_SAFE_INTEGER) });

/**
 * Deposit API (issue 4): packages, channels, top-up, pay service, state, records, STK callback, and the
 * operators' endpoints for payments held for review (staff sessions, docs/api.md "Operators"). Under /api.
 */
export async function depositRoutes(app: FastifyInstance, { deps }: { deps: PaymentDeps }): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['deposit'];
  const payer = (request: FastifyRequest): deposits.Payer => {
    const { member } = sessionOf(request);
    return { id: member.id, mobile: member.mobile };
  };
  const audience = (request: FastifyRequest) => ({
    platform: request.client.platform,
    language: request.client.language,
  });

  // The app's persona (how many deposits the member has paid) is the deposit module's to answer; its path
  // stays under the account's (spec).
  routes.get(
    ACCOUNT_PATHS.persona,
    memberRoute(['member'], 'The caller’s history that the app needs (deposit count)', {
      response: apiResponses(PersonaSchema),
    }),
    async (request) => {
      return ok({
        totalDepositCount: await deposits.countPaidDeposits(deps.db, sessionOf(request).member.id),
      });
    },
  );

  routes.get(
    PAYMENT_PATHS.payItems,
    openRoute(tags, 'Deposit packages (money = coins received, payMoney = amount to pay)', {
      response: apiResponses(z.array(PayItemSchema)),
    }),
    async () => ok(await deposits.listPayItems(deps.db, deps.country)),
  );

  routes.get(
    PAYMENT_PATHS.depositChannels,
    openRoute(tags, 'Deposit channels, in the caller’s language', {
      response: apiResponses(z.array(DepositChannelSchema)),
    }),
    async (request, reply) => {
      reply.header('vary', 'accept-language');
      return ok(await deposits.listDepositChannels(deps.db, request.client.language));
    },
  );

  routes.post(
    PAYMENT_PATHS.topUp,
    memberRoute(
      tags,
      'Top-up: creates the order and answers the payment hall to open (redirectUrl with transNo, sign)',
      { body: TopUpBodySchema, response: apiResponses(TopUpResultSchema) },
    ),
    async (request) =>
      ok(await deposits.topUp(deps, payer(request), request.body, audience(request), request.log)),
  );

  routes.post(
    PAYMENT_PATHS.depositInit,
    memberRoute(tags, 'Nested deposit step 1: creates the order and prompts the member’s phone at once', {
      body: TopUpBodySchema,
      response: apiResponses(DepositInitResultSchema),
    }),
    async (request) =>
      ok(await deposits.initDeposit(deps, payer(request), request.body, audience(request), request.log)),
  );

  routes.get(
    PAYMENT_PATHS.depositResult,
    memberRoute(tags, 'The state of one of the caller’s deposits (below 3: keep polling)', {
      querystring: DepositResultQuerySchema,
      response: apiResponses(DepositResultSchema),
    }),
    async (request) =>
      ok(
        await deposits.getDepositResult(
          deps,
          payer(request).id,
          request.query.transNo,
          request.client.language,
        ),
      ),
  );

  routes.get(
    PAYMENT_PATHS.depositRecords,
    memberRoute(tags, 'The caller’s deposits, newest first (monthOfYear, quantity, startId cursor)', {
      querystring: RecordsQuerySchema,
      response: apiResponses(z.array(DepositRecordSchema)),
    }),
    async (request) =>
      ok(await deposits.getDepositRecords(deps, payer(request).id, request.query, request.client.language)),
  );

  routes.get(
    PAYMENT_PATHS.depositDetail,
    memberRoute(tags, 'One of the caller’s deposits by id', {
      querystring: DepositDetailQuerySchema,
      response: apiResponses(DepositRecordSchema),
    }),
    async (request) =>
      ok(
        await deposits.getMemberDepositOrder(
          deps.db,
          payer(request).id,
          request.query.id,
          request.client.language,
        ),
      ),
  );

  routes.post(
    PAY_SERVICE_PATHS.forms,
    memberRoute(['pay-service'], 'The payment hall’s form for an order (sign checked)', {
      body: PayFormsBodySchema,
      response: apiResponses(PayFormSchema),
    }),
    async (request) =>
      ok(await deposits.getPayForm(deps, payer(request), request.body, request.client.language)),
  );

  routes.post(
    PAY_SERVICE_PATHS.initPayment,
    memberRoute(
      ['pay-service'],
      'Sends the STK Push to the phone in extendInfo (JSON {"phone": …}); sign checked',
      { body: InitPaymentBodySchema, response: apiResponses(DepositResultSchema) },
    ),
    async (request) =>
      ok(
        await deposits.initPayment(deps, payer(request), request.body, request.log, request.client.language),
      ),
  );

  routes.post(
    PAY_SERVICE_PATHS.paymentResult,
    memberRoute(['pay-service'], 'The state of an order (sign checked)', {
      body: PaymentResultBodySchema,
      response: apiResponses(DepositResultSchema),
    }),
    async (request) =>
      ok(await deposits.getPaymentResult(deps, payer(request), request.body, request.client.language)),
  );

  routes.post(
    PAY_SERVICE_PATHS.promptAgain,
    memberRoute(
      ['pay-service'],
      'A new prompt for an order whose prompt expired or was cancelled: a new order for the same deposit (sign checked)',
      { body: PromptAgainBodySchema, response: apiResponses(TopUpResultSchema) },
    ),
    async (request) =>
      ok(await deposits.promptAgain(deps, payer(request), request.body, audience(request), request.log)),
  );

  routes.post(
    STK_CALLBACK_PATH,
    openRoute(['callbacks'], 'M-Pesa STK Push callback (Daraja); always answered as accepted', {
      params: z.object({ secret: z.string().max(256) }),
      body: z.unknown(),
      response: { 200: z.object({ ResultCode: z.number(), ResultDesc: z.string() }) },
    }),
    async (request, reply) => {
      // The params schema above makes `secret` a string; the shared check takes the plain request type.
      const trusted = isTrustedCallback(deps, request as FastifyRequest<{ Params: { secret: string } }>);
      if (!trusted) return refuseCallback(reply);
      await deposits.handleStkCallback(
        deps,
        request.body,
        callbackProof(request.query, 'transNo'),
        request.log,
      );
      return CALLBACK_ACCEPTED;
    },
  );

  // ---- Operators: money M-Pesa reported that no order took automatically --------------------------
  routes.get(
    ADMIN_PATHS.heldPayments,
    staffRoute(
      'payments.read',
      'Deposits held for review (state 2), paid M-Pesa callbacks no order took, and callbacks that contradicted M-Pesa, oldest first',
      { response: apiResponses(HeldPaymentsSchema) },
    ),
    async () => ok(await deposits.listHeldPayments(deps.db)),
  );

  // Each decision is in the audit log, in the transaction that makes it: before = the case as the
  // held-payments list shows it, after = what was asked and answered. Rejecting an order and closing a
  // disagreement are single statements, run here inside the entry's transaction; the credits and the
  // dismissal run in the deposit service's own (retrying) transactions, which append the entry they are
  // given (`audit`) before they commit.
  type HeldList = 'orders' | 'unmatched' | 'disagreements';
  const heldItem = async (db: Kysely<Database>, list: HeldList, id: number) =>
    (await deposits.listHeldPayments(db))[list].find((item) => item.id === id) ?? null;
  const targetOf = (list: HeldList, id: number) =>
    `${list === 'orders' ? 'deposit' : list === 'unmatched' ? 'unmatched-payment' : 'callback-hint'}:${id}`;
  const decide = async <T>(
    request: FastifyRequest,
    action: string,
    where: { list: HeldList; id: number },
    write: (audit: AuditHook<T>) => Promise<T>,
  ): Promise<T> => {
    const before = await heldItem(deps.db, where.list, where.id);
    const target = targetOf(where.list, where.id);
    return write(auditDecision(actorOf(request), { action, target, before, input: request.body }));
  };
  const decideHere = async <T>(
    request: FastifyRequest,
    action: string,
    where: { list: HeldList; id: number },
    write: (db: Kysely<Database>) => Promise<T>,
  ): Promise<T> => {
    const target = targetOf(where.list, where.id);
    return auditedWrite(deps.db, actorOf(request), async (trx) => {
      const before = await heldItem(trx, where.list, where.id);
      const result = await write(trx);
      return {
        result,
        record: { action, target, before, after: { input: request.body, result: result ?? null } },
      };
    });
  };

  routes.post(
    ADMIN_PATHS.creditDeposit,
    staffRoute(
      'payments.decide',
      'Credit an unpaid deposit with a verified M-PESA payment (once per receipt)',
      {
        params: IdParamsSchema,
        body: OperatorCreditOrderBodySchema,
        response: apiResponses(OperatorCreditResultSchema),
      },
    ),
    async (request) => {
      const { id } = request.params;
      return ok(
        await decide(request, 'deposit.credit', { list: 'orders', id }, (audit) =>
          deposits.operatorCreditOrder(deps, id, request.body, request.log, audit),
        ),
      );
    },
  );

  routes.post(
    ADMIN_PATHS.rejectDeposit,
    staffRoute('payments.decide', 'A deposit held for review was not paid after all: fail it', {
      params: IdParamsSchema,
      body: OperatorNoteBodySchema,
      response: apiResponses(z.null()),
    }),
    async (request) => {
      const { id } = request.params;
      await decideHere(request, 'deposit.reject', { list: 'orders', id }, (db) =>
        deposits.operatorRejectOrder({ db }, id, request.body.note),
      );
      return ok(null);
    },
  );

  routes.post(
    ADMIN_PATHS.creditUnmatched,
    staffRoute(
      'payments.decide',
      'Credit a paid M-Pesa callback no order took, to one order or one member (once)',
      {
        params: IdParamsSchema,
        body: OperatorCreditUnmatchedBodySchema,
        response: apiResponses(OperatorCreditResultSchema),
      },
    ),
    async (request) => {
      const { id } = request.params;
      return ok(
        await decide(request, 'unmatched-payment.credit', { list: 'unmatched', id }, (audit) =>
          deposits.operatorCreditUnmatched(deps, id, request.body, request.log, audit),
        ),
      );
    },
  );

  routes.post(
    ADMIN_PATHS.dismissUnmatched,
    staffRoute(
      'payments.decide',
      'Close a paid M-Pesa callback no order took without crediting it (refunded outside)',
      { params: IdParamsSchema, body: OperatorNoteBodySchema, response: apiResponses(z.null()) },
    ),
    async (request) => {
      const { id } = request.params;
      await decide(
        request,
        'unmatched-payment.dismiss',
        { list: 'unmatched', id },
        (audit: AuditHook<null>) => deposits.operatorDismissUnmatched(deps, id, request.body.note, audit),
      );
      return ok(null);
    },
  );

  routes.post(
    ADMIN_PATHS.closeDisagreement,
    staffRoute(
      'payments.decide',
      'Close a callback that contradicted M-Pesa’s confirmed answer (it moved no money)',
      { params: IdParamsSchema, body: OperatorNoteBodySchema, response: apiResponses(z.null()) },
    ),
    async (request) => {
      const { id } = request.params;
      await decideHere(request, 'callback-disagreement.close', { list: 'disagreements', id }, (db) =>
        deposits.operatorCloseDisagreement({ db }, id, request.body.note),
      );
      return ok(null);
    },
  );
}
