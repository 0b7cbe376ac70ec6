import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AdjustmentApproveSchema,
  AdjustmentIdParamsSchema,
  AdjustmentListQuerySchema,
  AdjustmentListSchema,
  AdjustmentRejectSchema,
  AdjustmentRequestSchema,
  AdjustmentSchema,
  AdminSystemOptionSchema,
  AdminSystemOptionsSchema,
  SystemOptionChangeSchema,
  SystemOptionTypeParamsSchema,
  type Adjustment,
} from '@app/contracts/back-office-money';
import { ADMIN_PATHS } from '@app/contracts/paths';
import { ok } from '../../http/envelope.ts';
import { apiResponses, staffRoute } from '../../http/route-schema.ts';
import type { PaymentDeps } from '../../modules/payments/channels/payment-deps.ts';
import * as adjustments from '../../modules/payments/adjustments/adjustments.service.ts';
import { changeOption, listOptionsForOperators } from '../../modules/platform/config/option-admin.ts';
import { auditDecision, auditedWrite } from '../../modules/platform/staff/audit.service.ts';
import { actorOf, staffOf } from '../../modules/platform/staff/staff-auth.ts';
import { confirmFreshCode } from '../../modules/platform/staff/staff.service.ts';

/**
 * The back office's money with two people (issue 26 §3), mounted under /api: the system options an operator
 * reads and changes (`options.write`; who, when, before and after in the audit log, in the change's
 * transaction), and manual adjustments as maker-checker requests (`adjustments.request` to ask,
 * `adjustments.approve` with a fresh authenticator code to decide another staff member's request).
 */
export async function backOfficeMoneyRoutes(
  app: FastifyInstance,
  { deps }: { deps: PaymentDeps },
): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { db, country } = deps;

  routes.get(
    ADMIN_PATHS.systemOptions,
    staffRoute(
      'options.write',
      'The system options as stored, operator-only ones included, and the market’s approval amounts',
      { response: apiResponses(AdminSystemOptionsSchema) },
    ),
    async () =>
      ok({
        options: await listOptionsForOperators(db),
        marketWithdrawalApproval: country.withdrawalApproval,
      }),
  );

  routes.put(
    ADMIN_PATHS.systemOption,
    staffRoute(
      'options.write',
      'Change a system option (checked by its schema; audited with before and after)',
      {
        params: SystemOptionTypeParamsSchema,
        body: SystemOptionChangeSchema,
        response: apiResponses(AdminSystemOptionSchema),
      },
    ),
    async (request) => {
      const { type } = request.params;
      const changed = await auditedWrite(db, actorOf(request), async (trx) => {
        const { before, after } = await changeOption(trx, { type, ...request.body });
        return {
          result: after,
          record: {
            action: 'option.change',
            target: `option:${type}:${after.id}`,
            before: before && { content: before.content, updatedAt: before.updatedAt },
            after: { content: after.content },
          },
        };
      });
      return ok(changed);
    },
  );

  routes.get(
    ADMIN_PATHS.adjustments,
    staffRoute(
      'adjustments.request',
      'Manual adjustments in a state (pending: the checkers’ queue, oldest first)',
      { querystring: AdjustmentListQuerySchema, response: apiResponses(AdjustmentListSchema) },
    ),
    async (request) => ok({ adjustments: await adjustments.listAdjustments(db, request.query.state) }),
  );

  routes.post(
    ADMIN_PATHS.adjustments,
    staffRoute(
      'adjustments.request',
      'Ask for a manual credit or debit of a player (another staff member decides it)',
      { body: AdjustmentRequestSchema, response: apiResponses(AdjustmentSchema) },
    ),
    async (request) =>
      ok(
        await adjustments.requestAdjustment(
          db,
          staffOf(request),
          request.body,
          auditDecision<Adjustment>(actorOf(request), {
            action: 'adjustment.request',
            target: `member:${request.body.memberId}`,
            input: request.body,
          }),
        ),
      ),
  );

  // A decision asks for the checker's fresh authenticator code first (spent even if then refused) and is
  // audited in its transaction, without the code.
  async function decision(
    request: FastifyRequest<{ Params: { id: number }; Body: { code: string } }>,
    action: string,
  ) {
    const staff = staffOf(request);
    await confirmFreshCode(db, staff.id, request.body.code);
    const { id } = request.params;
    const audit = auditDecision<Adjustment>(actorOf(request), {
      action,
      target: `adjustment:${id}`,
      input: { ...request.body, code: undefined },
    });
    return { id, staff, audit };
  }

  routes.post(
    ADMIN_PATHS.adjustmentApprove,
    staffRoute(
      'adjustments.approve',
      'Approve another staff member’s adjustment (fresh TOTP code): executed once, by the wallet',
      {
        params: AdjustmentIdParamsSchema,
        body: AdjustmentApproveSchema,
        response: apiResponses(AdjustmentSchema),
      },
    ),
    async (request) => {
      const { id, staff, audit } = await decision(request, 'adjustment.approve');
      return ok(await adjustments.approveAdjustment(db, id, staff, audit));
    },
  );

  routes.post(
    ADMIN_PATHS.adjustmentReject,
    staffRoute(
      'adjustments.approve',
      'Reject another staff member’s adjustment (fresh TOTP code), with a note',
      {
        params: AdjustmentIdParamsSchema,
        body: AdjustmentRejectSchema,
        response: apiResponses(AdjustmentSchema),
      },
    ),
    async (request) => {
      const { id, staff, audit } = await decision(request, 'adjustment.reject');
      return ok(await adjustments.rejectAdjustment(db, id, staff, request.body.note, audit));
    },
  );
}
