import { z as zod } from 'zod';

/**
 * One rule for every text a client sends, in every field of every request: no control characters. NUL
 * cannot be stored at all (PostgreSQL refuses it in text: "invalid byte sequence for encoding UTF8: 0x00",
 * which was a 500), and the other C0/C1 controls, DEL and lone surrogates are never typed by a person:
 * they only hide text from a reader or break what displays it.
 *
 * Tab, line feed and carriage return are the exception in request bodies: messages, feedback and notes
 * legitimately hold line breaks, and a single-line field with a shape (a mobile, a code, an amount)
 * refuses them by its own pattern. Query strings and path parameters are single-line: there they are
 * refused too.
 */
const CONTROL = '\\u0000-\\u0008\\u000B\\u000C\\u000E-\\u001F\\u007F-\\u009F';
const LONE_SURROGATE = '[\\uD800-\\uDBFF](?![\\uDC00-\\uDFFF])|(?<![\\uD800-\\uDBFF])[\\uDC00-\\uDFFF]';
const FORBIDDEN_IN_TEXT = new RegExp(`[${CONTROL}]|${LONE_SURROGATE}`);
const FORBIDDEN_IN_LINE = new RegExp(`[${CONTROL}\\t\\n\\r]|${LONE_SURROGATE}`);

export const CONTROL_CHARACTER_MESSAGE = 'Must not contain control characters';

export type TextKind = 'multiline' | 'line';

/** Whether `text` may be stored and shown: no control characters (line breaks only in multi-line text). */
export function isCleanText(text: string, kind: TextKind = 'multiline'): boolean {
  return !(kind === 'line' ? FORBIDDEN_IN_LINE : FORBIDDEN_IN_TEXT).test(text);
}

/** Paths of every string (or object key) in `value`, at any depth, that breaks the rule. */
export function uncleanTextPaths(
  value: unknown,
  kind: TextKind,
  path: (string | number)[] = [],
): (string | number)[][] {
  if (typeof value === 'string') return isCleanText(value, kind) ? [] : [path];
  if (Array.isArray(value))
    return value.flatMap((item, index) => uncleanTextPaths(item, kind, [...path, index]));
  if (value === null || typeof value !== 'object' || value instanceof Uint8Array) return [];
  return Object.entries(value).flatMap(([key, item]) =>
    isCleanText(key, 'line') ? uncleanTextPaths(item, kind, [...path, key]) : [[...path, key]],
  );
}

/**
 * `schema` behind the rule: the raw input is checked first, at every depth, so no field can be forgotten,
 * and a refused input never reaches the schema's own transforms. The server validates every request
 * part through this (apps/server/src/http/validation.ts).
 */
export function withCleanText<T extends zod.ZodType>(schema: T, kind: TextKind): zod.ZodType<zod.output<T>> {
  return zod
    .unknown()
    .superRefine((value, context) => {
      for (const path of uncleanTextPaths(value, kind)) {
        context.addIssue({ code: 'custom', path, message: CONTROL_CHARACTER_MESSAGE });
      }
    })
    .pipe(schema) as unknown as zod.ZodType<zod.output<T>>;
}
