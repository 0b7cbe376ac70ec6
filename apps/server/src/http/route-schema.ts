import type { z } from 'zod';
import { ErrorEnvelopeSchema, envelopeSchema } from '@app/contracts/envelope';

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
