import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ZodType } from 'zod';
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
import { auditDecision, auditedWrite, type AuditHook } from '../../modules/platform/staff/audit.service.ts';
import { actorOf, staffOf } from '../../modules/platform/staff/staff-auth.ts';
import { confirmFreshCode, type StaffCaller } from '../../modules/platform/staff/staff.service.ts';

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

  /**
   * A checker's decision on another staff member's request: their fresh authenticator code first (spent even
   * if the decision is then refused), then `decide`, audited in its transaction without the code.
   */
  function decisionRoute<Body extends { code: string }>(
    path: string,
    summary: string,
    body: ZodType<Body>,
    action: string,
    decide: (
      id: number,
      checker: StaffCaller,
      body: Body,
      audit: AuditHook<Adjustment>,
    ) => Promise<Adjustment>,
  ) {
    routes.post(
      path,
      staffRoute('adjustments.approve', summary, {
        params: AdjustmentIdParamsSchema,
        body,
        response: apiResponses(AdjustmentSchema),
      }),
      async (request) => {
        const { id } = request.params;
        // Parsed by `body`, the route's own schema: the type provider cannot see through the generic.
        const input = request.body as Body;
        const checker = staffOf(request);
        await confirmFreshCode(db, checker.id, input.code);
        const audit = auditDecision<Adjustment>(actorOf(request), {
          action,
          target: `adjustment:${id}`,
          input: { ...input, code: undefined },
        });
        return ok(await decide(id, checker, input, audit));
      },
    );
  }

  decisionRoute(
    ADMIN_PATHS.adjustmentApprove,
    'Approve another staff member’s adjustment (fresh TOTP code): executed once, by the wallet',
    AdjustmentApproveSchema,
    'adjustment.approve',
    (id, checker, _body, audit) => adjustments.approveAdjustment(db, id, checker, audit),
  );
  decisionRoute(
    ADMIN_PATHS.adjustmentReject,
    'Reject another staff member’s adjustment (fresh TOTP code), with a note',
    AdjustmentRejectSchema,
    'adjustment.reject',
    (id, checker, body, audit) => adjustments.rejectAdjustment(db, id, checker, body.note, audit),
  );
}
