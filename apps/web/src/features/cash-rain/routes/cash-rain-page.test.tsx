// @vitest-environment jsdom
import type { CashRainConfig } from '@app/contracts/cash-rain';
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
const fetchMock = stubFetch();

beforeEach(() => {
  setSettings(kenyaSettings);
  claimed = false;
  config = {
    enable: true,
    title: 'Cash Rain',
    rules: '',
    memberStatus: 0,
    durations: [
      { id: 1, begin: now - 3_600_000, end: now - 60_000, status: -1 },
      { id: 2, begin: now - 60_000, end: now + 3_600_000, status: 1 },
    ],
  };
  fetchMock.mockImplementation(async (url) => {
    const { pathname } = new URL(url, 'http://test');
    if (pathname.endsWith('/cash-rain/cfg')) return okEnvelope(config);
    if (pathname.endsWith('/cash-rain/draw-status')) return okEnvelope(claimed);
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
});
