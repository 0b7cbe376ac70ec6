// @vitest-environment jsdom
import type { AppSettings, MenuItem } from '@app/contracts/config';
import { COUNTRY_PROFILES } from '@app/contracts/country';
import type { Profile } from '@app/contracts/member';
import { act, cleanup, render, screen, within } from '@testing-library/preact';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startMemberActivity, stopMemberActivity } from '../../../lib/member-activity.ts';
import { clearQueryCache } from '../../../lib/query.ts';
import { clearSession, setSession } from '../../../lib/session.ts';
import { setSettings } from '../../../lib/settings.ts';
import { HomePage, type HomeVariant } from './home-page.tsx';

const settings: AppSettings = {
  country: COUNTRY_PROFILES.KE,
  theme: 'winslots',
  christmas: false,
  languages: ['en'],
  brandName: 'WinSlots',
  disallowedSuppliers: [],
};
const profile = { id: 1, mobile: '0712345678', token: 'tok-1', money: 0 } as Profile;
const variant: HomeVariant = {
  Header: () => null,
  logoSrc: '/logo.svg',
  menuLayout: 'round',
  orderBanners: (items) => items,
};
const inbox: MenuItem = {
  id: 1,
  title: 'Inbox',
  url: '/member/messages',
  img: '/statics/menus/inbox.webp',
  image: '',
  typeId: 100102,
  sort: 1,
  content: '',
};

const fetchMock = vi.fn<(input: string, init: RequestInit) => Promise<Response>>();
const wait = (ms: number) =>
  act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });

beforeEach(() => {
  vi.useFakeTimers();
  setSettings(settings);
  fetchMock.mockImplementation(async (url) => {
    const data = url.includes('queryByPosition')
      ? url.includes('position=100102')
        ? [inbox]
        : []
      : url.includes('Count')
        ? { total: 150 }
        : url.includes('kick-out')
          ? { kickedOut: false }
          : [];
    return new Response(JSON.stringify({ code: 0, msg: '', data }), {
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(async () => {
  await wait(20);
  cleanup();
  stopMemberActivity();
  clearSession();
  clearQueryCache();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  fetchMock.mockReset();
  localStorage.clear();
});

describe('HomePage message badge', () => {
  it("shows the member's unread count on the inbox entry, capped at +99", async () => {
    setSession({ token: 'tok-1', memberInfo: profile });
    render(
      <MemoryRouter initialEntries={['/home']}>
        <HomePage variant={variant} />
      </MemoryRouter>,
    );
    await act(() => startMemberActivity());
    await wait(0);
    const link = screen.getByRole('link', { name: /Inbox/ });
    expect(within(link).getByText('+99')).toBeTruthy();
  });

  it('shows no badge and no ticker to a visitor', async () => {
    render(
      <MemoryRouter initialEntries={['/home']}>
        <HomePage variant={variant} />
      </MemoryRouter>,
    );
    await wait(0);
    const link = screen.getByRole('link', { name: /Inbox/ });
    expect(link.querySelector('.badge')).toBeNull();
    expect(screen.queryByTestId('notice-ticker')).toBeNull();
    expect(fetchMock.mock.calls.some(([url]) => url.includes('memberMessage'))).toBe(false);
  });
});
