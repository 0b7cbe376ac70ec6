import { z as zod } from 'zod';
import { wholeNumber } from './whole-number.ts';

/** Every /api answer: `{code, msg, data}`, code 0 on success (spec §7). */
export function envelopeSchema<T extends zod.ZodType>(data: T) {
  return zod.object({ code: zod.number().int(), msg: zod.string(), data });
}

export const ErrorEnvelopeSchema = zod.object({
  code: zod.number().int(),
  msg: zod.string(),
  data: zod.null(),
  /** Which fields were wrong, for validation errors only. */
  errors: zod.array(zod.object({ field: zod.string(), message: zod.string() })).optional(),
  /** Values the catalogue's text names (a self-exclusion's end), for each language to write its own way. */
  params: zod.record(zod.string(), zod.string()).optional(),
});
export type ErrorEnvelope = zod.infer<typeof ErrorEnvelopeSchema>;

export type Envelope<T> = { code: number; msg: string; data: T };

/** A page of a list: the shape every paged call answers with. */
export function pageSchema<T extends zod.ZodType>(item: T) {
  return zod.object({
    list: zod.array(item),
    total: zod.number().int(),
    page: zod.number().int(),
    size: zod.number().int(),
  });
}

/** Query parameters for paged lists; strings because query strings and form bodies are text. */
export const PageQuerySchema = zod.object({
  page: wholeNumber(1, 100000).default(1),
  size: wholeNumber(1, 100).default(20),
});

/** The headers every request carries (spec §7). All optional: a visitor has no token. */
export const REQUEST_HEADERS = ['token', 'platform', 'deviceid', 'ticks'] as const;
/** The platform value the web app sends (spec §7). */
export const WEB_PLATFORM = 3;
