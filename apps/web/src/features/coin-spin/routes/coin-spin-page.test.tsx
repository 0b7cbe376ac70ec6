// @vitest-environment jsdom
import type { CoinSpinState } from '@app/contracts/coin-spin';
import { fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getProfile, setSession } from '../../../lib/session.ts';
import { setSettings } from '../../../lib/settings.ts';
import { getToasts } from '../../../lib/toast.ts';
import {
  advanceFakeTime,
  kenyaSettings,
  loginAnswer,
  okEnvelope,
  resetAppState,
  stubFetch,
} from '../../../test/fixtures.ts';
import { SPIN_MS } from '../components/coin-wheel.tsx';
import { CoinSpinPage, verifyLink } from './coin-spin-page.tsx';

const STATE: CoinSpinState = {
  id: 1,
  siteDay: '2026-11-26',
  serverSeedHash: 'ab'.repeat(32),
  prizes: [
    { index: 0, coins: 50, cash: 0, count: 10, remaining: 4 },
    { index: 1, coins: 0, cash: 1_00, count: 2, remaining: 2 },
    { index: 2, coins: 5_00, cash: 0, count: 1, remaining: 0 },
  ],
  canSpin: true,
  spunToday: false,
  needsSignIn: false,
};
const RECORD = {
  id: 7,
  siteDay: '2026-11-26',
  prizeIndex: 1,
  coins: 0,
  cash: 1_00,
  serverSeedHash: 'ab'.repeat(32),
  serverSeed: null,
  clientSeed: 'seed',
  nonce: 3,
  remainingBefore: [4, 2, 0],
  createdAt: '2026-11-26T10:00:00.000Z',
};

const fetchMock = stubFetch();

beforeEach(() => {
  setSettings(kenyaSettings);
  fetchMock.mockImplementation(async (url) => {
    if (url.endsWith('/coin-spin/1/spin')) return okEnvelope({ ...RECORD, money: 1_00, bonusMoney: 0 });
    if (url.endsWith('/coin-spin/1/records')) return okEnvelope([]);
    if (url.endsWith('/coin-spin/1')) return okEnvelope(STATE);
    return okEnvelope([]);
  });
});

afterEach(resetAppState);

function renderPage() {
  render(
    <MemoryRouter initialEntries={['/home', '/games/coin-spin/1']} initialIndex={1}>
      <Routes>
        <Route path="/games/coin-spin/:id" element={<CoinSpinPage />} />
        <Route path="/home" element={<p data-testid="home-route">home</p>} />
        <Route path="/login" element={<p data-testid="login-route">login</p>} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('the coin spin page', () => {
  it('spins once, cannot be closed while the wheel turns, then shows what was won', async () => {
    setSession(loginAnswer());
    renderPage();
    await waitFor(() => expect(screen.getByTestId('coin-spin-pool').textContent).toContain('4 of 10 left'));
    expect(screen.getByTestId('coin-spin-pool').textContent).toContain('KES 1.00 cash');

    vi.useFakeTimers();
    fireEvent.click(screen.getByTestId('coin-spin-button'));
    await advanceFakeTime(0);
    expect(screen.getByTestId('coin-spin-spinning').textContent).toBe('Spinning, Can not close');
    expect(getProfile()?.money).toBe(1_00);

    fireEvent.click(screen.getByTestId('coin-spin-back'));
    expect(getToasts().map((toast) => toast.message)).toContain('Spinning, Can not close');
    expect(screen.queryByTestId('home-route')).toBeNull();
    expect(screen.queryByTestId('coin-spin-result')).toBeNull();
    // The browser's back too: the page stands on a guard entry while the wheel turns.
    const spinningToasts = () =>
      getToasts().filter((toast) => toast.message === 'Spinning, Can not close').length;
    window.history.back();
    await advanceFakeTime(20);
    expect(spinningToasts()).toBe(2);
    expect(window.history.state).toHaveProperty('blockBack');

    await advanceFakeTime(SPIN_MS - 21);
    expect(screen.queryByTestId('coin-spin-result')).toBeNull();
    await advanceFakeTime(1);
    expect(screen.getByTestId('coin-spin-prize').textContent).toBe('You won KES 1.00 cash');
    // The wheel stopped: the guard is gone, so a back leaves at once.
    await advanceFakeTime(20);
    expect(window.history.state ?? {}).not.toHaveProperty('blockBack');
    expect(screen.queryByTestId('coin-spin-spinning')).toBeNull();
    expect(fetchMock.mock.calls.filter(([url]) => url.endsWith('/spin'))).toHaveLength(1);

    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    expect(screen.queryByTestId('coin-spin-result')).toBeNull();
    fireEvent.click(screen.getByTestId('coin-spin-back'));
    await advanceFakeTime(0);
    expect(screen.getByTestId('home-route')).toBeTruthy();
  });

  it('asks for today’s sign-in first when the member has not claimed it', async () => {
    fetchMock.mockImplementation(async (url) =>
      url.endsWith('/coin-spin/1')
        ? okEnvelope({ ...STATE, canSpin: false, needsSignIn: true })
        : okEnvelope([]),
    );
    setSession(loginAnswer());
    renderPage();
    await screen.findByText(/Collect today's daily bonus first/);
    expect(screen.getByTestId('coin-spin-button').hasAttribute('disabled')).toBe(true);
  });

  it('shows a visitor the day’s published pool, and asks them to log in to spin', async () => {
    fetchMock.mockImplementation(async (url) =>
      url.endsWith('/coin-spin/1') ? okEnvelope({ ...STATE, canSpin: false }) : okEnvelope([]),
    );
    renderPage();
    expect((await screen.findByTestId('coin-spin-pool')).textContent).toContain('KES 1.00 cash');
    expect(screen.queryByText(/Collect today's daily bonus first/)).toBeNull();
    fireEvent.click(await screen.findByTestId('coin-spin-button'));
    fireEvent.click(await screen.findByRole('button', { name: 'Log in' }));
    await screen.findByTestId('login-route');
  });

  it('links a spin to the verifier with its seeds and the pool it was drawn on', () => {
    const link = new URL(verifyLink({ ...RECORD, serverSeed: 'cd'.repeat(32) }), 'https://x.test');
    expect(link.pathname).toBe('/game-center/fair');
    expect(Object.fromEntries(link.searchParams)).toMatchObject({
      game: 'coin-spin',
      serverSeed: 'cd'.repeat(32),
      clientSeed: 'seed',
      nonce: '3',
      options: '{"remaining":[4,2,0]}',
    });
  });
});
