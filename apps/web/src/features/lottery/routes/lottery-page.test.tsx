// @vitest-environment jsdom
import { ERRORS } from '@app/contracts/errors';
import type { LotteryDraw, LotteryDraws } from '@app/contracts/lottery';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { applyLanguage } from '../../../lib/i18n.ts';
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
import { LotteryPage } from './lottery-page.tsx';

const draw = (overrides: Partial<LotteryDraw> = {}): LotteryDraw => ({
  id: 41,
  kind: 'main',
  ref: 'main:2026-12-02',
  price: 2_000,
  salesOpenAt: '2026-11-28T18:00:00.000Z',
  salesCloseAt: '2026-12-02T17:55:00.000Z',
  drawAt: '2026-12-02T18:00:00.000Z',
  beaconRound: 21_000_000,
  status: 'open',
  onSale: true,
  ticketCount: 12,
  jackpot: 100_000_000,
  numbers: null,
  delayReason: null,
  ...overrides,
});

const draws = (): LotteryDraws => ({
  upcoming: [
    draw({
      id: 42,
      kind: 'daily',
      ref: 'daily:2026-11-29',
      drawAt: '2026-11-29T04:30:00.000Z',
      jackpot: 10_000_000,
    }),
    draw(),
  ],
  recent: [
    draw({
      id: 40,
      ref: 'main:2026-11-28',
      status: 'settled',
      onSale: false,
      numbers: { red: [3, 7, 12, 19, 25, 31], blue: 9 },
    }),
  ],
  rules: {
    price: 2_000,
    returnToPlayers: 50,
    houseShare: 50,
    fixedReturn: 24.32,
    jackpotSeed: 100_000_000,
    closeMinutesBefore: 5,
    maxTicketsPerDraw: 500,
    tiers: [
      { tier: 1, matches: [[6, true]], count: 1, share: 70, fixed: null },
      { tier: 2, matches: [[6, false]], count: 15, share: 30, fixed: null },
      { tier: 3, matches: [[5, true]], count: 162, share: null, fixed: 3_000_000 },
      {
        tier: 4,
        matches: [
          [5, false],
          [4, true],
        ],
        count: 7_695,
        share: null,
        fixed: 200_000,
      },
      {
        tier: 5,
        matches: [
          [4, false],
          [3, true],
        ],
        count: 137_475,
        share: null,
        fixed: 10_000,
      },
      {
        tier: 6,
        matches: [
          [2, true],
          [1, true],
          [0, true],
        ],
        count: 1_043_640,
        share: null,
        fixed: 5_000,
      },
    ],
    schedule: [
      { kind: 'main', days: [3, 6], time: '21:00' },
      { kind: 'daily', days: [0, 1, 2, 3, 4, 5, 6], time: '07:30' },
    ],
    timeZone: 'Africa/Nairobi',
  },
});

