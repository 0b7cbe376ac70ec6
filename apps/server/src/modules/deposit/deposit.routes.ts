import type { FastifyInstance } from 'fastify';
import type { PaymentDeps } from '../payment-deps.ts';

/** Deposit API (issue 4). Mounted under /api. */
export async function depositRoutes(_app: FastifyInstance, _options: { deps: PaymentDeps }): Promise<void> {}
