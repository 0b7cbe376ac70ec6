// @vitest-environment jsdom
import { siteDayOf } from '@app/contracts/market-calendar';
import type { DailyBonusEntry } from '@app/contracts/sign-in';
import { fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setSession } from '../../../lib/session.ts';
import { setSettings } from '../../../lib/settings.ts';
import { kenyaSettings, loginAnswer, okEnvelope, resetAppState, stubFetch } from '../../../test/fixtures.ts';
import { DailyBonusPopup } from './daily-bonus-popup.tsx';

const entries = (todayStatus: 0 | 1): DailyBonusEntry[] =>
  Array.from({ length: 7 }, (_, index) => ({
    day: index + 1,
    status: index === 0 ? todayStatus : 0,
    cashBack: 100,
    today: index === 0,
    grand: index === 6,
  }));

const fetchMock = stubFetch();
let todayStatus: 0 | 1 = 0;

beforeEach(() => {
  setSettings(kenyaSettings);
  todayStatus = 0;
  fetchMock.mockImplementation(async (url) =>
    url.includes('/daily-bonus/preview') ? okEnvelope(entries(todayStatus)) : okEnvelope([]),
  );
  setSession(loginAnswer());
});

afterEach(async () => {
  await resetAppState();
  sessionStorage.clear();
});

function renderPopup() {
  return render(
    <MemoryRouter initialEntries={['/home']}>
      <DailyBonusPopup />
    </MemoryRouter>,
  );
}

describe('the daily bonus popup on home', () => {
  it('opens once per site day for a member who has not claimed today', async () => {
    const first = renderPopup();
    await screen.findByTestId('daily-bonus-popup');
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByTestId('daily-bonus-popup')).toBeNull();
    first.unmount();
    sessionStorage.clear();

    renderPopup();
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(screen.queryByTestId('daily-bonus-popup')).toBeNull();
    expect(localStorage.getItem('daily-bonus-shown')).toBe(
      `1:${siteDayOf(new Date(), kenyaSettings.country)}`,
    );
  });

  it('stays closed when today is already claimed', async () => {
    todayStatus = 1;
    renderPopup();
    await waitFor(() => expect(fetchMock.mock.calls.some(([url]) => url.includes('preview'))).toBe(true));
    await new Promise((resolve) => requestAnimationFrame(resolve));
    expect(screen.queryByTestId('daily-bonus-popup')).toBeNull();
  });
});

describe('the client’s site day', () => {
  it('follows the market’s time zone and reset hour', () => {
    const market = {
      timeZone: 'Africa/Nairobi',
      promotions: { ...kenyaSettings.country.promotions, resetHour: 6 },
    };
    expect(siteDayOf(new Date('2026-03-10T02:59:00Z'), market)).toBe('2026-03-09');
    expect(siteDayOf(new Date('2026-03-10T03:00:00Z'), market)).toBe('2026-03-10');
  });
});
