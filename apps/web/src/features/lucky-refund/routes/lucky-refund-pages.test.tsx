// @vitest-environment jsdom
import type { LuckyRefundActive, Round, RoundResults } from '@app/contracts/lucky-refund';
import { LUCKY_REFUND_UNREAD_MARKER } from '@app/contracts/lucky-refund-rules';
import { fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { deleteCookie, hasCookie } from '../../../lib/cookies.ts';
import { applyLanguage } from '../../../lib/i18n.ts';
import { requestPopup } from '../../../lib/popup-lock.ts';
import { getProfile, setSession } from '../../../lib/session.ts';
import { setSettings } from '../../../lib/settings.ts';
import {
  advanceFakeTime,
  kenyaSettings,
  loginAnswer,
  okEnvelope,
  resetAppState,
  stubFetch,
} from '../../../test/fixtures.ts';
// Loaded up front, so the watch's lazy import of the popup settles at once under fake timers.
import '../components/countdown-popup.tsx';
import { LuckyRefundCountdownWatch } from '../components/countdown-watch.tsx';
import { COUNTDOWN_COOKIE, rememberSeenRound, SEEN_ROUNDS_COOKIE } from '../components/seen-rounds.ts';
import { LuckyRefundIndexPage, LuckyRefundResultsPage, luckyRefundVariant } from './lucky-refund-pages.tsx';

const NOW = Date.parse('2026-11-26T11:20:00Z');

function roundOf(overrides: Partial<Round> = {}): Round {
  return {
    id: 41,
    status: 1,
    remainingMillis: 600_000,
    startTime: '2026-11-26T11:00:00.000Z',
    finishTime: '2026-11-26T12:00:00.000Z',
    drawTime: '2026-11-26T12:00:10.000Z',
    beaconRound: 1234,
    delayReason: null,
    results: [],
    codes: [],
    members: 2,
    sold: 5,
    price: 20_00,
    coinsPrice: 50_00,
    diamondsPrice: 20,
    winners: 3,
    refundPercent: 50,
    maxPerPurchase: 50,
    prize: 0,
    refund: 0,
    ...overrides,
  };
}

function activeOf(round: Round | null): LuckyRefundActive {
  return {
    enable: true,
    oncountdown: round?.status === 2,
    current: round ? { id: round.id, finishTime: round.finishTime } : null,
    remainingMillis: round?.remainingMillis ?? 0,
    round,
    previousId: 40,
    raffle: null,
    jackpot: 1_234_00,
    currency: 'KES',
    jackpotHour: 21,
    rules: '',
  };
}

const previousResults: RoundResults = {
  refund: roundOf({
    id: 40,
    status: 9,
    remainingMillis: 0,
    sold: 10,
    prize: 45_00,
    refund: 10_00,
    results: [{ code: 'AB23CD45', ticketNo: 3, member: '0712****78', amount: 45_00 }],
  }),
  results: [{ code: 'AB23CD45', ticketNo: 3, member: '0712****78', amount: 45_00 }],
};

const BOUGHT = ['AAAA2222', 'BBBB3333', 'CCCC4444', 'DDDD5555', 'EEEE6666', 'FFFF7777'];

let active: LuckyRefundActive;
let unread: string[];
let purchases: Record<string, unknown>[];
let jackpotCalls: number;
const fetchMock = stubFetch();
beforeEach(() => {
  setSettings(kenyaSettings);
  active = activeOf(roundOf());
  unread = [];
  purchases = [];
  jackpotCalls = 0;
  fetchMock.mockImplementation(async (url, init) => {
    const { pathname } = new URL(url, 'http://test');
    const path = pathname.replace(/^\/api\/account-service/, '');
    if (path === '/lucky-refund/active') return okEnvelope(active);
    if (path === '/lucky-refund/jackpot') {
      jackpotCalls += 1;
      return okEnvelope({ jackpot: 2_000_00 + jackpotCalls, currency: 'KES' });
    }
    if (path === '/lucky-refund/prev-results' || path === '/lucky-refund/v2/prev-results') {
      return okEnvelope(previousResults);
    }
    if (path === '/lucky-refund/personal-codes') {
      const shown = unread;
      unread = [];
      return okEnvelope({
        refundId: 41,
        codes: BOUGHT.slice(0, purchases.length > 0 ? 6 : 0).map((code, index) => ({
          code,
          ticketNo: index + 1,
          pay: 'cash',
          state: 'pending',
          amount: 0,
          currency: 'cash',
          raffleId: 39,
          raffleTicketNo: index + 1,
        })),
        unread:
          shown.length > 0
            ? {
                id: 41,
                title: LUCKY_REFUND_UNREAD_MARKER,
                url: '/activities/lucky-refund/index',
                img: LUCKY_REFUND_UNREAD_MARKER,
                image: LUCKY_REFUND_UNREAD_MARKER,
                typeId: 0,
                sort: 0,
                content: shown.join(','),
              }
            : null,
      });
    }
    if (path === '/lucky-refund/buy') {
      const form = new URLSearchParams(String(init.body ?? ''));
      purchases.push({
        ...Object.fromEntries(form),
        quantity: Number(form.get('quantity')),
        refundId: Number(form.get('refundId')),
      });
      unread = BOUGHT;
      return okEnvelope({
        refundId: 41,
        codes: BOUGHT,
        unread: null,
        pay: 'cash',
        paid: 120_00,
        discount: 0,
        money: 380_00,
        withdrawMoney: 380_00,
        bonusMoney: 0,
        diamond: 0,
      });
    }
    if (path === '/mall/coupons') return okEnvelope({ mine: [], claimable: [] });
    if (path === '/lucky-refund/personal-results') {
      return okEnvelope({ list: [], total: 0, unredeemed: 0, page: 1, size: 50 });
    }
    if (path === '/lucky-refund/latest-results') return okEnvelope(previousResults);
    if (path === '/lucky-refund/special-results') return okEnvelope({ raffle: null });
    if (path === '/lucky-refund/v2/special-results') return okEnvelope({ raffles: [] });
    return okEnvelope(null);
  });
});
afterEach(async () => {
  applyLanguage('en');
  deleteCookie(COUNTDOWN_COOKIE);
  deleteCookie(SEEN_ROUNDS_COOKIE);
  await resetAppState();
});

function renderAt(path: string) {
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/home" element={<LuckyRefundCountdownWatch />} />
        <Route path="/activities/lucky-refund/index" element={<LuckyRefundIndexPage />} />
        <Route path="/activities/lucky-refund/results" element={<LuckyRefundResultsPage />} />
      </Routes>
    </MemoryRouter>,
  );
}

