// @vitest-environment jsdom
import type { AppSettings } from '@app/contracts/config';
import { COUNTRY_PROFILES } from '@app/contracts/country';
import type { Profile } from '@app/contracts/member';
import type { Notice } from '@app/contracts/message';
import { act, cleanup, render, screen } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startMemberActivity, stopMemberActivity } from '../../../lib/member-activity.ts';
import { clearSession, setSession } from '../../../lib/session.ts';
import { setSettings } from '../../../lib/settings.ts';
import { NoticeTicker } from './notice-ticker.tsx';

const settings: AppSettings = {
  country: COUNTRY_PROFILES.KE,
  theme: 'winslots',
  christmas: false,
  languages: ['en'],
  brandName: 'WinSlots',
  disallowedSuppliers: [],
};
const profile = { id: 1, mobile: '0712345678', token: 'tok-1' } as Profile;

const NOTICES: Notice[] = [
  { id: 1, type: 1, message: 'Deposits are instant with M-PESA' },
  { id: 2, type: 2, message: 'ignored', mobile: '0712****78', amount: 1_234_500 },
  { id: 3, type: 1, message: 'Weekend cash back' },
];

let notices: Notice[] = NOTICES;
const fetchMock = vi.fn<(input: string, init: RequestInit) => Promise<Response>>();
const wait = (ms: number) =>
  act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
const shown = () => screen.getByTestId('notice-ticker').querySelector('p')?.textContent;

beforeEach(() => {
  vi.useFakeTimers();
  setSettings(settings);
  notices = NOTICES;
  fetchMock.mockImplementation(async (url) => {
    const data = url.includes('/notices')
      ? notices
      : url.includes('Count')
        ? { total: 0 }
        : { kickedOut: false };
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
  vi.useRealTimers();
  vi.unstubAllGlobals();
  fetchMock.mockReset();
  localStorage.clear();
});

async function renderForMember() {
  setSession({ token: 'tok-1', memberInfo: profile });
  render(<NoticeTicker />);
  await act(() => startMemberActivity());
  await wait(0);
}

describe('NoticeTicker', () => {
  it('renders nothing, and takes no space, for a visitor', async () => {
    const { container } = render(<NoticeTicker />);
    await wait(30_000);
    expect(container.innerHTML).toBe('');
  });

  it('renders nothing for a member without notices', async () => {
    notices = [];
    await renderForMember();
    expect(screen.queryByTestId('notice-ticker')).toBeNull();
  });

  it('shows one notice at a time, the next every 5 s, winners with their amount', async () => {
    await renderForMember();
    expect(shown()).toBe('Deposits are instant with M-PESA');
    await wait(4_999);
    expect(shown()).toBe('Deposits are instant with M-PESA');
    await wait(1);
    expect(shown()).toBe('0712****78 won KES 12,345.00');
    await wait(5_000);
    expect(shown()).toBe('Weekend cash back');
    await wait(5_000);
    expect(shown()).toBe('Deposits are instant with M-PESA');
  });

  it('keeps its place when a poll brings the same notices again', async () => {
    await renderForMember();
    await wait(5_000);
    expect(shown()).toBe('0712****78 won KES 12,345.00');
    // The 10 s poll answers at the same moment as the second swipe.
    await wait(5_000);
    expect(shown()).toBe('Weekend cash back');
  });
});
