import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { wholeNumber } from '@app/contracts/whole-number';
import { ADMIN_PATHS, PAYMENT_PATHS } from '@app/contracts/paths';
import { RecordsQuerySchema, WithdrawRecordSchema } from '@app/contracts/payment-records';
import {
  LastSuccessfulQuerySchema,
  LastSuccessfulWithdrawSchema,
  MemberTaxQuerySchema,
  WithdrawChannelSchema,
  WithdrawInitResultSchema,
  WithdrawInitSchema,
  WithdrawNoticeSchema,
} from '@app/contracts/withdraw';
import {
  parseAccountBalanceResult,
  parseB2cResult,
  parseTransactionStatusResult,
} from '../../../adapters/mpesa/daraja-callbacks.ts';
import { ok } from '../../../http/envelope.ts';
import { apiResponses, memberRoute, openRoute, staffRoute } from '../../../http/route-schema.ts';
import {
  CALLBACK_ACCEPTED,
  callbackProof,
  isTrustedCallback,
  refuseCallback,
  unreadableCallbackLog,
} from '../channels/callbacks.ts';
import type { PaymentDeps } from '../channels/payment-deps.ts';
import {
  OperatorWithdrawalDismissBodySchema,
  OperatorWithdrawalNoteBodySchema,
  OperatorWithdrawalPaidBodySchema,
  WithdrawalDecisionSchema,
  WithdrawalReviewsSchema,
} from '@app/contracts/withdraw-review';
import {
  HeldWithdrawalsSchema,
  WithdrawalApprovalDecisionSchema,
  WithdrawalApproveBodySchema,
  WithdrawalRejectBodySchema,
  type WithdrawalApprovalDecision,
} from '@app/contracts/withdraw-approval';
import * as withdraw from './withdraw.service.ts';
import { sessionOf } from '../../../http/auth.ts';
import { auditDecision, type AuditHook } from '../../platform/staff/audit.service.ts';
import { actorOf, staffOf } from '../../platform/staff/staff-auth.ts';
import { confirmFreshCode } from '../../platform/staff/staff.service.ts';

const CALLBACK_BASE = '/pay-service/mpesa/:secret';
type SecretRequest = FastifyRequest<{ Params: { secret: string } }>;
const CallbackParamsSchema = z.object({ secret: z.string().max(200) });
const CallbackAnswerSchema = z.object({ ResultCode: z.number(), ResultDesc: z.string() });
const IdParamsSchema = z.object({ id: wholeNumber(1, Number.MAX_SAFE_INTEGER) });

/**
 * Withdraw API (issue 4): channels, tax, submission, records, notices, Daraja's B2C callbacks, and the
 * operators' endpoints for withdrawals M-Pesa's answers leave undecided (staff sessions). Mounted under /api.
 */
