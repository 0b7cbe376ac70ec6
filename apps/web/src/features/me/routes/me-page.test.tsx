// @vitest-environment jsdom
import type { AppSettings } from '@app/contracts/config';
import { COUNTRY_PROFILES } from '@app/contracts/country';
import { ERRORS } from '@app/contracts/errors';
import type { Profile } from '@app/contracts/member';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearQueryCache } from '../../../lib/query.ts';
import { clearSession, getToken, onSessionClear, setSession } from '../../../lib/session.ts';
import { setSettings } from '../../../lib/settings.ts';
import { dismissToast, getToasts } from '../../../lib/toast.ts';
import { MePage } from './me-page.tsx';

const settings: AppSettings = {
  country: COUNTRY_PROFILES.KE,
  theme: 'winslots',
  christmas: false,
  languages: ['en'],
  brandName: 'WinSlots',
  disallowedSuppliers: [],
};

const profile: Profile = {
  id: 1,
  mobile: '0712345678',
  money: 123_456,
  withdrawMoney: 0,
  bonusMoney: 5_000,
  diamond: 12,
  levelId: 1,
  nickName: '',
  img: '',
  score: 0,
  hasPinCode: false,
  token: 'tok-1',
  guid: '',
  inviteCode: '',
};

function envelope(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

const fetchMock = vi.fn<(input: string, init: RequestInit) => Promise<Response>>();
let logoutAnswer: () => Response;

beforeEach(() => {
  setSettings(settings);
  logoutAnswer = () => envelope({ code: 0, msg: '', data: null });
  fetchMock.mockImplementation(async (url) =>
    url.endsWith('/member/logout') ? logoutAnswer() : envelope({ code: 0, msg: '', data: [] }),
  );
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(async () => {
  // Preact runs effects after the next frame (with a timer as a fallback); let that frame come while
  // the page still exists, so no timer fires after the test environment is gone.
  await act(() => new Promise<void>((resolve) => requestAnimationFrame(() => resolve())));
  cleanup();
  clearSession();
  clearQueryCache();
  vi.unstubAllGlobals();
  fetchMock.mockReset();
  getToasts().forEach((toast) => dismissToast(toast.id));
  localStorage.clear();
});

function renderMe() {
  render(
    <MemoryRouter initialEntries={['/me']}>
      <MePage />
    </MemoryRouter>,
  );
}

describe('MePage', () => {
  it('shows a visitor the login view and no logout', () => {
    renderMe();
    expect(screen.getByTestId('login-required')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Log out' })).toBeNull();
  });

  it("shows the member's mobile, coins, diamonds and balance with withdraw and deposit", () => {
    setSession({ token: 'tok-1', memberInfo: profile });
    renderMe();
    const card = screen.getByTestId('profile-card');
    expect(card.textContent).toContain('0712345678');
    expect(card.textContent).toContain('1,234.56');
    expect(card.textContent).toContain('50.00');
    expect(card.textContent).toContain('12');
    expect(screen.getByRole('link', { name: 'Withdraw' }).getAttribute('href')).toBe('/withdraw');
    expect(screen.getByRole('link', { name: 'Deposit' }).getAttribute('href')).toBe('/deposit');
  });

  it('logs out even when the server fails, and toasts the failure', async () => {
    const wallet = vi.fn();
    const unregister = onSessionClear(wallet);
    logoutAnswer = () => envelope({ code: ERRORS.INTERNAL.code, msg: 'boom', data: null }, 500);
    act(() => setSession({ token: 'tok-1', memberInfo: profile }));
    renderMe();
    fireEvent.click(screen.getByRole('button', { name: 'Log out' }));

    await waitFor(() => expect(screen.getByTestId('login-required')).toBeTruthy());
    expect(fetchMock.mock.calls.some(([url]) => url === '/api/member-service/member/logout')).toBe(true);
    expect(getToken()).toBeUndefined();
    expect(wallet).toHaveBeenCalledOnce();
    expect(getToasts().map((toast) => toast.message)).toEqual(['Please try again later']);
    unregister();
  });
});
