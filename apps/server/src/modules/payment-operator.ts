import { timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../http/app-error.ts';

/**
 * The operator check of the payment endpoints (/api/admin/payments/…), as for messages and appeals: the
 * `Authorization: Bearer <ADMIN_TOKEN>` header, compared in constant time. Without ADMIN_TOKEN the
 * endpoints do not exist (404); a wrong token answers 401.
 */
export function requireOperator(adminToken: string | undefined, request: FastifyRequest): void {
  if (!adminToken) throw new AppError('NOT_FOUND');
  const given = Buffer.from(request.headers.authorization ?? '');
  const expected = Buffer.from(`Bearer ${adminToken}`);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    throw new AppError('UNAUTHORIZED');
  }
}
