import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import {
  AnswerAppealRequestSchema,
  AppealIdSchema,
  AppealSchema,
  AppealsByOrderQuerySchema,
  AppealTimelineSchema,
  OpenAppealSchema,
  SubmitAppealFieldsSchema,
} from '@app/contracts/feedback';
import type { AppealTimeline } from '@app/contracts/feedback';
import { ADMIN_PATHS, FEEDBACK_PATHS } from '@app/contracts/paths';
import type { Database } from '../../../db/schema.ts';
import { ok } from '../../../http/envelope.ts';
import { apiResponses, memberRoute, staffRoute } from '../../../http/route-schema.ts';
import {
  getMemberDepositOrder,
  lockMemberOrderState,
  operatorCreditOrder,
  recheckDepositOrder,
} from '../../payments/deposit/deposit.service.ts';
import type { CountryProfile } from '@app/contracts/country';
import type { PaymentDeps } from '../../payments/channels/payment-deps.ts';
import * as feedback from './feedback.service.ts';
import { sessionOf } from '../../../http/auth.ts';
import { AppError } from '../../../http/app-error.ts';
import { auditDecision } from '../../platform/staff/audit.service.ts';
import { sendPrivateImage } from '../../platform/upload/upload.routes.ts';
import type { FileStore } from '../../../adapters/storage/file-store.ts';
import { actorOf, staffOf } from '../../platform/staff/staff-auth.ts';

type Options = {
  db: Kysely<Database>;
  uploads: FileStore;
  /** The market: a deposit an operator credits on an appeal is taxed like any other. */
  country: CountryProfile;
  /** M-Pesa, to re-check a deposit at once when it is appealed; without it the re-check is left to the job. */
  deps?: PaymentDeps;
};

/**
 * The proof image travels as the multipart file field `file` (10 MB at most, the multipart limit); zod
 * cannot describe a file for the API document, so the field is only passed through here and checked by
 * the service.
 */
const file = { file: z.unknown().optional() };
const SubmitAppealBodySchema = SubmitAppealFieldsSchema.extend(file);
const AddImageBodySchema = AppealIdSchema.extend(file);
/** A proof image's file name (any other answers 404, like another member's). */
const ProofImageParamsSchema = z.object({ name: z.string().max(64) });

/** Deposit appeals with proof upload, and the operator's answers (issue 4). Mounted under /api. */
export async function feedbackRoutes(
  app: FastifyInstance,
  { db, uploads, country, deps: payments }: Options,
): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['feedback'];
  const memberId = (request: FastifyRequest) => sessionOf(request).member.id;
  const deps: feedback.FeedbackDeps = {
    db,
    uploads,
    log: app.log,
    deposits: {
      getMemberDepositOrder: (member, orderId) => getMemberDepositOrder(db, member, orderId),
      lockMemberOrder: lockMemberOrderState,
      recheckDepositOrder: payments
        ? (member, orderId) => recheckDepositOrder(payments, member, orderId, app.log)
        : undefined,
      creditOrder: (orderId, payment) => operatorCreditOrder({ db, country }, orderId, payment, app.log),
    },
  };

  routes.post(
    FEEDBACK_PATHS.submitDepositAppeal,
    memberRoute(
      tags,
      'Appeal one of the caller’s deposits that is not paid (multipart: orderId, receipt?, content, file: a JPEG, PNG or WebP image of 10 MB at most)',
      { body: SubmitAppealBodySchema, response: apiResponses(AppealTimelineSchema) },
    ),
    async (request) => {
      const { file: images, ...fields } = request.body;
      return ok(await feedback.submitAppeal(deps, memberId(request), fields, images));
    },
  );

  routes.post(
    FEEDBACK_PATHS.addImage,
    memberRoute(
      tags,
      'Add a proof image to the caller’s open appeal (multipart: id, file; three images at most)',
      { body: AddImageBodySchema, response: apiResponses(AppealSchema) },
    ),
    async (request) =>
      ok(await feedback.addImage(deps, memberId(request), request.body.id, request.body.file)),
  );

  routes.get(
    FEEDBACK_PATHS.timeline,
    memberRoute(tags, 'One of the caller’s appeals with its history', {
      querystring: AppealIdSchema,
      response: apiResponses(AppealTimelineSchema),
    }),
    async (request) => ok(await feedback.getTimeline(deps, memberId(request), request.query.id)),
  );

  routes.get(
    FEEDBACK_PATHS.byOrder,
    memberRoute(tags, 'The caller’s appeals of one of their deposits, newest first', {
      querystring: AppealsByOrderQuerySchema,
      response: apiResponses(z.array(AppealSchema)),
    }),
    async (request) => ok(await feedback.getAppealsOfOrder(db, memberId(request), request.query.orderId)),
  );

  routes.get(
    FEEDBACK_PATHS.proofImage,
    memberRoute(
      tags,
      'A proof image of one of the caller’s appeals (the addresses in the appeal’s images); another member’s answers 404',
      { params: ProofImageParamsSchema },
    ),
    async (request, reply) => {
      const image = await feedback.readProofImage(deps, memberId(request), request.params.name);
      if (!image) throw new AppError('NOT_FOUND');
      return sendPrivateImage(reply, image);
    },
  );

  // Operators: staff sessions (appeals.read, appeals.answer; crediting the deposit also payments.decide).

  routes.get(
    ADMIN_PATHS.openAppeals,
    staffRoute('appeals.read', 'Deposit appeals waiting for an answer, oldest first', {
      response: apiResponses(z.array(OpenAppealSchema)),
    }),
    async () => ok(await feedback.getOpenAppeals(db)),
  );

  routes.get(
    ADMIN_PATHS.appealProofImage,
    staffRoute('appeals.read', 'A proof image of any appeal (the addresses in the open appeals’ images)', {
      params: ProofImageParamsSchema,
    }),
    async (request, reply) => {
      const image = await feedback.readProofImage(deps, undefined, request.params.name);
      if (!image) throw new AppError('NOT_FOUND');
      return sendPrivateImage(reply, image);
    },
  );

  routes.post(
    ADMIN_PATHS.answerAppeal,
    staffRoute(
      'appeals.answer',
      'Answer a deposit appeal (processing, approved or rejected, with a note; approved with credit also credits the deposit once per M-PESA receipt); the member gets an inbox message',
      {
        params: AppealIdSchema,
        body: AnswerAppealRequestSchema,
        response: apiResponses(AppealTimelineSchema),
      },
    ),
    async (request) => {
      const { id } = request.params;
      // Crediting moves money: the payments desk's permission too (known only once the body is read).
      if (request.body.credit && !staffOf(request).permissions.includes('payments.decide')) {
        throw new AppError('FORBIDDEN', 'Crediting the deposit needs the permission payments.decide');
      }
      // Audited in the answer's transaction (the feedback service's), with the appeal as the list showed it.
      const before = (await feedback.getOpenAppeals(db)).find((appeal) => appeal.id === id) ?? null;
      const audit = auditDecision<AppealTimeline>(actorOf(request), {
        action: 'appeal.answer',
        target: `appeal:${id}`,
        before,
        input: request.body,
      });
      return ok(await feedback.answer(db, id, request.body, deps.deposits, audit));
    },
  );
}
