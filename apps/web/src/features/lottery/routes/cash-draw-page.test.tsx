// @vitest-environment jsdom
import type { CashDrawCurrent } from '@app/contracts/lottery';
import { fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { applyLanguage } from '../../../lib/i18n.ts';
import { setSession } from '../../../lib/session.ts';
import { setSettings } from '../../../lib/settings.ts';
import {
  kenyaSettings,
  leaveField,
  loginAnswer,
  okEnvelope,
  resetAppState,
  stubFetch,
  typeInto,
} from '../../../test/fixtures.ts';
import { CashDrawPage } from './cash-draw-page.tsx';

const current = (): CashDrawCurrent => ({
  current: {
    id: 7,
    ref: 'cash:2026-11-28',
    price: 2_000,
    salesOpenAt: '2026-11-27T17:00:00.000Z',
    salesCloseAt: '2026-11-28T16:55:00.000Z',
    drawAt: '2026-11-28T17:00:00.000Z',
    beaconRound: 20_990_000,
    status: 'open',
    onSale: true,
    ticketCount: 3,
    pool: 4_800,
    shares: [50, 20, 10, 10, 10],
    winners: null,
    delayReason: null,
  },
  recent: [],
  houseShare: 20,
  maxEntriesPerDraw: 20,
  time: '20:00',
  timeZone: 'Africa/Nairobi',
});

let entries: Array<Record<string, unknown>>;
const fetchMock = stubFetch();
beforeEach(() => {
  setSettings(kenyaSettings);
  setSession(loginAnswer({ money: 10_000, withdrawMoney: 10_000 }));
  entries = [];
  fetchMock.mockImplementation(async (url, init) => {
    const { pathname } = new URL(url, 'http://test');
    if (pathname.endsWith('/cash-draw/current')) return okEnvelope(current());
    if (pathname.endsWith('/cash-draw/my-entries'))
      return okEnvelope({ list: [], page: 1, size: 20, freeTickets: 0 });
    if (pathname.endsWith('/cash-draw/enter')) {
      const body = JSON.parse(String(init.body)) as Record<string, unknown>;
      entries.push(body);
      return okEnvelope({
        drawId: 7,
        ticketNo: 4,
        entry: `K7Q2M9XA:${(body.seed as string | undefined) ?? ''}`,
        code: 'K7Q2M9XA',
        seed: body.seed ?? null,
        pay: 'cash',
        paid: 2_000,
        money: 8_000,
        withdrawMoney: 8_000,
        freeTickets: 0,
      });
    }
    return okEnvelope(null);
  });
});
afterEach(async () => {
  applyLanguage('en');
  await resetAppState();
});

function renderPage() {
  render(
    <MemoryRouter initialEntries={['/cash-draw']}>
      <Routes>
        <Route path="/cash-draw" element={<CashDrawPage />} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('the cash draw page', () => {
  it('refuses a seed that is not 5 to 10 letters and digits, and sends nothing', async () => {
    renderPage();
    const seed = (await screen.findByTestId('cash-draw-seed')) as HTMLInputElement;
    for (const bad of ['abc', 'abc de', 'ab-cd!']) {
      typeInto(seed, bad);
      leaveField(seed);
      expect(screen.getByTestId('cash-draw-seed-error').textContent).toBe(
        'Letters and digits only, 5 to 10 characters.',
      );
      fireEvent.click(screen.getByTestId('cash-draw-enter'));
    }
    expect(entries).toHaveLength(0);
  });

  it('enters with the seed and shows the committed line', async () => {
    renderPage();
    expect((await screen.findByTestId('cash-draw-pool')).textContent).toBe('KES 48.00');
    typeInto((await screen.findByTestId('cash-draw-seed')) as HTMLInputElement, 'Lucky7');
    fireEvent.click(screen.getByTestId('cash-draw-enter'));
    await waitFor(() => expect(entries).toHaveLength(1));
    expect(entries[0]).toEqual({ drawId: 7, pay: 'cash', seed: 'Lucky7' });
    expect((await screen.findByTestId('cash-draw-entered')).textContent).toContain('4|K7Q2M9XA:Lucky7');
  });

  it('enters without a seed', async () => {
    renderPage();
    fireEvent.click(await screen.findByTestId('cash-draw-enter'));
    await waitFor(() => expect(entries).toHaveLength(1));
    expect(entries[0]).toEqual({ drawId: 7, pay: 'cash' });
  });
});
