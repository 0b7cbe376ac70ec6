import { timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { PaymentDeps } from './payment-deps.ts';

/**
 * Daraja callbacks carry no signature (reference §2.3): the defences are the secret path segment,
 * compared in constant time, and an optional allow-list of Safaricom's addresses. Either failing
 * answers 404 with no body, so a prober learns nothing. What the callback says is then still a hint:
 * the order's amount is checked and the query API is the source of truth.
 */
export function isTrustedCallback(
  deps: PaymentDeps,
  request: FastifyRequest<{ Params: { secret: string } }>,
): boolean {
  const given = Buffer.from(String(request.params.secret ?? ''));
  const expected = Buffer.from(deps.callbackSecret);
  const secretMatches = given.length === expected.length && timingSafeEqual(given, expected);
  const addressAllowed = deps.callbackIps.length === 0 || deps.callbackIps.includes(request.ip);
  return secretMatches && addressAllowed;
}

export function refuseCallback(reply: FastifyReply): FastifyReply {
  return reply.code(404).send();
}

/** What Daraja expects back from a callback it delivered (any 200 stops its retries). */
export const CALLBACK_ACCEPTED = { ResultCode: 0, ResultDesc: 'Accepted' } as const;
