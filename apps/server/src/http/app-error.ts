import { ERRORS, type ErrorKey } from '@app/contracts/errors';

/** The one error type services throw; the error handler turns it into the envelope. */
export class AppError extends Error {
  readonly key: ErrorKey;
  readonly code: number;
  readonly status: number;
  readonly fieldErrors: { field: string; message: string }[] | undefined;
  /** Values the catalogue's text names (the envelope's `params`), for the app to write in its language. */
  readonly params: Record<string, string> | undefined;

  constructor(
    key: ErrorKey,
    message?: string,
    fieldErrors?: { field: string; message: string }[],
    params?: Record<string, string>,
  ) {
    const entry = ERRORS[key];
    super(message ?? entry.msg);
    this.name = 'AppError';
    this.key = key;
    this.code = entry.code;
    this.status = entry.status;
    this.fieldErrors = fieldErrors;
    this.params = params;
  }
}