export async function withdrawRoutes(app: FastifyInstance, { deps }: { deps: PaymentDeps }): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['withdraw'];
  const member = (request: FastifyRequest) => sessionOf(request).member;

  routes.get(
    PAYMENT_PATHS.withdrawChannels,
    memberRoute(tags, 'The withdraw channels (fee type 1 percent, 2 fixed minor units)', {
      response: apiResponses(z.array(WithdrawChannelSchema)),
    }),
    async (request) => {
      member(request);
      return ok(await withdraw.listChannels(deps, request.client.language));
    },
  );

  routes.get(
    PAYMENT_PATHS.memberTax,
    memberRoute(tags, 'The tax (minor units) a withdrawal of `money` (minor units) would have withheld', {
      querystring: MemberTaxQuerySchema,
      response: apiResponses(z.number().int()),
    }),
    async (request) => {
      const { id } = member(request);
      return ok(await withdraw.memberTax(deps, request.client, id, request.query.money));
    },
  );

  routes.post(
    PAYMENT_PATHS.withdrawInit,
    memberRoute(
      tags,
      'Withdraw to the caller’s registered M-PESA number: reserves the money and sends the B2C',
      { body: WithdrawInitSchema, response: apiResponses(WithdrawInitResultSchema) },
    ),
    async (request) => {
      const { member: caller, sessionId } = sessionOf(request);
      return ok(
        await withdraw.submit(
          deps,
          { id: caller.id, mobile: caller.mobile, demo: caller.demo, sessionId },
          request.body,
          request.client,
          request.log,
        ),
      );
    },
  );

  routes.get(
    PAYMENT_PATHS.withdrawRecords,
    memberRoute(tags, 'The caller’s withdrawals, newest first (cursor startId, optional month)', {
      querystring: RecordsQuerySchema,
      response: apiResponses(z.array(WithdrawRecordSchema)),
    }),
    async (request) => {
      const { id } = member(request);
      return ok(await withdraw.records(deps, id, request.query, request.client.language));
    },
  );

  routes.get(
    PAYMENT_PATHS.lastSuccessfulWithdraw,
    memberRoute(tags, 'The caller’s last paid withdrawal on a channel, or null', {
      querystring: LastSuccessfulQuerySchema,
      response: apiResponses(LastSuccessfulWithdrawSchema),
    }),
    async (request) => {
      const { id } = member(request);
      return ok(await withdraw.lastSuccessful(deps, id, request.query.channel));
    },
  );

  routes.get(
    PAYMENT_PATHS.withdrawNotices,
    openRoute(tags, 'Recent paid withdrawals of all members (masked numbers), for the ticker', {
      response: apiResponses(z.array(WithdrawNoticeSchema)),
    }),
    async () => ok(await withdraw.notices(deps)),
  );

  // ---- Daraja callbacks (B2C and Transaction Status). The deposit module owns stk-callback. ----------

  const callbackSchema = (summary: string) => ({
    tags: ['callbacks'],
    summary,
    params: CallbackParamsSchema,
    body: z.unknown(),
    response: { 200: CallbackAnswerSchema, 404: z.null().optional() },
  });

  const noteUnreadable = unreadableCallbackLog();
  /**
   * The result callbacks of `name` (B2C payments, Transaction Status queries) and their queue timeouts, at
   * `<path>-result` and `<path>-timeout`: an unreadable body is noted and acknowledged; one not applied is
   * logged and acknowledged anyway (Daraja's retries would not read it better; Transaction Status will tell).
   */
  function resultCallbacks<Result>(
    name: string,
    path: string,
    parse: (body: unknown, options: { source: 'result' | 'queue-timeout' }) => Result,
    apply: (
      deps: PaymentDeps,
      result: Result,
      proof: ReturnType<typeof callbackProof<'withdrawNo'>>,
      log: FastifyBaseLogger,
    ) => Promise<void>,
  ): void {
    for (const source of ['result', 'queue-timeout'] as const) {
      const answer = source === 'result' ? 'Result' : 'queue timeout';
      routes.post(
        `${CALLBACK_BASE}/${path}-${source === 'result' ? 'result' : 'timeout'}`,
        { schema: callbackSchema(`Daraja ${name} ${answer}`) },
        async (request, reply) => {
          if (!isTrustedCallback(deps, request as SecretRequest)) return refuseCallback(reply);
          let result: Result;
          try {
            result = parse(request.body, { source });
          } catch (error) {
            noteUnreadable(request.log, name, error);
            return CALLBACK_ACCEPTED;
          }
          try {
            await apply(deps, result, callbackProof(request.query, 'withdrawNo'), request.log);
          } catch (error) {
            request.log.error({ err: error }, `${name} callback not applied`);
          }
          return CALLBACK_ACCEPTED;
        },
      );
    }
  }
  resultCallbacks('B2C', 'b2c', parseB2cResult, withdraw.handleB2cResult);
  resultCallbacks('Transaction Status', 'status', parseTransactionStatusResult, withdraw.handleStatusResult);

  // Account Balance: the B2C float. It moves no money; a low one alerts the operators.
  routes.post(
    `${CALLBACK_BASE}/balance-result`,
    { schema: callbackSchema('Daraja Account Balance Result') },
    async (request, reply) => {
      if (!isTrustedCallback(deps, request as SecretRequest)) return refuseCallback(reply);
      try {
        await withdraw.handleBalanceResult(deps, parseAccountBalanceResult(request.body), request.log);
      } catch (error) {
        noteUnreadable(request.log, 'Account Balance', error);
      }
      return CALLBACK_ACCEPTED;
    },
  );
  routes.post(
    `${CALLBACK_BASE}/balance-timeout`,
    { schema: callbackSchema('Daraja Account Balance queue timeout') },
    async (request, reply) => {
      if (!isTrustedCallback(deps, request as SecretRequest)) return refuseCallback(reply);
      request.log.warn('M-Pesa Account Balance timed out; asked again at the next check');
      return CALLBACK_ACCEPTED;
    },
  );

  // ---- Operators: held withdrawals, other amounts paid, payments after a return ---------------------
  routes.get(
    ADMIN_PATHS.mpesaFloat,
    staffRoute(
      'payments.read',
      'The M-Pesa B2C float as last reported, and whether it is below the alert threshold',
      {
        response: apiResponses(
          z
            .object({
              available: z.number().int(),
              lowFloat: z.boolean(),
              threshold: z.number().int(),
              reportedAt: z.string(),
            })
            .nullable(),
        ),
      },
    ),
    async () => ok((await withdraw.lastFloat(deps)) ?? null),
  );
  routes.get(
    ADMIN_PATHS.withdrawalReviews,
    staffRoute(
      'payments.read',
      'Withdrawals waiting for an operator (held, paid another amount, paid after their return)',
      { response: apiResponses(WithdrawalReviewsSchema) },
    ),
    async () => ok(await withdraw.listWithdrawalReviews(deps)),
  );

  // Each decision is audited in the withdrawal service's transaction that makes it (`audit`): before = the
  // withdrawal's open cases as the list showed them, after = what was asked and answered.
  const decide = async <T>(
    request: FastifyRequest,
    action: string,
    id: number,
    write: (audit: AuditHook<T>) => Promise<T>,
  ) =>
    write(
      auditDecision(actorOf(request), {
        action,
        target: `withdrawal:${id}`,
        before: (await withdraw.listWithdrawalReviews(deps)).withdrawals.filter((item) => item.id === id),
        input: request.body,
      }),
    );

  routes.post(
    ADMIN_PATHS.withdrawalPaid,
    staffRoute(
      'payments.decide',
      'A held withdrawal was paid (receipt from the M-PESA portal): settle it, once',
      {
        params: IdParamsSchema,
        body: OperatorWithdrawalPaidBodySchema,
        response: apiResponses(WithdrawalDecisionSchema),
      },
    ),
    async (request) =>
      ok(
        await decide(request, 'withdrawal.paid', request.params.id, (audit) =>
          withdraw.operatorWithdrawalPaid(deps, request.params.id, request.body, request.log, audit),
        ),
      ),
  );

  routes.post(
    ADMIN_PATHS.withdrawalNotPaid,
    staffRoute('payments.decide', 'A held withdrawal was not paid: return its money to the member, once', {
      params: IdParamsSchema,
      body: OperatorWithdrawalNoteBodySchema,
      response: apiResponses(WithdrawalDecisionSchema),
    }),
    async (request) =>
      ok(
        await decide(request, 'withdrawal.not-paid', request.params.id, (audit) =>
          withdraw.operatorWithdrawalNotPaid(deps, request.params.id, request.body.note, request.log, audit),
        ),
      ),
  );

  routes.post(
    ADMIN_PATHS.withdrawalRecover,
    staffRoute(
      'payments.decide',
      'Paid after its return: take it back from the member’s cash as far as it goes, write off the rest',
      {
        params: IdParamsSchema,
        body: OperatorWithdrawalNoteBodySchema,
        response: apiResponses(WithdrawalDecisionSchema),
      },
    ),
    async (request) =>
      ok(
        await decide(request, 'withdrawal.recover', request.params.id, (audit) =>
          withdraw.operatorRecoverWithdrawal(deps, request.params.id, request.body.note, request.log, audit),
        ),
      ),
  );

  routes.post(
    ADMIN_PATHS.withdrawalSettleDifference,
    staffRoute(
      'payments.decide',
      'M-Pesa paid another amount: recover (or write off) the extra, or refund the shortfall',
      {
        params: IdParamsSchema,
        body: OperatorWithdrawalNoteBodySchema,
        response: apiResponses(WithdrawalDecisionSchema),
      },
    ),
    async (request) =>
      ok(
        await decide(request, 'withdrawal.settle-difference', request.params.id, (audit) =>
          withdraw.operatorSettleWithdrawalDifference(
            deps,
            request.params.id,
            request.body.note,
            request.log,
            audit,
          ),
        ),
      ),
  );

  routes.post(
    ADMIN_PATHS.withdrawalDismiss,
    staffRoute(
      'payments.decide',
      'An amount-differs or paid-after-return report found wrong in the M-PESA portal: close it, no money moved',
      {
        params: IdParamsSchema,
        body: OperatorWithdrawalDismissBodySchema,
        response: apiResponses(WithdrawalDecisionSchema),
      },
    ),
    async (request) =>
      ok(
        await decide(request, 'withdrawal.dismiss', request.params.id, (audit) =>
          withdraw.operatorDismissWithdrawalCase(deps, request.params.id, request.body, request.log, audit),
        ),
      ),
  );
  // ---- Staff approval of large withdrawals (issue 26 §3): list, approve, reject ------------------------

  routes.get(
    ADMIN_PATHS.withdrawalApprovals,
    staffRoute('withdrawals.approve', 'Withdrawals held for staff approval, oldest first, with risk hints', {
      response: apiResponses(HeldWithdrawalsSchema),
    }),
    async () => ok(await withdraw.listHeldWithdrawals(deps)),
  );

  // Every approval decision asks for the acting staff member's fresh authenticator code (checked before the
  // decision's transaction; a code is spent even if the decision is then refused) and is audited in it.
  const approvalAudit = (request: FastifyRequest, action: string, id: number) =>
    auditDecision<WithdrawalApprovalDecision>(actorOf(request), {
      action,
      target: `withdrawal:${id}`,
      // The code is a secret of a moment: never kept in the log.
      input: { ...(request.body as object), code: undefined },
    });

  routes.post(
    ADMIN_PATHS.withdrawalApprove,
    staffRoute(
      'withdrawals.approve',
      'Approve a held withdrawal (fresh TOTP code); the last approval needed queues its payout',
      {
        params: IdParamsSchema,
        body: WithdrawalApproveBodySchema,
        response: apiResponses(WithdrawalApprovalDecisionSchema),
      },
    ),
    async (request) => {
      const staff = staffOf(request);
      await confirmFreshCode(deps.db, staff.id, request.body.code);
      return ok(
        await withdraw.approveWithdrawal(
          deps,
          request.params.id,
          staff,
          approvalAudit(request, 'withdrawal.approve', request.params.id),
        ),
      );
    },
  );

  routes.post(
    ADMIN_PATHS.withdrawalReject,
    staffRoute(
      'withdrawals.approve',
      'Reject a held withdrawal (fresh TOTP code): its money goes back, the member reads the reason',
      {
        params: IdParamsSchema,
        body: WithdrawalRejectBodySchema,
        response: apiResponses(WithdrawalApprovalDecisionSchema),
      },
    ),
    async (request) => {
      await confirmFreshCode(deps.db, staffOf(request).id, request.body.code);
      return ok(
        await withdraw.rejectWithdrawal(
          deps,
          request.params.id,
          request.body.reason,
          approvalAudit(request, 'withdrawal.reject', request.params.id),
        ),
      );
    },
  );
}
