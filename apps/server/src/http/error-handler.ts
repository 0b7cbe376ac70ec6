import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ERRORS, type ErrorKey } from '@app/contracts/errors';
import type { ErrorEnvelope } from '@app/contracts/envelope';
import { AppError } from './app-error.ts';

type FieldError = { field: string; message: string };

declare module 'fastify' {
  // Declaration merging needs an interface.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface FastifyRequest {
    /** True while the multipart parser reads the body (app.ts): its failures are the client's. */
    readingMultipart: boolean;
  }
}

/**
 * The one place an error becomes an answer. Every answer is the envelope; a 5xx never carries the
 * internal message or a stack (those go to the log with the request id, so support can find them).
 */
export function registerErrorHandlers(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const appError = toAppError(error, request);
    if (appError.status >= 500) {
      request.log.error({ err: error }, 'request failed');
    } else {
      // A refusal (a wrong code, a bad field, a lapsed session) is an answer, not an incident: with the
      // requests, at debug.
      request.log.debug({ code: appError.code, reason: error.message }, 'request refused');
    }
    return sendError(reply, appError);
  });
}

export function sendNotFound(request: FastifyRequest, reply: FastifyReply) {
  return sendError(
    reply,
    new AppError('NOT_FOUND', `Not found: ${request.method} ${request.url.split('?')[0]}`),
  );
}

function sendError(reply: FastifyReply, error: AppError) {
  const body: ErrorEnvelope = { code: error.code, msg: error.message, data: null };
  if (error.fieldErrors?.length) body.errors = error.fieldErrors;
  if (error.params) body.params = error.params;
  return reply.status(error.status).type('application/json; charset=utf-8').send(body);
}

/** What the one handler would answer for an error: for routes that answer with a page instead (a redirect). */
export function toAppError(error: FastifyError, request: FastifyRequest): AppError {
  if (error instanceof AppError) return error;

  if (hasZodFastifySchemaValidationErrors(error)) {
    const context = (error.validationContext ?? 'body') as 'body' | 'querystring' | 'params' | 'headers';
    const input = context === 'querystring' ? request.query : request[context];
    const issues = error.validation.map((issue) => {
      const path = issue.instancePath.split('/').filter(Boolean);
      return {
        field: path.join('.') || context,
        message: issue.message ?? 'Invalid value',
        isMissing: isAbsent(valueAt(input, path)),
      };
    });
    const fields: FieldError[] = issues.map(({ field, message }) => ({ field, message }));
    // An absent value gets the spec's "Cannot be empty"; otherwise the message names the first bad field.
    const missing = issues.find((issue) => issue.isMissing);
    if (missing) return new AppError('VALIDATION', `${ERRORS.VALIDATION.msg} (${missing.field})`, fields);
    const first = issues[0];
    return new AppError(
      'BAD_REQUEST',
      first ? `Invalid ${first.field}: ${first.message}` : undefined,
      fields,
    );
  }

  const byFastifyCode: Record<string, ErrorKey> = {
    FST_ERR_CTP_INVALID_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
    FST_ERR_CTP_BODY_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
    FST_REQ_FILE_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
    FST_ERR_CTP_EMPTY_JSON_BODY: 'BAD_REQUEST',
    FST_ERR_CTP_INVALID_JSON_BODY: 'BAD_REQUEST',
    FST_INVALID_MULTIPART_CONTENT_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
    FST_ERR_VALIDATION: 'BAD_REQUEST',
  };
  const mapped = error.code ? byFastifyCode[error.code] : undefined;
  if (mapped) return new AppError(mapped, mapped === 'BAD_REQUEST' ? badRequestMessage(error) : undefined);

  // Body parser errors (malformed JSON and the like) are the client's fault, whatever their code.
  const isClientStatus = error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500;
  if (request.readingMultipart && !isClientStatus) {
    return new AppError('BAD_REQUEST', 'The request body is not readable multipart form data');
  }
  if (error.statusCode && isClientStatus) {
    const key = (Object.keys(ERRORS) as ErrorKey[]).find(
      (candidate) => ERRORS[candidate].status === error.statusCode,
    );
    return new AppError(key ?? 'BAD_REQUEST');
  }
  return new AppError('INTERNAL');
}

function valueAt(input: unknown, path: string[]): unknown {
  let value = input;
  for (const key of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

function isAbsent(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

function badRequestMessage(error: FastifyError): string {
  return error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
    ? 'The request body is not valid JSON'
    : ERRORS.BAD_REQUEST.msg;
}
