import { API_BASE } from '@app/contracts/paths';
import { STAFF_CSRF_COOKIE, STAFF_CSRF_HEADER } from '@app/contracts/staff';

/** An answer of the API that is not `code: 0`: its HTTP status and catalogue code. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: number,
    message: string,
    /** Which fields were wrong (a validation error's `errors`), by their path (`slots.0.budget`). */
    readonly fields: { field: string; message: string }[] = [],
  ) {
    super(message);
  }
}

/** The CSRF token of the session, from the readable cookie the cookie login set (docs/decisions.md). */
function csrfToken(): string {
  const found = document.cookie.split('; ').find((cookie) => cookie.startsWith(`${STAFF_CSRF_COOKIE}=`));
  return found ? decodeURIComponent(found.slice(STAFF_CSRF_COOKIE.length + 1)) : '';
}

/**
 * Calls an `/api/admin` route with the session cookie (sent by the browser, never seen by this script) and,
 * on a write, the CSRF token. A body is sent as JSON, or as multipart form data when it is a FormData (an
 * upload: the browser writes its boundary). Answers the envelope's `data`, or throws ApiError.
 */
export async function callAdminApi<T>(
  path: string,
  options: {
    method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
    query?: Record<string, string>;
    body?: unknown;
  } = {},
): Promise<T> {
  const method = options.method ?? 'GET';
  const search = options.query ? `?${new URLSearchParams(options.query).toString()}` : '';
  const { body } = options;
  const isForm = body instanceof FormData;
  const response = await fetch(`${API_BASE}${path}${search}`, {
    method,
    credentials: 'same-origin',
    headers: {
      accept: 'application/json',
      ...(method === 'GET' ? {} : { [STAFF_CSRF_HEADER]: csrfToken() }),
      ...(body === undefined || isForm ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: isForm ? body : JSON.stringify(body) }),
  });
  const envelope = (await response.json().catch(() => ({ code: -1, msg: response.statusText }))) as {
    code: number;
    msg: string;
    data: T;
    errors?: { field: string; message: string }[];
  };
  if (envelope.code !== 0) throw new ApiError(response.status, envelope.code, envelope.msg, envelope.errors);
  return envelope.data;
}
