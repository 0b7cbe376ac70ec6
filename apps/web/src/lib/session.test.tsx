// @vitest-environment jsdom
import { ERRORS } from '@app/contracts/errors';
import { act, render, screen } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loginWithToken } from '../api/login-with-token.ts';
import { envelope, loginAnswer, resetAppState, stubFetch } from '../test/fixtures.ts';
import { getCookie } from './cookies.ts';
import { setAppNavigate } from './navigation.ts';
import {
  clearSession,
  getProfile,
  getToken,
  LAST_KNOWN_KEY,
  onSessionClear,
  restoreSession,
  setProfile,
  setSession,
  useIsLoggedIn,
  useSession,
} from './session.ts';

const fetchMock = stubFetch();
const navigate = vi.fn();

function SessionProbe() {
  const session = useSession();
  return (
    <p data-testid="probe">
      {session.isLoggedIn ? 'in' : 'out'}:{session.token ?? '-'}:{session.profile?.mobile ?? '-'}
    </p>
  );
}

beforeEach(() => {
  setAppNavigate(navigate);
});

afterEach(async () => {
  await resetAppState();
  navigate.mockReset();
  setAppNavigate(undefined);
});

describe('setSession and clearSession', () => {
  it('keeps the token in a cookie and local storage, and the profile, and tells subscribers', () => {
    render(<SessionProbe />);
    expect(screen.getByTestId('probe').textContent).toBe('out:-:-');

    act(() => setSession(loginAnswer()));

    expect(getCookie('token')).toBe('tok-1');
    expect(localStorage.getItem('token')).toBe('tok-1');
    expect(getProfile()?.mobile).toBe('0712345678');
    expect(screen.getByTestId('probe').textContent).toBe('in:tok-1:0712345678');
  });

  it('writes the cookie for 7 days on the whole site, SameSite=Lax', () => {
    const writes: string[] = [];
    const descriptor = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie');
    vi.spyOn(document, 'cookie', 'set').mockImplementation((value: string) => {
      writes.push(value);
      descriptor?.set?.call(document, value);
    });
    setSession(loginAnswer());
    vi.restoreAllMocks();
    expect(writes).toEqual(['token=tok-1; Max-Age=604800; Path=/; SameSite=Lax']);
  });

  it('clears token and profile and runs the registered clear callbacks', () => {
    const wallet = vi.fn();
    const unregister = onSessionClear(wallet);
    render(<SessionProbe />);
    act(() => setSession(loginAnswer()));

    act(() => clearSession());

    expect(getCookie('token')).toBeUndefined();
    expect(localStorage.getItem('token')).toBeNull();
    expect(getToken()).toBeUndefined();
    expect(getProfile()).toBeUndefined();
    expect(wallet).toHaveBeenCalledOnce();
    expect(screen.getByTestId('probe').textContent).toBe('out:-:-');
    unregister();
  });
});

describe('useIsLoggedIn', () => {
  it('re-renders on login and logout only, not when the profile changes (a balance, the start-up login)', () => {
    let renders = 0;
    function LoggedInProbe() {
      renders += 1;
      return <p data-testid="logged-in">{useIsLoggedIn() ? 'in' : 'out'}</p>;
    }
    render(<LoggedInProbe />);
    expect(screen.getByTestId('logged-in').textContent).toBe('out');

    act(() => setSession(loginAnswer()));
    expect(screen.getByTestId('logged-in').textContent).toBe('in');
    const afterLogin = renders;

    act(() => setProfile({ ...getProfile()!, money: 123_00 }));
    act(() => setSession(loginAnswer({ money: 456_00 })));
    expect(renders).toBe(afterLogin);

    act(() => clearSession());
    expect(screen.getByTestId('logged-in').textContent).toBe('out');
  });
});

