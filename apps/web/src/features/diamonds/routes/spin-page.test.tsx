// @vitest-environment jsdom
import type { DiamondSpinBetResult, DiamondSpinConfig } from '@app/contracts/diamonds';
import { fireEvent, render, screen } from '@testing-library/preact';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadFeatureCatalogues } from '../../../lib/i18n.ts';
import { getProfile, setSession } from '../../../lib/session.ts';
import { setSettings } from '../../../lib/settings.ts';
import { dismissToast, getToasts } from '../../../lib/toast.ts';
import {
  advanceFakeTime,
  kenyaSettings,
  loginAnswer,
  okEnvelope,
  resetAppState,
  stubFetch,
} from '../../../test/fixtures.ts';
import { DIAMOND_TEXTS } from '../texts.ts';
import { DiamondSpinPage, SPIN_ANIMATION_MS, verifyLink } from './spin-page.tsx';

const fetchMock = stubFetch();

const cfg: DiamondSpinConfig = {
  enable: true,
  day: '2026-11-26',
  options: [
    { index: 0, spins: 1, cost: 10 },
    { index: 1, spins: 10, cost: 100 },
  ],
  segments: [
    { id: 1, type: 'none', amount: 0, weight: 3, dailyPool: null, remaining: null },
    { id: 2, type: 'diamonds', amount: 5, weight: 1, dailyPool: 10, remaining: 4 },
  ],
  fairness: { serverSeedHash: 'a'.repeat(64), clientSeed: 'client', nonce: 3 },
  diamond: 20,
};

const bet: DiamondSpinBetResult = {
  id: 7,
  index: 0,
  cost: 10,
  spins: [{ segment: 1, segmentId: 2, type: 'diamonds', amount: 5, paid: true }],
  coins: 0,
  diamonds: 5,
  cash: 0,
  fairness: {
    serverSeed: 'b'.repeat(64),
    serverSeedHash: 'a'.repeat(64),
    clientSeed: 'client',
    nonce: 3,
    weights: [3, 1],
  },
  createTime: '2026-11-26T10:00:00Z',
  diamond: 15,
  next: { serverSeedHash: 'c'.repeat(64), clientSeed: 'client', nonce: 4 },
};

beforeAll(async () => {
  await loadFeatureCatalogues(DIAMOND_TEXTS);
});
beforeEach(() => {
  setSettings(kenyaSettings);
});
afterEach(resetAppState);

describe('DiamondSpinPage', () => {
  it('shows the published wheel, spins, cannot be closed while spinning, then shows the prize', async () => {
    vi.useFakeTimers();
    setSession(loginAnswer({ diamond: 20 }));
    fetchMock.mockImplementation(async (url: string) => {
      if (url.includes('diamond-spin/bet')) return okEnvelope(bet);
      if (url.includes('winners')) return okEnvelope([]);
      return okEnvelope(cfg);
    });
    render(
      <MemoryRouter initialEntries={['/diamond/spin']}>
        <DiamondSpinPage />
      </MemoryRouter>,
    );
    await advanceFakeTime(0);
    const wheel = await screen.findByTestId('diamond-wheel');
    expect(wheel.textContent).toContain('75.00%');
    expect(wheel.textContent).toContain('4 of 10 left today');
    expect((screen.getByTestId('spin-option-1') as HTMLButtonElement).disabled).toBe(true);

    fireEvent.click(screen.getByTestId('spin-option-0'));
    await advanceFakeTime(0);
    expect(screen.getByTestId('spinning').textContent).toContain('Spinning, Can not close');
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(getToasts().map((toast) => toast.message)).toContain('Spinning, Can not close');
    expect(screen.queryByTestId('spin-result')).toBeNull();
    // The browser's back, the bar's back and the other diamond pages wait for the wheel too.
    const toldAfter = async (act: () => unknown) => {
      getToasts().forEach((toast) => dismissToast(toast.id));
      await act();
      return getToasts().map((toast) => toast.message);
    };
    expect(
      await toldAfter(async () => {
        window.history.back();
        await advanceFakeTime(20);
      }),
    ).toEqual(['Spinning, Can not close']);
    expect(window.history.state).toHaveProperty('blockBack');
    expect(
      await toldAfter(() => fireEvent.click(screen.getByRole('link', { name: 'Diamond tasks' }))),
    ).toEqual(['Spinning, Can not close']);
    expect(await toldAfter(() => fireEvent.click(screen.getByRole('button', { name: 'Back' })))).toEqual([
      'Spinning, Can not close',
    ]);
    expect(screen.getByTestId('diamond-spin-page')).toBeTruthy();

    await advanceFakeTime(SPIN_ANIMATION_MS);
    expect(screen.getByTestId('spin-result').textContent).toContain('You won');
    expect(screen.getByTestId('spin-result').textContent).toContain('5 diamonds');
    expect(getProfile()?.diamond).toBe(15);
    expect(screen.queryByTestId('spinning')).toBeNull();
    await advanceFakeTime(20);
    expect(window.history.state ?? {}).not.toHaveProperty('blockBack');
  });

  it('links a bet to the verifier with its seeds, weights and spins', () => {
    const link = new URL(verifyLink(bet), 'http://app.test');
    expect(link.pathname).toBe('/game-center/fair');
    expect(Object.fromEntries(link.searchParams)).toEqual({
      game: 'prize-wheel',
      serverSeed: 'b'.repeat(64),
      serverSeedHash: 'a'.repeat(64),
      clientSeed: 'client',
      nonce: '3',
      options: JSON.stringify({ weights: [3, 1], spins: 1 }),
    });
  });
});
