// @vitest-environment jsdom
import type { CashBackRecordPage, CashBackState, CashBackSummary } from '@app/contracts/cash-back';
import { ERRORS } from '@app/contracts/errors';
import { fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { applyLanguage } from '../../../lib/i18n.ts';
import { getProfile, setSession } from '../../../lib/session.ts';
import { setSettings } from '../../../lib/settings.ts';
import {
  envelope,
  kenyaSettings,
  loginAnswer,
  okEnvelope,
  resetAppState,
  stubFetch,
} from '../../../test/fixtures.ts';
import { CashBackPage } from './cash-back-page.tsx';

/** The week of Monday 2026-11-16 in Nairobi, and the claim window after it. */
function summary(state: CashBackState, overrides: Partial<CashBackSummary['last']> = {}): CashBackSummary {
  return {
    enable: true,
    currency: 'KES',
    current: {
      week: '2026-11-23',
      from: '2026-11-22T21:00:00.000Z',
      to: '2026-11-29T21:00:00.000Z',
      loss: 120_00,
      level: 1,
      rate: 5,
      amount: 6_00,
      cap: 300_00,
    },
    last: {
      week: '2026-11-16',
      from: '2026-11-15T21:00:00.000Z',
      to: '2026-11-22T21:00:00.000Z',
      loss: 400_00,
      level: 1,
      rate: 5,
      amount: 20_00,
      cap: 300_00,
      state,
      claimOpensAt: '2026-11-23T03:00:00.000Z',
      claimClosesAt: '2026-11-29T21:00:00.000Z',
      claimedAt: state === 'claimed' ? '2026-11-24T08:00:00.000Z' : null,
      ...overrides,
    },
    rates: [5, 6, 7, 8, 9, 10, 11, 12, 13, 15],
  };
}

let answer: CashBackSummary;
let claims: string[];
let claimedByServer: boolean;
const fetchMock = stubFetch();
beforeEach(() => {
  setSettings(kenyaSettings);
  setSession(loginAnswer({ money: 500_00, withdrawMoney: 500_00 }));
  answer = summary('claimable');
  claims = [];
  claimedByServer = false;
  fetchMock.mockImplementation(async (url, init) => {
    const { pathname } = new URL(url, 'http://test');
    if (pathname.endsWith('/cash-back/claim')) {
      claims.push(String(init.body));
      if (claimedByServer) {
        return envelope(
          { code: ERRORS.CASH_BACK_CLAIMED.code, msg: ERRORS.CASH_BACK_CLAIMED.msg, data: null },
          409,
        );
      }
      claimedByServer = true;
      answer = summary('claimed');
      return okEnvelope({ week: '2026-11-16', cashbackAmount: 20_00, money: 520_00, withdrawMoney: 520_00 });
    }
    if (pathname.endsWith('/cash-back/summary')) return okEnvelope(answer);
    if (pathname.endsWith('/cash-back/records')) {
      const page: CashBackRecordPage = {
        list: [
          {
            week: '2026-11-16',
            loss: 400_00,
            level: 1,
            rate: 5,
            amount: 20_00,
            state: answer.last.state,
            claimedAt: null,
          },
        ],
        total: 1,
        page: 1,
        size: 20,
      };
      return okEnvelope(page);
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
    <MemoryRouter initialEntries={['/subscriber/cashBack']}>
      <Routes>
        <Route path="/subscriber/cashBack" element={<CashBackPage />} />
      </Routes>
    </MemoryRouter>,
  );
}

const claimButton = async () => (await screen.findByTestId('cash-back-claim')) as HTMLButtonElement;

describe('the cash back page', () => {
  it("shows this week's loss and estimate, and last week's cash back with its window", async () => {
    renderPage();
    const current = await screen.findByTestId('cash-back-current');
    expect(current.textContent).toContain('KES 120.00');
    expect(screen.getByTestId('cash-back-estimate').textContent).toBe('KES 6.00');
    expect(current.textContent).toContain('Up to KES 300.00 a week');
    expect(screen.getByTestId('cash-back-last-amount').textContent).toBe('KES 20.00');
    // Market time (Nairobi): Monday 06:00 to Sunday 23:59.
    expect(screen.getByTestId('cash-back-window').textContent).toBe(
      'Claim from Mon, Nov 23, 06:00 to Sun, Nov 29, 23:59',
    );
    expect((await claimButton()).disabled).toBe(false);
  });

  it('claims, shows the new balance, then says it was claimed on a second tap', async () => {
    renderPage();
    fireEvent.click(await claimButton());
    await waitFor(() => expect(claims).toHaveLength(1));
    expect(claims[0]).toContain('2026-11-16');
    await waitFor(() => expect(getProfile()).toMatchObject({ money: 520_00, withdrawMoney: 520_00 }));
    await waitFor(async () => expect((await claimButton()).textContent).toBe('Claimed'));
    fireEvent.click(await claimButton());
    expect((await screen.findByTestId('cash-back-alert')).textContent).toBe(
      'You have already claimed this cash back. Come back next week!',
    );
    expect(claims).toHaveLength(1);
  });

  it('says it was claimed when the server answers so (another phone claimed first)', async () => {
    claimedByServer = true;
    renderPage();
    fireEvent.click(await claimButton());
    expect((await screen.findByTestId('cash-back-alert')).textContent).toContain('already claimed');
  });

  it('keeps the button disabled outside the window, and says why', async () => {
    answer = summary('not-open');
    renderPage();
    expect((await claimButton()).disabled).toBe(true);
    answer = summary('pending');
    await resetAppState();
    setSettings(kenyaSettings);
    setSession(loginAnswer());
    renderPage();
    expect(await screen.findByText('Being calculated, please check again in a few minutes.')).toBeTruthy();
  });

  it('is translated (fr)', async () => {
    applyLanguage('fr');
    renderPage();
    expect(await screen.findByText('Cashback hebdomadaire')).toBeTruthy();
    expect((await claimButton()).textContent).toBe('Réclamer');
  });
});
