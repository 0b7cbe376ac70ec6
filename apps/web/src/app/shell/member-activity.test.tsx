// @vitest-environment jsdom
import type { AppSettings } from '@app/contracts/config';
import { COUNTRY_PROFILES } from '@app/contracts/country';
import type { Profile } from '@app/contracts/member';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { Link, MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { hideBanner, showBanner } from '../../lib/banner.ts';
import { resetPopupLock } from '../../lib/popup-lock.ts';
import { clearSession, setSession } from '../../lib/session.ts';
import { setSettings } from '../../lib/settings.ts';
import { MemberActivity } from './member-activity.tsx';

const settings: AppSettings = {
  country: COUNTRY_PROFILES.KE,
  theme: 'winslots',
  christmas: false,
  languages: ['en'],
  brandName: 'WinSlots',
  disallowedSuppliers: [],
};
const profile = { id: 1, mobile: '0712345678', token: 'tok-1' } as Profile;

function envelope(data: unknown): Response {
  return new Response(JSON.stringify({ code: 0, msg: '', data }), {
    headers: { 'Content-Type': 'application/json' },
  });
}

let unread = 1;
let kickedOut = false;
const fetchMock = vi.fn<(input: string, init: RequestInit) => Promise<Response>>();
const calls = (part: string) => fetchMock.mock.calls.filter(([url]) => url.includes(part)).length;

/** Lets fake time pass inside act, so renders and effects caused by the answers are flushed too. */
const wait = (ms: number) =>
  act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });

function renderShell(path = '/home') {
  render(
    <MemoryRouter initialEntries={[path]}>
      <MemberActivity />
    </MemoryRouter>,
  );
}

beforeEach(() => {
  vi.useFakeTimers();
  setSettings(settings);
  unread = 1;
  kickedOut = false;
  fetchMock.mockImplementation(async (url) => {
    if (url.includes('/memberMessage/notices')) return envelope([]);
    if (url.includes('/queryNewMessageCount')) return envelope({ total: unread });
    if (url.includes('/game-kick-out')) return envelope({ kickedOut });
    return envelope(null);
  });
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(async () => {
  await wait(20);
  cleanup();
  clearSession();
  hideBanner();
  resetPopupLock();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  fetchMock.mockReset();
  localStorage.clear();
});

describe('MemberActivity', () => {
  it('polls nothing for a visitor', async () => {
    renderShell();
    await wait(60_000);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('starts a logged-in member’s checks once the page is idle after start-up', async () => {
    setSession({ token: 'tok-1', memberInfo: profile });
    renderShell();
    expect(fetchMock).not.toHaveBeenCalled();
    await wait(1_000);
    expect(calls('/memberMessage/notices')).toBe(1);
    await wait(10_000);
    expect(calls('/memberMessage/notices')).toBe(2);
  });

  it('checks at once after a login, and stops at logout', async () => {
    renderShell();
    await act(() => setSession({ token: 'tok-1', memberInfo: profile }));
    await wait(0);
    expect(calls('/queryNewMessageCount')).toBe(1);

    await act(() => clearSession());
    await wait(60_000);
    expect(calls('/queryNewMessageCount')).toBe(1);
  });

  it('skips the login route and checks as soon as the player leaves it', async () => {
    setSession({ token: 'tok-1', memberInfo: profile });
    render(
      <MemoryRouter initialEntries={['/login']}>
        <MemberActivity />
        <Link to="/home">leave</Link>
      </MemoryRouter>,
    );
    await wait(30_000);
    expect(fetchMock).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('link', { name: 'leave' }));
    await wait(0);
    expect(calls('/memberMessage/notices')).toBe(1);
  });

  it('tells the player once about a second device', async () => {
    kickedOut = true;
    setSession({ token: 'tok-1', memberInfo: profile });
    renderShell();
    await wait(1_000);
    const notice = screen.getByTestId('one-device-notice');
    expect(notice.textContent).toContain('We support only one device to bet at the same time');

    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    await wait(0);
    expect(screen.queryByTestId('one-device-notice')).toBeNull();
    await wait(30_000);
    expect(screen.queryByTestId('one-device-notice')).toBeNull();
    expect(calls('/game-kick-out')).toBe(1);
  });

  it('shows a banner when a message arrives, hidden after 3 s', async () => {
    setSession({ token: 'tok-1', memberInfo: profile });
    renderShell();
    await wait(1_000);
    expect(screen.queryByTestId('new-message-banner')).toBeNull();

    unread = 2;
    await wait(10_000);
    const banner = screen.getByTestId('new-message-banner');
    expect(banner.textContent).toBe('You have a new message');
    expect(banner.querySelector('a')?.getAttribute('href')).toBe('/member/messages');

    await wait(2_999);
    expect(screen.queryByTestId('new-message-banner')).not.toBeNull();
    await wait(1);
    expect(screen.queryByTestId('new-message-banner')).toBeNull();
  });

  it('lets a newer banner replace the one showing, with its own 3 s', async () => {
    renderShell();
    await act(() => void showBanner('first'));
    await wait(2_000);
    await act(() => void showBanner('second'));
    await wait(2_000);
    expect(screen.getByTestId('notification-banner').textContent).toBe('second');
    await wait(1_000);
    expect(screen.queryByTestId('notification-banner')).toBeNull();
  });
});
