import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { CountryProfile } from '@app/contracts/country';
import { KycConfigSchema, KycFieldSchema, KycRecordSchema, KycSubmitSchema } from '@app/contracts/kyc';
import { ACCOUNT_PATHS } from '@app/contracts/paths';
import type { Database } from '../../../db/schema.ts';
import { apiResponses } from '../../../http/route-schema.ts';
import { ok } from '../../../http/envelope.ts';
import * as kyc from './kyc.service.ts';
import { requires, sessionOf } from '../../../http/auth.ts';

type Options = { db: Kysely<Database>; country: CountryProfile };

/** KYC (promotions-and-games §3, §5, §7), mounted under /api. Always the caller's own record. */
export async function kycRoutes(app: FastifyInstance, { db, country }: Options): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['kyc'];
  const memberId = (request: FastifyRequest) => sessionOf(request).member.id;

  routes.get(
    ACCOUNT_PATHS.kycFields,
    {
      schema: {
        security: requires('memberToken'),
        tags,
        summary: 'The fields this market asks for, in form order',
        response: apiResponses(z.array(KycFieldSchema)),
      },
    },
    async (request) => {
      memberId(request);
      return ok(kyc.getFields(country));
    },
  );

  routes.get(
    ACCOUNT_PATHS.kycConfig,
    {
      schema: {
        tags,
        summary: 'Whether KYC is on, and the basic fields',
        response: apiResponses(KycConfigSchema),
      },
    },
    async () => ok(kyc.getConfig()),
  );

  routes.get(
    ACCOUNT_PATHS.kyc,
    {
      schema: {
        security: requires('memberToken'),
        tags,
        summary: 'The caller’s KYC record and its status',
        response: apiResponses(KycRecordSchema),
      },
    },
    async (request) => ok(await kyc.getRecord(db, memberId(request))),
  );

  routes.post(
    ACCOUNT_PATHS.kyc,
    {
      schema: {
        security: requires('memberToken'),
        tags,
        summary: 'Submit the form as field{index} values; answers msg "ok" on success',
        body: KycSubmitSchema,
        response: apiResponses(KycRecordSchema),
      },
    },
    async (request) => {
      const record = await kyc.submit(db, memberId(request), country, request.body);
      // Spec §8: the app treats the message "ok" as success.
      return { ...ok(record), msg: 'ok' };
    },
  );
}