/** Real timers, but a clock at NOW (the round's times are fixed). */
function fixTheClock() {
  vi.useFakeTimers({ shouldAdvanceTime: true, now: NOW });
}

describe('the index page', () => {
  it('shows the round on sale with its countdown, the jackpot and the terms; a visitor must log in to buy', async () => {
    fixTheClock();
    rememberSeenRound(41);
    renderAt('/activities/lucky-refund/index');
    const round = await screen.findByTestId('lucky-refund-round');
    expect(round.textContent).toContain('Round #41');
    expect(round.textContent).toContain('On sale');
    expect(screen.getByTestId('lucky-refund-round-clock').textContent).toMatch(/^(10:00|09:5\d)$/);
    expect(round.textContent).toContain('5 codes · 2 players');
    expect(screen.getByTestId('lucky-refund-jackpot-amount').textContent).toBe('KES 1,234.00');
    fireEvent.click(screen.getByTestId('lucky-refund-buy-button'));
    expect(
      await screen.findByRole('dialog', { name: 'You have not logged in yet, please login !' }),
    ).toBeTruthy();
    expect(purchases).toHaveLength(0);
  });

  it('buys codes with a request key and shows them in the codes popup, from the unread-codes advert', async () => {
    fixTheClock();
    setSession(loginAnswer({ money: 500_00, withdrawMoney: 500_00 }));
    rememberSeenRound(41);
    renderAt('/activities/lucky-refund/index');
    await screen.findByTestId('lucky-refund-round');
    fireEvent.click(screen.getByRole('button', { name: 'One code more' }));
    fireEvent.input(screen.getByTestId('lucky-refund-quantity'), { target: { value: '6' } });
    expect(screen.getByTestId('lucky-refund-total').textContent).toBe('KES 120.00');
    fireEvent.click(screen.getByTestId('lucky-refund-buy-button'));
    await waitFor(() => expect(purchases).toHaveLength(1));
    expect(purchases[0]).toMatchObject({ refundId: 41, quantity: 6 });
    expect(String(purchases[0]!.requestId)).toMatch(/^[0-9a-f]{32}$/);
    const popup = await screen.findByTestId('lucky-refund-codes');
    const tiles = screen.getAllByTestId('lucky-refund-code').map((tile) => tile.textContent);
    expect(tiles).toEqual(BOUGHT);
    expect(popup.querySelector('.lucky-refund-codes__grid')).not.toBeNull();
    await waitFor(() => expect(getProfile()).toMatchObject({ money: 380_00 }));
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByTestId('lucky-refund-codes')).toBeNull());
    expect((await screen.findByTestId('lucky-refund-my-codes')).textContent).toBe('My codes (6)');
  });

  it('asks for the jackpot every 2 s only while the round is on sale', async () => {
    vi.useFakeTimers({ now: NOW });
    active = activeOf(roundOf({ status: 2, remainingMillis: 7_000 }));
    renderAt('/activities/lucky-refund/index');
    await advanceFakeTime(0);
    await advanceFakeTime(50);
    expect(screen.getByTestId('lucky-refund-round-status').textContent).toBe('Last minute!');
    await advanceFakeTime(6_000);
    expect(jackpotCalls).toBe(3);
    // The round ends on screen (1 → 2 → 5): the ticker stops asking.
    active = activeOf(roundOf({ status: 5, remainingMillis: 0 }));
    await advanceFakeTime(1_500);
    expect(screen.getByTestId('lucky-refund-round-status').textContent).toBe('Drawing…');
    const asked = jackpotCalls;
    await advanceFakeTime(10_000);
    expect(jackpotCalls).toBe(asked);
  });

  it('shows the previous results once per round, only while more than 180 s remain', async () => {
    fixTheClock();
    renderAt('/activities/lucky-refund/index');
    const popup = await screen.findByTestId('lucky-refund-previous');
    expect(popup.textContent).toContain('Round #40: the results');
    expect(popup.textContent).toContain('AB23CD45');
    await waitFor(() => expect(hasCookie(SEEN_ROUNDS_COOKIE)).toBe(true));
    fireEvent.click(screen.getAllByRole('button', { name: 'Close' })[0]!);
    await waitFor(() => expect(screen.queryByTestId('lucky-refund-previous')).toBeNull());

    // The same round again: remembered.
    await resetAppState();
    setSettings(kenyaSettings);
    fixTheClock();
    renderAt('/activities/lucky-refund/index');
    await screen.findByTestId('lucky-refund-round');
    await screen.findByTestId('lucky-refund-previous-round');
    expect(screen.queryByTestId('lucky-refund-previous')).toBeNull();

    // Another round with 170 s left: not shown.
    await resetAppState();
    deleteCookie(SEEN_ROUNDS_COOKIE);
    setSettings(kenyaSettings);
    fixTheClock();
    active = activeOf(roundOf({ id: 42, remainingMillis: 170_000 }));
    renderAt('/activities/lucky-refund/index');
    await screen.findByTestId('lucky-refund-previous-round');
    expect(screen.queryByTestId('lucky-refund-previous')).toBeNull();
  });

  it('is the LuckyWin variant on a LuckyWin site; an unknown theme is an error', async () => {
    setSettings({ ...kenyaSettings, theme: 'luckywin' });
    fixTheClock();
    renderAt('/activities/lucky-refund/index');
    expect((await screen.findByTestId('lucky-refund-page')).className).toContain('lucky-refund--luckywin');
    expect(await screen.findByRole('tab', { name: 'Buy' })).toBeTruthy();
    expect(luckyRefundVariant('winslots').Index).toBeTypeOf('function');
    expect(() => luckyRefundVariant('other')).toThrow('lucky refund theme not found');
    expect(() => luckyRefundVariant('constructor')).toThrow('lucky refund theme not found');
  });

  it('says when the programme is off', async () => {
    active = { ...activeOf(null), enable: false };
    renderAt('/activities/lucky-refund/index');
    expect((await screen.findByTestId('lucky-refund-off')).textContent).toBe(
      'Lucky refund is not available now.',
    );
  });

  it('is translated (fr)', async () => {
    applyLanguage('fr');
    fixTheClock();
    renderAt('/activities/lucky-refund/index');
    expect((await screen.findByTestId('lucky-refund-round')).textContent).toContain('Tour n°41');
  });
});

