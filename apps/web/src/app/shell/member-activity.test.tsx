// @vitest-environment jsdom
import { act, fireEvent, render, screen } from '@testing-library/preact';
import { Link, MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { showBanner } from '../../lib/banner.ts';
import { clearSession, setSession } from '../../lib/session.ts';
import { setSettings } from '../../lib/settings.ts';
import {
  advanceFakeTime,
  kenyaSettings,
  loginAnswer,
  okEnvelope,
  resetAppState,
  stubFetch,
} from '../../test/fixtures.ts';
import { MemberActivity } from './member-activity.tsx';

const fetchMock = stubFetch();
let unread = 1;
let kickedOut = false;
const calls = (part: string) => fetchMock.mock.calls.filter(([url]) => url.includes(part)).length;

function renderShell(path = '/home') {
  render(
    <MemoryRouter initialEntries={[path]}>
      <MemberActivity />
    </MemoryRouter>,
  );
}

beforeEach(() => {
  vi.useFakeTimers();
  setSettings(kenyaSettings);
  unread = 1;
  kickedOut = false;
  fetchMock.mockImplementation(async (url) => {
    if (url.includes('/memberMessage/notices')) return okEnvelope([]);
    if (url.includes('/queryNewMessageCount')) return okEnvelope({ total: unread });
    if (url.includes('/game-kick-out')) return okEnvelope({ kickedOut });
    return okEnvelope(null);
  });
});

afterEach(resetAppState);

describe('MemberActivity', () => {
  it('polls nothing for a visitor', async () => {
    renderShell();
    await advanceFakeTime(60_000);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('starts a logged-in member’s checks once the page is idle after start-up', async () => {
    setSession(loginAnswer());
    renderShell();
    expect(fetchMock).not.toHaveBeenCalled();
    await advanceFakeTime(1_000);
    expect(calls('/memberMessage/notices')).toBe(1);
    await advanceFakeTime(10_000);
    expect(calls('/memberMessage/notices')).toBe(2);
  });

  it('checks at once after a login, and stops at logout', async () => {
    renderShell();
    await act(() => setSession(loginAnswer()));
    await advanceFakeTime(0);
    expect(calls('/queryNewMessageCount')).toBe(1);

    await act(() => clearSession());
    await advanceFakeTime(60_000);
    expect(calls('/queryNewMessageCount')).toBe(1);
  });

  it('skips the login route and checks as soon as the player leaves it', async () => {
    setSession(loginAnswer());
    render(
      <MemoryRouter initialEntries={['/login']}>
        <MemberActivity />
        <Link to="/home">leave</Link>
      </MemoryRouter>,
    );
    await advanceFakeTime(30_000);
    expect(fetchMock).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('link', { name: 'leave' }));
    await advanceFakeTime(0);
    expect(calls('/memberMessage/notices')).toBe(1);
  });

  it('tells the player once about a second device', async () => {
    kickedOut = true;
    setSession(loginAnswer());
    renderShell();
    await advanceFakeTime(1_000);
    const notice = screen.getByTestId('one-device-notice');
    expect(notice.textContent).toContain('We support only one device to bet at the same time');

    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    await advanceFakeTime(0);
    expect(screen.queryByTestId('one-device-notice')).toBeNull();
    await advanceFakeTime(30_000);
    expect(screen.queryByTestId('one-device-notice')).toBeNull();
    expect(calls('/game-kick-out')).toBe(1);
  });

  it('shows a banner when a message arrives, hidden after 3 s', async () => {
    setSession(loginAnswer());
    renderShell();
    await advanceFakeTime(1_000);
    expect(screen.queryByTestId('new-message-banner')).toBeNull();

    unread = 2;
    await advanceFakeTime(10_000);
    const banner = screen.getByTestId('new-message-banner');
    expect(banner.textContent).toBe('You have a new message');
    expect(banner.querySelector('a')?.getAttribute('href')).toBe('/member/messages');

    await advanceFakeTime(2_999);
    expect(screen.queryByTestId('new-message-banner')).not.toBeNull();
    await advanceFakeTime(1);
    expect(screen.queryByTestId('new-message-banner')).toBeNull();
  });

  it('lets a newer banner replace the one showing, with its own 3 s', async () => {
    renderShell();
    await act(() => void showBanner('first'));
    await advanceFakeTime(2_000);
    await act(() => void showBanner('second'));
    await advanceFakeTime(2_000);
    expect(screen.getByTestId('notification-banner').textContent).toBe('second');
    await advanceFakeTime(1_000);
    expect(screen.queryByTestId('notification-banner')).toBeNull();
  });
});
