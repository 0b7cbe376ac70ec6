import type { z } from 'zod';
import { ErrorEnvelopeSchema, envelopeSchema } from '@app/contracts/envelope';
import type { Permission } from '@app/contracts/staff';
import { requires, requiresStaff } from './auth.ts';

/**
 * Response schemas for an /api route: the success envelope around `data`, and the error envelope for
 * the statuses the error handler can produce. Declared on every route so the OpenAPI document is true.
 */
export function apiResponses<T extends z.ZodType>(data: T) {
  return {
    200: envelopeSchema(data),
    400: ErrorEnvelopeSchema,
    404: ErrorEnvelopeSchema,
    429: ErrorEnvelopeSchema,
    500: ErrorEnvelopeSchema,
  };
}

/**
 * The options of an operator's route: the staff permission it needs (checked before the request is read,
 * http/auth.ts), the API document's `operator` tag (every operator route's) and its summary, around the rest of its schema (params,
 * query, body, response).
 */
export function staffRoute<Schema extends object>(permission: Permission, summary: string, schema: Schema) {
  return { schema: { security: requiresStaff(permission), tags: ['operator'], summary, ...schema } };
}

/**
 * The options of a member's route: the member's session token (checked before the request is read,
 * http/auth.ts), the API document's tags and summary, around the rest of its schema.
 */
export function memberRoute<Schema extends object>(tags: string[], summary: string, schema: Schema) {
  return { schema: { security: requires('memberToken'), tags, summary, ...schema } };
}

/**
 * The options of a game page's route (in-house games and crash): the game session header (checked before the
 * request is read, http/auth.ts), the API document's tags and summary, around the rest of its schema.
 */
export function gameRoute<Schema extends object>(tags: string[], summary: string, schema: Schema) {
  return { schema: { security: requires('gameSession'), tags, summary, ...schema } };
}

/**
 * The options of a route open to visitors: no credentials are required (a handler may still read a
 * member's token when one is sent, to answer a logged-in caller more), its tags and summary, around the
 * rest of its schema.
 */
export function openRoute<Schema extends object>(tags: string[], summary: string, schema: Schema) {
  return { schema: { tags, summary, ...schema } };
}
