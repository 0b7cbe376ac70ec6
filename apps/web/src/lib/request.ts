import { CLIENT_ERRORS, ERRORS, findErrorKeyByCode, SUCCESS_CODE } from '@app/contracts/errors';
import { WEB_PLATFORM } from '@app/contracts/envelope';
import { PAGE_PATHS } from '@app/contracts/page-paths';
import { API_BASE } from '@app/contracts/paths';
import { getDeviceId } from './device-id.ts';
import { getLanguage, hasTranslation, t } from './i18n.ts';
import { appNavigate } from './navigation.ts';
import { currentPath, loginPath } from './redirect.ts';
import { getToken } from './session.ts';

/** Spec §9: a request that has not finished after 60 s is abandoned. */
export const REQUEST_TIMEOUT_MS = 60_000;

export type BodyType = 'form' | 'json' | 'multipart';
type ParamValue = string | number | boolean | null | undefined;
export type RequestParams = Record<string, ParamValue>;

export type RequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Query string values; null and undefined are left out. */
  params?: RequestParams;
  /** Body; form-encoded unless `bodyType` says otherwise (spec §7). */
  data?: Record<string, unknown> | FormData;
  bodyType?: BodyType;
  timeoutMs?: number;
  signal?: AbortSignal;
  /**
   * A background report (page views): may outlive the page, and its status never moves the player
   * to another screen.
   */
  background?: boolean;
  /**
   * False when a 401, 403 or 503 answer must not move the player: the token login at start-up (a
   * refused token only clears the token, spec §8) and logout (the session ends whatever the answer).
   */
  redirectOnStatus?: boolean;
  /** The session to act for instead of the app's: logout's, which the app has already forgotten. */
  token?: string;
};

export type FieldError = { field: string; message: string };

function fieldErrorsOf(payload: { errors?: unknown }): FieldError[] | undefined {
  if (!Array.isArray(payload.errors)) return undefined;
  return payload.errors.filter(
    (entry): entry is FieldError =>
      typeof entry === 'object' &&
      entry !== null &&
      typeof (entry as FieldError).field === 'string' &&
      typeof (entry as FieldError).message === 'string',
  );
}

function paramsOf(payload: { params?: unknown }): Record<string, string> | undefined {
  if (typeof payload.params !== 'object' || payload.params === null) return undefined;
  return Object.fromEntries(
    Object.entries(payload.params).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
}

/**
 * A failed call. `code` is the server's catalogue code (or -98 network, -99 request setup); `message`
 * is the text to show: the translated catalogue text when we have one, else the server's `msg`.
 */
export class ApiError extends Error {
  readonly code: number;
  readonly serverMessage: string;
  readonly status: number | undefined;

  /** Which fields were wrong, for validation answers (the envelope's `errors`). */
  readonly errors: readonly FieldError[] | undefined;

  constructor(
    code: number,
    serverMessage: string,
    status?: number,
    options?: {
      cause?: unknown;
      errors?: readonly FieldError[] | undefined;
      params?: Readonly<Record<string, string>> | undefined;
    },
  ) {
    super(catalogueMessage(code, serverMessage, options?.params), options);
    this.errors = options?.errors;
    this.name = 'ApiError';
    this.code = code;
    this.serverMessage = serverMessage;
    this.status = status;
  }
}

/**
 * A catalogue code's message in the player's language; the server's text where the catalogue has none.
 * Also for codes that come in an address (a refused social login lands on /login with its code).
 * `params`: the values the text names (the envelope's `params`); `until` is a time, written as a date in
 * the player's language.
 */
export function catalogueMessage(
  code: number,
  serverMessage = '',
  params: Readonly<Record<string, string>> = {},
): string {
  const key =
    code === CLIENT_ERRORS.NETWORK
      ? 'NETWORK'
      : code === CLIENT_ERRORS.SETUP
        ? 'SETUP'
        : findErrorKeyByCode(code);
  if (key && hasTranslation(`errors.${key}`)) return t(`errors.${key}`, { ...params, ...datesOf(params) });
  return serverMessage || t('errors.INTERNAL');
}

function datesOf(params: Readonly<Record<string, string>>): Record<string, string> {
  const until = params.until ? new Date(params.until) : undefined;
  if (!until || Number.isNaN(until.getTime())) return {};
  return { until: new Intl.DateTimeFormat(getLanguage(), { dateStyle: 'long' }).format(until) };
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** The path and query a GET call goes to, relative to the API base (as the first screen keys answers). */
export function apiPathWithQuery(path: string, params?: RequestParams): string {
  return `${path}${toQuery(params)}`;
}

function toQuery(params: RequestParams | undefined): string {
  if (!params) return '';
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null) query.append(key, String(value));
  }
  const text = query.toString();
  return text ? `?${text}` : '';
}

function formValue(value: unknown): string {
  return typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value);
}

function toBody(data: RequestOptions['data'], bodyType: BodyType): { body: BodyInit; contentType?: string } {
  if (data instanceof FormData) return { body: data };
  const entries = Object.entries(data ?? {}).filter(([, value]) => value !== undefined && value !== null);
  if (bodyType === 'json') return { body: JSON.stringify(data ?? {}), contentType: 'application/json' };
  if (bodyType === 'multipart') {
    const form = new FormData();
    for (const [key, value] of entries) form.append(key, value instanceof Blob ? value : formValue(value));
    return { body: form };
  }
  const form = new URLSearchParams();
  for (const [key, value] of entries) form.append(key, formValue(value));
  return { body: form, contentType: 'application/x-www-form-urlencoded;charset=UTF-8' };
}

