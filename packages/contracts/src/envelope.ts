import { z } from 'zod';

/** Every /api answer: `{code, msg, data}`, code 0 on success (spec §7). */
export function envelopeSchema<T extends z.ZodType>(data: T) {
  return z.object({ code: z.number().int(), msg: z.string(), data });
}

export const ErrorEnvelopeSchema = z.object({
  code: z.number().int(),
  msg: z.string(),
  data: z.null(),
  /** Which fields were wrong, for validation errors only. */
  errors: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
});
export type ErrorEnvelope = z.infer<typeof ErrorEnvelopeSchema>;

export type Envelope<T> = { code: number; msg: string; data: T };

/** A page of a list: the shape every paged call answers with. */
export function pageSchema<T extends z.ZodType>(item: T) {
  return z.object({
    list: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    size: z.number().int(),
  });
}

/** Query parameters for paged lists; strings because query strings and form bodies are text. */
export const PageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100000).default(1),
  size: z.coerce.number().int().min(1).max(100).default(20),
});

/** The headers every request carries (spec §7). All optional: a visitor has no token. */
export const REQUEST_HEADERS = ['token', 'platform', 'deviceid', 'ticks'] as const;
/** The platform value the web app sends (spec §7). */
export const WEB_PLATFORM = 3;
