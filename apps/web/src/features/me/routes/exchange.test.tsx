// @vitest-environment jsdom
import type { MyBonus } from '@app/contracts/bonus';
import { ERRORS } from '@app/contracts/errors';
import type { ExchangeOption } from '@app/contracts/exchange';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { MemoryRouter } from 'react-router';
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
import { MePage } from './me-page.tsx';

const OPTIONS: ExchangeOption[] = [
  {
    id: 1,
    fromAsset: 'coins',
    fromAmount: 10_000,
    cash: 1_000,
    withdrawable: false,
    bonus: {
      wageringMultiple: 5,
      wageringRequired: 5_000,
      expiryDays: 7,
      maxStake: null,
      maxConversion: 1_000,
    },
  },
  { id: 3, fromAsset: 'diamonds', fromAmount: 1_000, cash: 5_000, withdrawable: true },
];

/** The bonus an exchange of option 1 grants (the server's answer). */
function grant(status: 'active' | 'pending'): MyBonus {
  return {
    id: 9,
    source: 'coin-exchange',
    amount: 1_000,
    status,
    wageringRequired: 5_000,
    wageringProgress: 0,
    wageringMultiple: 5,
    maxStake: null,
    maxConversion: 1_000,
    contribution: { inhouse: 100, crash: 100, provider: 100 },
    converted: null,
    expiresAt: '2026-12-05T09:00:00.000Z',
    createdAt: '2026-11-28T09:00:00.000Z',
    endedAt: null,
  };
}

const fetchMock = stubFetch();
let exchangeAnswer: () => Response;

const exchangeCalls = () =>
  fetchMock.mock.calls
    .filter(([url]) => url.endsWith('/account/exchange'))
    .map(([, init]) => Object.fromEntries(new URLSearchParams(String(init.body))));

beforeEach(() => {
  setSettings(kenyaSettings);
  exchangeAnswer = () =>
    okEnvelope({
      money: 1_000,
      withdrawMoney: 0,
      bonusMoney: 2_000,
      diamond: 40,
      transactionId: 5,
      bonus: grant('active'),
    });
  fetchMock.mockImplementation(async (url) => {
    if (url.endsWith('/account/cfg/exchange')) return okEnvelope(OPTIONS);
    if (url.endsWith('/account/exchange')) return exchangeAnswer();
    if (url.includes('/cfGlobal/queryGlobalByPlatform')) {
      return okEnvelope([{ id: 1, type: 4062, name: 'tips', content: '1,000 diamonds make KES 50.' }]);
    }
    return okEnvelope([]);
  });
  setSession(loginAnswer({ money: 0, bonusMoney: 12_000, diamond: 40 }));
});

afterEach(resetAppState);

async function openExchange() {
  render(
    <MemoryRouter initialEntries={['/me']}>
      <MePage />
    </MemoryRouter>,
  );
  fireEvent.click(screen.getByRole('button', { name: 'Exchange coins and diamonds' }));
  const dialog = await screen.findByTestId('exchange-dialog');
  await waitFor(() => expect(within(dialog).getAllByTestId('exchange-option')).toHaveLength(2));
  return dialog;
}