describe('restoreSession (start-up token login)', () => {
  it('does nothing without a stored token', async () => {
    await restoreSession(loginWithToken);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('logs in with the cookie token in the headers and an empty body, then refreshes token and profile', async () => {
    document.cookie = 'token=old-token; Path=/';
    fetchMock.mockResolvedValue(
      envelope({ code: 0, msg: 'success', data: loginAnswer({ token: 'new-token' }) }),
    );

    await restoreSession(loginWithToken);

    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/member-service/member/loginWithToken');
    expect(init?.method).toBe('POST');
    expect(new Headers(init?.headers).get('token')).toBe('old-token');
    expect(init?.body).toBeUndefined();
    expect(getToken()).toBe('new-token');
    expect(localStorage.getItem('token')).toBe('new-token');
    expect(getProfile()?.token).toBe('new-token');
  });

  it('uses the token kept in local storage when the cookie was lost', async () => {
    localStorage.setItem('token', 'stored-token');
    fetchMock.mockResolvedValue(
      envelope({ code: 0, msg: 'success', data: loginAnswer({ token: 'stored-token' }) }),
    );

    await restoreSession(loginWithToken);

    expect(new Headers(fetchMock.mock.calls[0]?.[1].headers).get('token')).toBe('stored-token');
    expect(getCookie('token')).toBe('stored-token');
  });

  it('a refused token clears only the token: no redirect, no clear callbacks', async () => {
    const wallet = vi.fn();
    const unregister = onSessionClear(wallet);
    document.cookie = 'token=expired; Path=/';
    localStorage.setItem('token', 'expired');
    fetchMock.mockResolvedValue(
      envelope({ code: ERRORS.UNAUTHORIZED.code, msg: ERRORS.UNAUTHORIZED.msg, data: null }, 401),
    );

    await restoreSession(loginWithToken);

    expect(getToken()).toBeUndefined();
    expect(getCookie('token')).toBeUndefined();
    expect(localStorage.getItem('token')).toBeNull();
    expect(navigate).not.toHaveBeenCalled();
    expect(wallet).not.toHaveBeenCalled();
    unregister();
  });

  it('keeps the token when the network fails (the server never judged it)', async () => {
    document.cookie = 'token=tok-1; Path=/';
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));

    await restoreSession(loginWithToken);

    expect(getToken()).toBe('tok-1');
  });

  it('offline, offers the last profile of this very token as lastKnown, never as the live profile', async () => {
    const last = loginAnswer({ token: 'tok-1', money: 150_000 });
    localStorage.setItem(
      LAST_KNOWN_KEY,
      JSON.stringify({ token: 'tok-1', profile: last.memberInfo, savedAt: 1_700_000_000_000 }),
    );
    document.cookie = 'token=tok-1; Path=/';
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    let seen: ReturnType<typeof useSession> | undefined;
    function Probe() {
      seen = useSession();
      return null;
    }
    render(<Probe />);

    await act(() => restoreSession(loginWithToken));
    expect(seen?.profile).toBeUndefined();
    expect(seen?.lastKnown).toEqual({ profile: last.memberInfo, savedAt: 1_700_000_000_000 });

    // The first answer of the server replaces it.
    fetchMock.mockResolvedValue(
      envelope({ code: 0, msg: '', data: loginAnswer({ token: 'tok-1', money: 90_000 }) }),
    );
    await act(() => restoreSession(loginWithToken));
    expect(seen?.profile?.money).toBe(90_000);
    expect(seen?.lastKnown).toBeUndefined();
  });

  it('never offers another session’s last profile, and forgets it at logout', async () => {
    const other = loginAnswer({ token: 'tok-2' });
    localStorage.setItem(
      LAST_KNOWN_KEY,
      JSON.stringify({ token: 'tok-2', profile: other.memberInfo, savedAt: 1 }),
    );
    document.cookie = 'token=tok-1; Path=/';
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await restoreSession(loginWithToken);
    render(<SessionProbe />);
    expect(screen.getByTestId('probe').textContent).toBe('in:tok-1:-');

    setSession(loginAnswer({ token: 'tok-1' }));
    expect(localStorage.getItem(LAST_KNOWN_KEY)).toContain('tok-1');
    act(() => clearSession());
    expect(localStorage.getItem(LAST_KNOWN_KEY)).toBeNull();
  });
});
