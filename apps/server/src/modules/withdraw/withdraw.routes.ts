import type { FastifyInstance } from 'fastify';
import type { PaymentDeps } from '../payment-deps.ts';

/** Withdraw API (issue 4). Mounted under /api. */
export async function withdrawRoutes(_app: FastifyInstance, _options: { deps: PaymentDeps }): Promise<void> {}