describe('exchange from the Me page', () => {
  it('lists the options with what the member holds, the tips, and disables what they cannot afford', async () => {
    const dialog = await openExchange();
    expect(within(dialog).getByTestId('exchange-coins').textContent).toBe('120.00');
    expect(within(dialog).getByTestId('exchange-diamonds').textContent).toBe('40');
    const [coins, diamonds] = within(dialog).getAllByTestId('exchange-option');
    expect(coins?.textContent).toContain('100.00 coins');
    expect(coins?.textContent).toContain('KES 10.00');
    expect(coins?.textContent).toContain('Bonus cash, to wager 5×');
    expect(within(coins!).getByRole('button').hasAttribute('disabled')).toBe(false);
    expect(diamonds?.textContent).toContain('1,000 diamonds');
    expect(diamonds?.textContent).toContain('Withdrawable cash');
    const tooFew = within(diamonds!).getByRole('button');
    expect(tooFew.textContent).toBe('Not enough');
    expect(tooFew.hasAttribute('disabled')).toBe(true);
    await waitFor(() => expect(dialog.textContent).toContain('1,000 diamonds make KES 50.'));
  });

  it('asks to confirm, exchanges once with a request id, toasts and shows the new balances', async () => {
    const dialog = await openExchange();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Exchange 100.00 coins for KES 10.00' }));
    expect(dialog.textContent).toContain('Exchange 100.00 coins for KES 10.00?');
    expect(within(dialog).getByTestId('exchange-note').textContent).toBe(
      'It comes as a bonus: bet KES 50.00 (5× the bonus) within 7 days to make up to KES 10.00 withdrawable. Your real money is staked first.',
    );
    expect(exchangeCalls()).toEqual([]);

    const confirm = within(dialog).getByRole('button', { name: 'Exchange' });
    fireEvent.click(confirm);
    fireEvent.click(confirm);
    await waitFor(() => expect(getProfile()?.bonusMoney).toBe(2_000));
    const calls = exchangeCalls();
    expect(calls).toHaveLength(1);
    expect(calls[0]).toEqual({ id: '1', requestId: expect.stringMatching(/^[0-9a-f]{32}$/) });
    expect(getProfile()).toMatchObject({ money: 1_000, bonusMoney: 2_000, diamond: 40 });
    expect(getToasts().map((toast) => toast.message)).toEqual([
      'Exchanged: a KES 10.00 bonus is in your balance',
    ]);
    // The dialog says it is a bonus with wagering, and leads to the bonus page and its rules.
    const granted = within(dialog).getByTestId('exchange-granted');
    expect(granted.textContent).toContain('Your new bonus: KES 10.00');
    expect(granted.textContent).toContain('It is in your balance now. Bet KES 50.00 before');
    expect(
      within(granted).getByRole('link', { name: 'See my bonuses and their rules' }).getAttribute('href'),
    ).toBe('/bonus');
    // The Me page behind the dialog shows the new figures, and the dialog its list again.
    expect(screen.getByTestId('profile-card').textContent).toContain('KES 10.00');
    await waitFor(() => expect(within(dialog).getByTestId('exchange-coins').textContent).toBe('20.00'));
  });

  it('says a bonus that waits for the current one, and gives withdrawable cash without a bonus', async () => {
    exchangeAnswer = () =>
      okEnvelope({
        money: 0,
        withdrawMoney: 0,
        bonusMoney: 2_000,
        diamond: 40,
        transactionId: 6,
        bonus: grant('pending'),
      });
    const dialog = await openExchange();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Exchange 100.00 coins for KES 10.00' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Exchange' }));
    await waitFor(() => expect(within(dialog).getByTestId('exchange-granted')).toBeTruthy());
    expect(within(dialog).getByTestId('exchange-granted').textContent).toContain(
      'It starts when your current bonus ends',
    );
    expect(getToasts().map((toast) => toast.message)).toEqual([
      'Exchanged: your KES 10.00 bonus waits for your current bonus to end',
    ]);
  });

  it('toasts a refusal and leaves the balances as they were', async () => {
    exchangeAnswer = () =>
      envelope(
        { code: ERRORS.EXCHANGE_INSUFFICIENT.code, msg: ERRORS.EXCHANGE_INSUFFICIENT.msg, data: null },
        409,
      );
    const dialog = await openExchange();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Exchange 100.00 coins for KES 10.00' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Exchange' }));
    await waitFor(() => expect(getToasts()).toHaveLength(1));
    expect(getToasts()[0]?.kind).toBe('error');
    expect(getProfile()?.bonusMoney).toBe(12_000);
  });

  it('closes', async () => {
    const dialog = await openExchange();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByTestId('exchange-dialog')).toBeNull());
  });
});
