// @vitest-environment jsdom
import { CLIENT_ERRORS, ERRORS } from '@app/contracts/errors';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { envelope, stubFetch } from '../test/fixtures.ts';
import { changeLanguage } from './i18n.ts';
import { setAppNavigate } from './navigation.ts';
import { ApiError, REQUEST_TIMEOUT_MS, request } from './request.ts';

const fetchMock = stubFetch();
const navigate = vi.fn();

function lastCall(): { url: string; init: RequestInit; headers: Headers } {
  const call = fetchMock.mock.calls.at(-1);
  if (!call) throw new Error('fetch was not called');
  return { url: call[0], init: call[1], headers: new Headers(call[1].headers) };
}

async function rejection(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected the request to fail');
}

beforeEach(() => {
  setAppNavigate(navigate);
  window.history.replaceState(null, '', '/withdraw?from=tab');
});

afterEach(async () => {
  vi.useRealTimers();
  navigate.mockReset();
  setAppNavigate(undefined);
  document.cookie = 'token=; Max-Age=0; Path=/';
  await changeLanguage('en');
});

describe('request', () => {
  it('sends the spec headers, credentials and query, and resolves data on code 0', async () => {
    document.cookie = 'token=tok-123; Path=/';
    fetchMock.mockResolvedValue(envelope({ code: 0, msg: 'success', data: [{ id: 1 }] }));
    const before = Date.now();

    const data = await request<{ id: number }[]>('/config-service/cfMenu/queryByPosition', {
      params: { position: 100102, skip: undefined },
    });

    expect(data).toEqual([{ id: 1 }]);
    const { url, init, headers } = lastCall();
    expect(url).toBe('/api/config-service/cfMenu/queryByPosition?position=100102');
    expect(init.method).toBe('GET');
    expect(init.credentials).toBe('include');
    expect(headers.get('token')).toBe('tok-123');
    expect(headers.get('platform')).toBe('3');
    expect(headers.get('deviceid')).toMatch(/^[0-9a-f]{16,64}$/);
    expect(Number(headers.get('ticks'))).toBeGreaterThanOrEqual(before);
    expect(headers.get('Accept-Language')).toBe('en');
  });

  it('keeps the same device id across requests', async () => {
    fetchMock.mockImplementation(async () => envelope({ code: 0, msg: '', data: null }));
    await request('/a');
    const first = lastCall().headers.get('deviceid');
    await request('/b');
    expect(lastCall().headers.get('deviceid')).toBe(first);
    expect(localStorage.getItem('deviceid')).toBe(first);
  });

  it('sends no token header for a visitor', async () => {
    fetchMock.mockResolvedValue(envelope({ code: 0, msg: '', data: null }));
    await request('/x');
    expect(lastCall().headers.has('token')).toBe(false);
  });

  it('sends the current language as Accept-Language', async () => {
    await changeLanguage('fr');
    fetchMock.mockResolvedValue(envelope({ code: 0, msg: '', data: null }));
    await request('/x');
    expect(lastCall().headers.get('Accept-Language')).toBe('fr');
  });

  it('form-encodes bodies by default', async () => {
    fetchMock.mockResolvedValue(envelope({ code: 0, msg: '', data: true }));
    await request('/member-service/member/login', {
      method: 'POST',
      data: { mobile: '0712345678', password: 'a b&c', empty: undefined },
    });
    const { init, headers } = lastCall();
    expect(headers.get('Content-Type')).toBe('application/x-www-form-urlencoded;charset=UTF-8');
    expect(init.body).toBeInstanceOf(URLSearchParams);
    expect(String(init.body)).toBe('mobile=0712345678&password=a+b%26c');
  });

  it('sends JSON when chosen', async () => {
    fetchMock.mockResolvedValue(envelope({ code: 0, msg: '', data: true }));
    await request('/x', { method: 'POST', data: { ids: [1, 2] }, bodyType: 'json' });
    const { init, headers } = lastCall();
    expect(headers.get('Content-Type')).toBe('application/json');
    expect(init.body).toBe('{"ids":[1,2]}');
  });

  it('sends multipart without setting the boundary itself', async () => {
    fetchMock.mockResolvedValue(envelope({ code: 0, msg: '', data: true }));
    const file = new Blob(['png'], { type: 'image/png' });
    await request('/member-service/member/modifyImg', {
      method: 'POST',
      data: { file },
      bodyType: 'multipart',
    });
    const { init, headers } = lastCall();
    expect(init.body).toBeInstanceOf(FormData);
    expect((init.body as FormData).get('file')).toBeInstanceOf(Blob);
    expect(headers.has('Content-Type')).toBe(false);
  });

  it('rejects with the translated catalogue text for a known code', async () => {
    const { code, status, msg } = ERRORS.INSUFFICIENT_BALANCE;
    fetchMock.mockResolvedValue(envelope({ code, msg, data: null }, status));
    await changeLanguage('fr');
    const error = await rejection(request('/x'));
    expect(error.code).toBe(code);
    expect(error.status).toBe(409);
    expect(error.serverMessage).toBe(msg);
    expect(error.message).toBe('Solde insuffisant, veuillez recharger votre compte');
  });

  it("falls back to the server's msg for a code without a translation", async () => {
    fetchMock.mockResolvedValue(envelope({ code: 9123, msg: 'Maintenance until 10:00', data: null }, 400));
    const error = await rejection(request('/x'));
    expect(error.code).toBe(9123);
    expect(error.message).toBe('Maintenance until 10:00');
  });

  it("passes on which fields were wrong (the answer's errors)", async () => {
    const errors = [{ field: 'field0', message: 'Only letters are allowed for names!' }];
    fetchMock.mockResolvedValue(
      envelope({ code: ERRORS.KYC_INVALID.code, msg: 'x', data: null, errors }, 400),
    );
    const error = await rejection(request('/x'));
    expect(error.errors).toEqual(errors);
  });

  it('treats a non-zero code in an HTTP 200 answer as a failure', async () => {
    fetchMock.mockResolvedValue(envelope({ code: ERRORS.ACTIVITY_INVALID.code, msg: 'x', data: null }));
    const error = await rejection(request('/x'));
    expect(error.code).toBe(ERRORS.ACTIVITY_INVALID.code);
  });

  it('sends a 401 to login with the current path as r', async () => {
    fetchMock.mockResolvedValue(envelope({ ...ERRORS.UNAUTHORIZED, data: null }, 401));
    const error = await rejection(request('/x'));
    expect(error.code).toBe(ERRORS.UNAUTHORIZED.code);
    expect(navigate).toHaveBeenCalledWith('/login?r=%2Fwithdraw%3Ffrom%3Dtab', undefined);
  });

  it('leaves a 401 alone when the app has left the session the call was sent with', async () => {
    document.cookie = 'token=tok-123; Path=/';
    // The player excludes themselves while the call is in flight: the app forgets the token, goes home,
    // and the server refuses the older call.
    fetchMock.mockImplementation(async () => {
      document.cookie = 'token=; Max-Age=0; Path=/';
      return envelope({ ...ERRORS.UNAUTHORIZED, data: null }, 401);
    });
    const error = await rejection(request('/x'));
    expect(error.code).toBe(ERRORS.UNAUTHORIZED.code);
    expect(navigate).not.toHaveBeenCalled();
  });

  it.each([403, 503])('sends a %i home', async (status) => {
    fetchMock.mockResolvedValue(envelope({ code: 1000 + status, msg: 'no', data: null }, status));
    await rejection(request('/x'));
    expect(navigate).toHaveBeenCalledWith('/home', { replace: true });
  });

  it('maps an answer without an envelope to a catalogue error', async () => {
    fetchMock.mockResolvedValue(
      new Response('<html>bad gateway</html>', { status: 502, statusText: 'Bad Gateway' }),
    );
    const error = await rejection(request('/x'));
    expect(error.code).toBe(ERRORS.INTERNAL.code);
    expect(error.status).toBe(502);
  });

  it('turns a network failure into -98', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const error = await rejection(request('/x'));
    expect(error.code).toBe(CLIENT_ERRORS.NETWORK);
    expect(error.message).toBe('Network error. Please check your connection and try again.');
    expect(navigate).not.toHaveBeenCalled();
  });

  it('turns a request that cannot be built into -99', async () => {
    const error = await rejection(request('/x', { method: 'POST', bodyType: 'json', data: { big: 1n } }));
    expect(error.code).toBe(CLIENT_ERRORS.SETUP);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('gives up after 60 s with -98', async () => {
    vi.useFakeTimers();
    let signal: AbortSignal | undefined;
    fetchMock.mockImplementation(
      (_url, init) =>
        new Promise<Response>((_resolve, reject) => {
          signal = init.signal ?? undefined;
          signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const pending = rejection(request('/slow'));

    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS - 1);
    expect(signal?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(signal?.aborted).toBe(true);

    const error = await pending;
    expect(error.code).toBe(CLIENT_ERRORS.NETWORK);
    expect(error.serverMessage).toBe('timeout');
  });
});