function buildRequest(
  path: string,
  options: RequestOptions,
): { url: string; init: RequestInit; token: string | undefined } {
  const method = options.method ?? 'GET';
  const headers = new Headers({
    Accept: 'application/json',
    'Accept-Language': getLanguage(),
    platform: String(WEB_PLATFORM),
    deviceid: getDeviceId(),
    ticks: String(Date.now()),
  });
  const token = options.token ?? getToken();
  if (token) headers.set('token', token);
  const init: RequestInit = {
    method,
    headers,
    credentials: 'include',
    keepalive: options.background ?? false,
  };
  if (method !== 'GET' && options.data !== undefined) {
    const { body, contentType } = toBody(options.data, options.bodyType ?? 'form');
    init.body = body;
    if (contentType) headers.set('Content-Type', contentType);
  }
  return { url: `${API_BASE}${apiPathWithQuery(path, options.params)}`, init, token };
}

type EnvelopeLike = { code: number; msg?: unknown; data?: unknown; errors?: unknown; params?: unknown };

function isEnvelope(value: unknown): value is EnvelopeLike {
  return typeof value === 'object' && value !== null && typeof (value as EnvelopeLike).code === 'number';
}

/**
 * Spec §8: 401 goes to login (coming back here after), 403 and 503 go home. A 401 for a session the app
 * has left since the call was sent says nothing about the session it has now: a call in flight when the
 * player excluded themselves or logged out is refused after the app has already gone home.
 */
function followStatus(status: number, sentToken: string | undefined): void {
  if (status === 401) {
    if (sentToken !== getToken()) return;
    if (window.location.pathname !== PAGE_PATHS.login) appNavigate(loginPath(currentPath()));
  } else if (status === 403 || status === 503) {
    if (window.location.pathname !== PAGE_PATHS.home) appNavigate(PAGE_PATHS.home, { replace: true });
  }
}

/** Sends a prepared call with the timeout and the caller's abort signal; a failure to send is an ApiError. */
async function send<T>(
  path: string,
  options: RequestOptions,
  accept: string,
  read: (response: Response) => Promise<T>,
): Promise<{ response: Response; payload: T; sentToken: string | undefined }> {
  let prepared: ReturnType<typeof buildRequest>;
  try {
    prepared = buildRequest(path, options);
    (prepared.init.headers as Headers).set('Accept', accept);
  } catch (error) {
    throw new ApiError(
      CLIENT_ERRORS.SETUP,
      error instanceof Error ? error.message : 'request setup failed',
      undefined,
      {
        cause: error,
      },
    );
  }

  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), options.timeoutMs ?? REQUEST_TIMEOUT_MS);
  const forwardAbort = () => controller.abort();
  options.signal?.addEventListener('abort', forwardAbort, { once: true });

  try {
    const response = await fetch(prepared.url, { ...prepared.init, signal: controller.signal });
    return { response, payload: await read(response), sentToken: prepared.token };
  } catch (error) {
    if (options.signal?.aborted) throw error;
    const reason = controller.signal.aborted
      ? 'timeout'
      : error instanceof Error
        ? error.message
        : 'network error';
    throw new ApiError(CLIENT_ERRORS.NETWORK, reason, undefined, { cause: error });
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', forwardAbort);
  }
}

async function readJson(response: Response): Promise<unknown> {
  try {
    return await response.json();
  } catch {
    return undefined;
  }
}

/** The ApiError of an answer that is not a success envelope. */
function failureOf(response: Response, payload: unknown): ApiError {
  if (!isEnvelope(payload)) {
    const fallback = response.status >= 500 ? ERRORS.INTERNAL : ERRORS.BAD_REQUEST;
    return new ApiError(fallback.code, response.statusText || fallback.msg, response.status);
  }
  const msg = typeof payload.msg === 'string' ? payload.msg : '';
  const code = payload.code === SUCCESS_CODE ? ERRORS.INTERNAL.code : payload.code;
  return new ApiError(code, msg, response.status, {
    errors: fieldErrorsOf(payload),
    params: paramsOf(payload),
  });
}

/** Calls `/api{path}` and resolves the envelope's `data` when `code` is 0. */
export async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { response, payload, sentToken } = await send(path, options, 'application/json', readJson);

  if (!options.background && options.redirectOnStatus !== false) followStatus(response.status, sentToken);

  if (!isEnvelope(payload) || payload.code !== SUCCESS_CODE || !response.ok) {
    throw failureOf(response, payload);
  }
  return payload.data as T;
}

/**
 * Fetches a file the API serves only to its caller (an appeal's proof image), with the session headers
 * an <img> could not send; show it through an object URL. Refusals are ApiErrors, as for `request`.
 */
export async function requestBlob(path: string, options: RequestOptions = {}): Promise<Blob> {
  const { response, payload, sentToken } = await send(
    path,
    options,
    '*/*',
    async (answer): Promise<{ file: Blob } | { refusal: unknown }> =>
      answer.ok ? { file: await answer.blob() } : { refusal: await readJson(answer) },
  );
  if (!options.background && options.redirectOnStatus !== false) followStatus(response.status, sentToken);
  if ('refusal' in payload) throw failureOf(response, payload.refusal);
  return payload.file;
}
