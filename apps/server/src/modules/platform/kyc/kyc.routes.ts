import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { CountryProfile } from '@app/contracts/country';
import {
  KycConfigSchema,
  KycFieldSchema,
  KycRecordSchema,
  KycRejectSchema,
  KycReviewSchema,
  KycSubmitSchema,
  KycVerifySchema,
} from '@app/contracts/kyc';
import { ACCOUNT_PATHS, ADMIN_PATHS } from '@app/contracts/paths';
import { wholeNumber } from '@app/contracts/whole-number';
import type { Database } from '../../../db/schema.ts';
import { apiResponses, memberRoute, openRoute, staffRoute } from '../../../http/route-schema.ts';
import { ok } from '../../../http/envelope.ts';
import * as kyc from './kyc.service.ts';
import { sessionOf } from '../../../http/auth.ts';
import { actorOf } from '../staff/staff-auth.ts';
import type { IdentityVerifier } from '../../../adapters/identity/identity-verifier.ts';
import type { FileStore } from '../../../adapters/storage/file-store.ts';
import { COMPLIANCE_PATHS } from '@app/contracts/back-office-compliance';
import { appendAudit } from '../staff/audit.service.ts';

type Options = {
  db: Kysely<Database>;
  country: CountryProfile;
  verifier: IdentityVerifier;
  /** Where the photo of an attempt that goes to review is kept (the private part). */
  store: FileStore;
};

const MemberParamsSchema = z.object({ memberId: wholeNumber(1, Number.MAX_SAFE_INTEGER) });
const DecisionSchema = z.object({ memberId: z.number().int(), status: z.enum(['verified', 'rejected']) });

/**
 * KYC (promotions-and-games §3, §5, §7; issue 25 §1), mounted under /api. A member's routes are always the
 * caller's own record; the operators' review queue is under /api/admin.
 */
export async function kycRoutes(
  app: FastifyInstance,
  { db, country, verifier, store }: Options,
): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['kyc'];
  const memberId = (request: FastifyRequest) => sessionOf(request).member.id;

  routes.get(
    ACCOUNT_PATHS.kycFields,
    memberRoute(tags, 'The fields this market asks for, in form order', {
      response: apiResponses(z.array(KycFieldSchema)),
    }),
    async (request) => {
      memberId(request);
      return ok(kyc.getFields(country));
    },
  );

  routes.get(
    ACCOUNT_PATHS.kycConfig,
    openRoute(tags, 'Whether KYC is on, and the basic fields', { response: apiResponses(KycConfigSchema) }),
    async () => ok(kyc.getConfig()),
  );

  routes.get(
    ACCOUNT_PATHS.kyc,
    memberRoute(tags, 'The caller’s KYC record and its status', { response: apiResponses(KycRecordSchema) }),
    async (request) => ok(await kyc.getRecord(db, memberId(request), country)),
  );

  routes.post(
    ACCOUNT_PATHS.kyc,
    memberRoute(tags, 'Submit the form as field{index} values; answers msg "ok" on success', {
      body: KycSubmitSchema,
      response: apiResponses(KycRecordSchema),
    }),
    async (request) => {
      const record = await kyc.submit(db, memberId(request), country, request.body);
      // Spec §8: the app treats the message "ok" as success.
      return { ...ok(record), msg: 'ok' };
    },
  );

  routes.post(
    ACCOUNT_PATHS.kycVerify,
    {
      // The photo arrives scaled down by the app (a data URL of at most KYC_PHOTO_MAX_CHARS).
      bodyLimit: 1024 * 1024,
      ...memberRoute(
        tags,
        'Verify the saved form with the market’s method: the photo is a selfie (national ID) or a liveness frame (CPF)',
        { body: KycVerifySchema, response: apiResponses(KycRecordSchema) },
      ),
    },
    async (request) =>
      ok(await kyc.verify({ db, country, verifier, store }, memberId(request), request.body.photo)),
  );
  routes.get(
    ADMIN_PATHS.kycReviews,
    staffRoute('kyc.read', 'Identities waiting for an operator (needs-review), oldest first', {
      response: apiResponses(z.array(KycReviewSchema)),
    }),
    async () => ok(await kyc.listReviews(db, country)),
  );

  routes.get(
    COMPLIANCE_PATHS.kycPhoto,
    staffRoute(
      'kyc.read',
      'The photo sent with a member’s attempt in review, as the image it was (the look is audited)',
      { params: MemberParamsSchema },
    ),
    async (request, reply) => {
      const { memberId } = request.params;
      const photo = await kyc.getReviewPhoto({ db, store }, memberId);
      // A look at a person's face and document is identity data: who looked at whom (issue 26 §2).
      await appendAudit(db, actorOf(request), { action: 'kyc.photo.view', target: `member:${memberId}` });
      return reply
        .header('content-type', photo.contentType)
        .header('cache-control', 'private, no-store')
        .send(photo.body);
    },
  );

  routes.post(
    ADMIN_PATHS.kycApprove,
    staffRoute('kyc.decide', 'Verify an identity in review (audited)', {
      params: MemberParamsSchema,
      response: apiResponses(DecisionSchema),
    }),
    async (request) =>
      ok(
        await kyc.decideReview(db, actorOf(request), request.params.memberId, {
          status: 'verified',
          note: null,
        }),
      ),
  );

  routes.post(
    ADMIN_PATHS.kycReject,
    staffRoute('kyc.decide', 'Reject an identity in review with a note the player reads (audited)', {
      params: MemberParamsSchema,
      body: KycRejectSchema,
      response: apiResponses(DecisionSchema),
    }),
    async (request) =>
      ok(
        await kyc.decideReview(db, actorOf(request), request.params.memberId, {
          status: 'rejected',
          note: request.body.note,
        }),
      ),
  );
}
