// @vitest-environment jsdom
import type { DailyBonusEntry } from '@app/contracts/sign-in';
import { ERRORS } from '@app/contracts/errors';
import { fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { getProfile, setSession } from '../../../lib/session.ts';
import { setSettings } from '../../../lib/settings.ts';
import { getToasts } from '../../../lib/toast.ts';
import {
  envelope,
  kenyaSettings,
  loginAnswer,
  okEnvelope,
  resetAppState,
  stubFetch,
} from '../../../test/fixtures.ts';
import { DailyBonusPage } from './daily-bonus-page.tsx';

const AMOUNTS = [100, 200, 300, 500, 800, 1000, 2000];
const days = (claimed: number, today: number): DailyBonusEntry[] =>
  AMOUNTS.map((cashBack, index) => ({
    day: index + 1,
    status: index + 1 <= claimed ? 1 : 0,
    cashBack,
    today: index + 1 === today,
    grand: index === 6,
  }));

const fetchMock = stubFetch();
let claimed = 0;
let signAnswer: () => Response;

beforeEach(() => {
  setSettings(kenyaSettings);
  claimed = 0;
  signAnswer = () => {
    claimed = 1;
    return okEnvelope({
      day: 1,
      cashBack: 100,
      asset: 'coins',
      siteDay: '2026-11-26',
      money: 0,
      bonusMoney: 100,
    });
  };
  fetchMock.mockImplementation(async (url) => {
    if (url.includes('/daily-bonus/preview')) return okEnvelope(days(claimed, 1));
    if (url.endsWith('/daily-bonus/sign')) return signAnswer();
    return okEnvelope([]);
  });
});

afterEach(resetAppState);

function renderPage() {
  render(
    <MemoryRouter initialEntries={['/activities/daily-bonus']}>
      <Routes>
        <Route path="/activities/daily-bonus" element={<DailyBonusPage />} />
        <Route path="/games/coin-spin/:id" element={<p data-testid="coin-spin-route">coin spin</p>} />
        <Route path="/login" element={<p data-testid="login-route">login</p>} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('the daily bonus overlay', () => {
  it('shows 7 days with today highlighted and day 7 grand; claiming refreshes the balance, then WIN CASH leads to the coin spin', async () => {
    setSession(loginAnswer({ bonusMoney: 0 }));
    renderPage();
    await waitFor(() => expect(screen.getAllByTestId('daily-card')).toHaveLength(7));
    const cards = screen.getAllByTestId('daily-card');
    expect(cards[0]?.getAttribute('aria-current')).toBe('date');
    expect(cards[6]?.textContent).toContain('Grand bonus');
    expect(cards[0]?.textContent).toContain('1.00');
    expect(cards[0]?.querySelector('[aria-label="1.00 coins"]')).not.toBeNull();
    const action = screen.getByTestId('daily-bonus-action');
    expect(action.textContent).toBe('Check in');

    fireEvent.click(action);
    await waitFor(() => expect(screen.getByTestId('daily-bonus-action').textContent).toBe('WIN CASH'));
    expect(screen.getAllByTestId('daily-card')[0]?.className).toContain('is-just-claimed');
    expect(screen.getAllByTestId('daily-card')[0]?.textContent).toContain('Claimed');
    expect(getProfile()?.bonusMoney).toBe(100);
    expect(getToasts().map((toast) => toast.message)).toContain('Day 1: 1.00 added to your balance');
    expect(fetchMock.mock.calls.filter(([url]) => url.endsWith('/daily-bonus/sign'))).toHaveLength(1);

    fireEvent.click(screen.getByTestId('daily-bonus-action'));
    await screen.findByTestId('coin-spin-route');
  });

  it('toasts the server’s message when the claim fails', async () => {
    signAnswer = () =>
      envelope(
        {
          code: ERRORS.PROMOTION_MEMBER_BLOCKED.code,
          msg: 'Promotions are not available to this account',
          data: null,
        },
        403,
      );
    setSession(loginAnswer());
    renderPage();
    await waitFor(() => expect(screen.getAllByTestId('daily-card')).toHaveLength(7));
    fireEvent.click(screen.getByTestId('daily-bonus-action'));
    await waitFor(() =>
      expect(getToasts().map((toast) => toast.message)).toContain(
        'Promotions are not available to this account',
      ),
    );
    expect(screen.getByTestId('daily-bonus-action').textContent).toBe('Check in');
  });

  it('shows a visitor the 7 days with what they pay, and asks them to log in to claim', async () => {
    renderPage();
    await waitFor(() => expect(screen.getAllByTestId('daily-card')).toHaveLength(7));
    // The amounts are the server's (a visitor's preview: a new cycle), not blank cards.
    expect(screen.getAllByTestId('daily-card')[6]!.textContent).toContain('20');
    fireEvent.click(screen.getByTestId('daily-bonus-action'));
    fireEvent.click(await screen.findByRole('button', { name: 'Log in' }));
    await screen.findByTestId('login-route');
    expect(fetchMock.mock.calls.some(([url]) => url.endsWith('/daily-bonus/sign'))).toBe(false);
  });
});