let answer: { code: number; data: unknown };
let purchases: Array<Record<string, unknown>>;
let buyAnswer: () => Response;
const fetchMock = stubFetch();
beforeEach(() => {
  setSettings(kenyaSettings);
  answer = { code: 0, data: draws() };
  purchases = [];
  buyAnswer = () =>
    okEnvelope({
      drawId: 41,
      tickets: [{ ticketNo: 13, entry: '01 02 03 04 05 06+07' }],
      pay: 'cash',
      paid: 2_000,
      ticketsSpent: 0,
      money: 98_000,
      withdrawMoney: 98_000,
      freeTickets: 2,
    });
  fetchMock.mockImplementation(async (url, init) => {
    const { pathname } = new URL(url, 'http://test');
    if (pathname.endsWith('/lottery/draws')) {
      return answer.code === 0
        ? okEnvelope(answer.data)
        : envelope({ code: answer.code, msg: 'The activity is invalid', data: null }, 409);
    }
    if (pathname.endsWith('/lottery/buy')) {
      purchases.push(JSON.parse(String(init.body)) as Record<string, unknown>);
      return buyAnswer();
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
    <MemoryRouter initialEntries={['/lottery']}>
      <Routes>
        <Route path="/lottery" element={<LotteryPage />} />
        <Route path="/login" element={<p>login page</p>} />
      </Routes>
    </MemoryRouter>,
  );
}

const redBall = (number: number) =>
  within(screen.getByTestId('picker-red')).getByText(String(number).padStart(2, '0')) as HTMLButtonElement;
const blueBall = (number: number) =>
  within(screen.getByTestId('picker-blue')).getByText(String(number).padStart(2, '0')) as HTMLButtonElement;

describe('the lottery page', () => {
  it('shows the next main and daily draws with their times, round and jackpot, the rules and the results', async () => {
    renderPage();
    const main = await screen.findByTestId('lottery-draw-main');
    expect(main.textContent).toContain('KES 1,000,000.00');
    // Nairobi time: Wednesday 21:00, sales close 20:55.
    expect(main.textContent).toContain('Draw: Wed, 2 Dec, 21:00');
    expect(main.textContent).toContain('Sales close: Wed, 2 Dec, 20:55');
    expect(main.textContent).toContain('drand round 21000000');
    expect(screen.getByTestId('lottery-return').textContent).toContain('50 %');
    expect(screen.getByTestId('lottery-rules').textContent).toContain('1 in 17,721,088');
    expect(screen.getByTestId('lottery-result-40').getAttribute('href')).toBe('/lottery/results/40');
  });

  it('picks 6 red and 1 blue (a seventh red refused), and buys them with the quick picks for cash', async () => {
    setSession(loginAnswer({ money: 100_000, withdrawMoney: 100_000, tickets: 2 }));
    renderPage();
    await screen.findByTestId('lottery-draw-main');
    fireEvent.click(screen.getByTestId('lottery-draw-main'));
    for (const number of [1, 2, 3, 4, 5, 6]) fireEvent.click(redBall(number));
    expect(redBall(7).disabled).toBe(true);
    fireEvent.click(blueBall(7));
    expect(screen.getByTestId('picker-count').textContent).toBe('6 of 6 red, 1 of 1 blue');
    fireEvent.click(screen.getByLabelText('One more'));
    expect(screen.getByTestId('lottery-total').textContent).toBe('2 tickets · KES 40.00');
    fireEvent.click(screen.getByTestId('lottery-buy'));
    await waitFor(() => expect(purchases).toHaveLength(1));
    expect(purchases[0]).toEqual({
      drawId: 41,
      picks: [{ red: [1, 2, 3, 4, 5, 6], blue: 7 }],
      quick: 1,
      pay: 'cash',
    });
    expect((await screen.findByTestId('lottery-bought')).textContent).toContain('Ticket no. 13');
    expect(getProfile()).toMatchObject({ money: 98_000, tickets: 2 });
  });

  it('quick-picks a full ticket into the picker and pays with free tickets', async () => {
    setSession(loginAnswer({ money: 0, withdrawMoney: 0, tickets: 3 }));
    renderPage();
    await screen.findByTestId('lottery-draw-main');
    fireEvent.click(screen.getByTestId('lottery-quick-pick'));
    expect(screen.getByTestId('picker-count').textContent).toBe('6 of 6 red, 1 of 1 blue');
    fireEvent.click(screen.getByTestId('lottery-add-line'));
    expect(screen.getByTestId('lottery-lines').children).toHaveLength(1);
    fireEvent.click(screen.getByTestId('lottery-pay-ticket'));
    expect(screen.getByTestId('lottery-total').textContent).toBe('1 ticket · 1 free ticket');
    fireEvent.click(screen.getByTestId('lottery-buy'));
    await waitFor(() => expect(purchases).toHaveLength(1));
    expect(purchases[0]).toMatchObject({ pay: 'ticket', quick: 0, drawId: 42 });
    expect((purchases[0]!.picks as unknown[]).length).toBe(1);
  });

  it('says why a purchase was refused', async () => {
    setSession(loginAnswer({ money: 0, withdrawMoney: 0 }));
    buyAnswer = () =>
      envelope(
        { code: ERRORS.INSUFFICIENT_BALANCE.code, msg: ERRORS.INSUFFICIENT_BALANCE.msg, data: null },
        409,
      );
    renderPage();
    await screen.findByTestId('lottery-draw-main');
    fireEvent.click(screen.getByLabelText('One more'));
    fireEvent.click(screen.getByTestId('lottery-buy'));
    await waitFor(() =>
      expect(getToasts().map((toast) => toast.message)).toContain('Insufficient balance, please recharge'),
    );
  });

  it('asks a visitor to log in before buying', async () => {
    renderPage();
    await screen.findByTestId('lottery-draw-main');
    fireEvent.click(screen.getByLabelText('One more'));
    fireEvent.click(screen.getByTestId('lottery-buy'));
    expect((await screen.findAllByText('You have not logged in yet, please login !')).length).toBeGreaterThan(
      0,
    );
    expect(purchases).toHaveLength(0);
  });

  it('says the lottery is not available where the market turns it off', async () => {
    answer = { code: ERRORS.ACTIVITY_INVALID.code, data: null };
    renderPage();
    expect((await screen.findByTestId('lottery-unavailable')).textContent).toBe(
      'The 6+1 lottery is not available in your market.',
    );
  });

  it('speaks French and Portuguese', async () => {
    applyLanguage('fr');
    renderPage();
    expect((await screen.findByTestId('lottery-draw-main')).textContent).toContain('Grand tirage');
    await resetAppState();
    applyLanguage('pt');
    renderPage();
    expect((await screen.findByTestId('lottery-draw-main')).textContent).toContain('Sorteio principal');
  });
});
