// @vitest-environment jsdom
import type { CashRainConfig, CashRainRecord } from '@app/contracts/cash-rain';
import { fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setSession } from '../../../lib/session.ts';
import { setSettings } from '../../../lib/settings.ts';
import { getToasts } from '../../../lib/toast.ts';
import {
  kenyaSettings,
  loginAnswer,
  memberProfile,
  okEnvelope,
  resetAppState,
  stubFetch,
} from '../../../test/fixtures.ts';
import { CashRainPage } from './cash-rain-page.tsx';

const now = Date.now();
let config: CashRainConfig;
let claimed = false;
let records: CashRainRecord[] = [];
const fetchMock = stubFetch();
const HASH = 'ab'.repeat(32);
const SPLIT = {
  budget: 7_000,
  cashPackets: 5,
  minPacket: 500,
  tryAgainPackets: 0,
  coinPackets: 2,
  coinAmount: 30,
  diamondPackets: 0,
  diamondAmount: 0,
};

function record(date: string, serverSeed: string | null): CashRainRecord {
  return {
    giftType: 1,
    giftAmount: 1_250,
    date,
    duration: 2,
    createTime: now,
    position: 3,
    slot: {
      date,
      id: 2,
      begin: now - 60_000,
      end: now + 3_600_000,
      serverSeedHash: HASH,
      serverSeed,
      clientSeed: `cash-rain:${date}:2`,
      nonce: 0,
      split: SPLIT,
      packets: 7,
    },
  };
}

beforeEach(() => {
  setSettings(kenyaSettings);
  claimed = false;
  records = [];
  config = {
    enable: true,
    title: 'Cash Rain',
    rules: '',
    memberStatus: 0,
    durations: [
      { id: 1, begin: now - 3_600_000, end: now - 60_000, status: -1 },
      { id: 2, begin: now - 60_000, end: now + 3_600_000, status: 1, seedHash: HASH },
    ],
  };
  fetchMock.mockImplementation(async (url) => {
    const { pathname } = new URL(url, 'http://test');
    if (pathname.endsWith('/cash-rain/cfg')) return okEnvelope(config);
    if (pathname.endsWith('/cash-rain/draw-status')) return okEnvelope(claimed);
    if (pathname.endsWith('/cash-rain/records')) return okEnvelope(records);
    if (pathname.endsWith('/memberInfo/getMemberById')) return okEnvelope(memberProfile({ money: 12_345 }));
    return okEnvelope(null);
  });
});
afterEach(async () => {
  await resetAppState();
});

function renderPage() {
  render(
    <MemoryRouter initialEntries={['/activities/cash-rain']}>
      <Routes>
        <Route path="/activities/cash-rain" element={<CashRainPage />} />
        <Route path="/deposit" element={<p>deposit page</p>} />
        <Route path="/login" element={<p>login page</p>} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('the cash rain page', () => {
  it('shows the open slot to a visitor as Grab Now, and asks the visitor to log in', async () => {
    renderPage();
    const grab = await screen.findByTestId('cash-rain-grab');
    expect(grab.textContent).toBe('Grab Now');
    fireEvent.click(grab);
    expect(await screen.findByTestId('confirm-dialog')).toBeTruthy();
  });

  it('sends a member who must deposit first to /deposit with cash_rain.msg7', async () => {
    setSession(loginAnswer());
    config = { ...config, memberStatus: 1 };
    renderPage();
    fireEvent.click(await screen.findByTestId('cash-rain-grab'));
    expect(await screen.findByText('deposit page')).toBeTruthy();
    expect(getToasts().map((toast) => toast.message)).toContain('Deposit first to join the cash rain');
  });

  it('tells a member who already took part, and shows the rules to one who did not', async () => {
    setSession(loginAnswer());
    claimed = true;
    renderPage();
    fireEvent.click(await screen.findByTestId('cash-rain-grab'));
    await waitFor(() =>
      expect(getToasts().map((toast) => toast.message)).toContain('You have already joined this cash rain'),
    );
    claimed = false;
    fireEvent.click(screen.getByTestId('cash-rain-grab'));
    expect(await screen.findByTestId('rain-rules')).toBeTruthy();
    fireEvent.click(screen.getByText('Start'));
    expect(await screen.findByTestId('rain-countdown')).toBeTruthy();
  });

  it('shows each slot’s seed hash, and a member’s rains with Verify once the rain has ended', async () => {
    setSession(loginAnswer());
    const seed = 'cd'.repeat(32);
    records = [record('2026-11-28', null), record('2026-11-27', seed)];
    renderPage();
    expect((await screen.findByTestId('cash-rain-seed-hash')).textContent).toBe(`Seed hash ${HASH}`);
    const list = await screen.findByTestId('cash-rain-records');
    const [today, yesterday] = [...list.querySelectorAll('li')];
    expect(today?.textContent).toContain('packet no. 4');
    expect(today?.textContent).toContain('Verify when the rain ends');
    expect(today?.querySelector('a')).toBeNull();
    const link = new URL(yesterday!.querySelector('a')!.getAttribute('href')!, 'https://x.test');
    expect(link.pathname).toBe('/game-center/fair');
    expect(Object.fromEntries(link.searchParams)).toEqual({
      game: 'cash-rain',
      serverSeed: seed,
      serverSeedHash: HASH,
      clientSeed: 'cash-rain:2026-11-27:2',
      nonce: '0',
      options: JSON.stringify({ ...SPLIT, position: 3 }),
    });
  });

  it('shows no records to a visitor', async () => {
    renderPage();
    await screen.findByTestId('cash-rain-grab');
    expect(screen.queryByText('My cash rains')).toBeNull();
  });
});
