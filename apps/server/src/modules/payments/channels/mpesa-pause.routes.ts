import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ADMIN_PATHS, PAYMENT_PATHS } from '@app/contracts/paths';
import {
  MpesaPaymentsStatusSchema,
  MpesaPauseBodySchema,
  MpesaPauseDetailSchema,
  MpesaPauseViewSchema,
} from '@app/contracts/payments-status';

import { ok } from '../../../http/envelope.ts';
import { apiResponses, openRoute, staffRoute } from '../../../http/route-schema.ts';
import { actorOf } from '../../platform/staff/staff-auth.ts';
import { mpesaPauseDetail, mpesaStatus, pauseByOperator, resumeByOperator } from './mpesa-pause.ts';
import type { PaymentDeps } from './payment-deps.ts';

/** What waits for the end of a pause: given by the composition, which knows the deposit and withdraw modules. */
export type QueuedPayments = () => Promise<{ deposits: number; withdrawals: number }>;

/**
 * M-Pesa's "payments paused" mode (issue 24 §3, mpesa-pause.ts): the public status the deposit and
 * withdraw pages show as a banner, and the operators' switch (audited) and view, with what is still queued.
 * Mounted under /api.
 */
export async function mpesaPauseRoutes(
  app: FastifyInstance,
  { deps, queued }: { deps: PaymentDeps; queued: QueuedPayments },
): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    PAYMENT_PATHS.paymentsStatus,
    openRoute(
      ['deposit'],
      'Whether M-Pesa payments are paused (a maintenance window: deposits and withdrawals queue)',
      { response: apiResponses(MpesaPaymentsStatusSchema) },
    ),
    async () => ok(await mpesaStatus(deps.db)),
  );

  routes.get(
    ADMIN_PATHS.mpesaPause,
    staffRoute(
      'payments.read',
      'Whether M-Pesa payments are paused, since when, why and by whom (or by Daraja’s answer)',
      { response: apiResponses(MpesaPauseViewSchema) },
    ),
    async () => ok({ ...(await mpesaPauseDetail(deps.db)), queued: await queued() }),
  );

  routes.post(
    ADMIN_PATHS.mpesaPause,
    staffRoute(
      'payments.decide',
      'Pause M-Pesa payments for a maintenance window (deposits and withdrawals queue), or resume them (the queued ones are sent)',
      { body: MpesaPauseBodySchema, response: apiResponses(MpesaPauseDetailSchema) },
    ),
    async (request) =>
      ok(
        request.body.paused
          ? await pauseByOperator(deps.db, actorOf(request), request.body.reason)
          : await resumeByOperator(deps.db, actorOf(request)),
      ),
  );
}