describe('the results page', () => {
  it('shows the last paid round with its winners and a link to verify its draw', async () => {
    renderAt('/activities/lucky-refund/results');
    const round = await screen.findByTestId('lucky-refund-results-round');
    expect(round.textContent).toContain('Round #40');
    expect(round.textContent).toContain('AB23CD45');
    expect(screen.getByTestId('lucky-refund-verify').getAttribute('href')).toBe('/game-center/fair/draw/40');
  });
});

describe('the countdown popup on home', () => {
  it('shows in the last 60 s once (the 120 s cookie), and ends with the timer', async () => {
    vi.useFakeTimers({ now: NOW });
    active = activeOf(roundOf({ status: 2, remainingMillis: 30_000 }));
    renderAt('/home');
    await advanceFakeTime(0);
    await advanceFakeTime(50);
    expect(screen.getByTestId('lucky-refund-countdown').textContent).toContain('Round #41 closes in 30 s.');
    expect(hasCookie(COUNTDOWN_COOKIE)).toBe(true);
    for (let second = 0; second < 31; second += 1) await advanceFakeTime(1_000);
    expect(screen.queryByTestId('lucky-refund-countdown')).toBeNull();
  });

  it("is not shown while another popup holds the lock: '{locker} is locked'", async () => {
    const info = vi.spyOn(console, 'info').mockImplementation(() => undefined);
    requestPopup('popup-advert');
    active = activeOf(roundOf({ status: 2, remainingMillis: 30_000 }));
    fixTheClock();
    renderAt('/home');
    await waitFor(() => expect(info).toHaveBeenCalledWith('popup-advert is locked'));
    expect(screen.queryByTestId('lucky-refund-countdown')).toBeNull();
    expect(hasCookie(COUNTDOWN_COOKIE)).toBe(false);
    info.mockRestore();
  });

  it('waits for the countdown of a round with more time left', async () => {
    vi.useFakeTimers({ now: NOW });
    active = activeOf(roundOf({ status: 1, remainingMillis: 65_000 }));
    renderAt('/home');
    await advanceFakeTime(0);
    await advanceFakeTime(50);
    expect(screen.queryByTestId('lucky-refund-countdown')).toBeNull();
    await advanceFakeTime(5_000);
    expect(screen.getByTestId('lucky-refund-countdown')).toBeTruthy();
  });
});
