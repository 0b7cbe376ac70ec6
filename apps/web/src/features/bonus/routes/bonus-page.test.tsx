// @vitest-environment jsdom
import type { BonusOffer, MyBonus, MyBonuses } from '@app/contracts/bonus';
import { ERRORS } from '@app/contracts/errors';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
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
import { TopUpDialog } from '../components/bonus-offers.tsx';
import { wageringPercent } from '../components/bonus-card.tsx';
import { BonusPage } from './bonus-page.tsx';

function bonus(overrides: Partial<MyBonus> = {}): MyBonus {
  return {
    id: 7,
    source: 'welcome-bonus',
    amount: 100_00,
    status: 'active',
    wageringRequired: 1_000_00,
    wageringProgress: 250_00,
    wageringMultiple: 10,
    maxStake: 50_00,
    maxConversion: 100_00,
    contribution: { inhouse: 100, crash: 50, provider: 100 },
    converted: null,
    expiresAt: '2026-12-03T10:00:00.000Z',
    createdAt: '2026-11-26T10:00:00.000Z',
    endedAt: null,
    ...overrides,
  };
}

let mine: MyBonuses;
let forfeits: string[];
let decisions: string[];
const fetchMock = stubFetch();
beforeEach(() => {
  setSettings(kenyaSettings);
  setSession(loginAnswer({ money: 150_00, withdrawMoney: 50_00 }));
  forfeits = [];
  decisions = [];
  mine = {
    active: bonus(),
    pending: [bonus({ id: 8, source: 'first-deposit-bonus', status: 'pending', wageringProgress: 0 })],
    history: [bonus({ id: 3, status: 'expired', endedAt: '2026-11-20T10:00:00.000Z' })],
    firstDepositOffer: false,
    offers: [],
  };
  fetchMock.mockImplementation(async (url, init) => {
    const { pathname } = new URL(url, 'http://test');
    if (pathname.endsWith('/account/bonus/forfeit')) {
      forfeits.push(String(init.body));
      if (mine.active === null) {
        return envelope(
          { code: ERRORS.BONUS_NOT_ACTIVE.code, msg: ERRORS.BONUS_NOT_ACTIVE.msg, data: null },
          409,
        );
      }
      const forfeited = { ...mine.active, status: 'forfeited' as const };
      mine = { ...mine, active: null, history: [forfeited, ...mine.history] };
      return okEnvelope({ forfeited, money: 50_00, withdrawMoney: 50_00 });
    }
    if (pathname.endsWith('/account/bonus/offers/accept')) {
      decisions.push(`accept ${String(init.body)}`);
      const offer = { ...mine.offers[0]!, status: 'accepted' as const, grantId: 9 };
      const granted = bonus({ id: 9, wageringProgress: 0 });
      mine = { ...mine, offers: [], active: granted };
      return okEnvelope({ offer, bonus: granted, money: 100_00, withdrawMoney: 0 });
    }
    if (pathname.endsWith('/account/bonus/offers/decline')) {
      decisions.push(`decline ${String(init.body)}`);
      const offer = { ...mine.offers[0]!, status: 'declined' as const };
      mine = { ...mine, offers: [] };
      return okEnvelope({ offer, bonus: null, money: 0, withdrawMoney: 0 });
    }
    if (pathname.endsWith('/account/bonus')) return okEnvelope(mine);
    return okEnvelope(null);
  });
});
afterEach(async () => {
  applyLanguage('en');
  await resetAppState();
});

function renderPage() {
  render(
    <MemoryRouter initialEntries={['/bonus']}>
      <Routes>
        <Route path="/bonus" element={<BonusPage />} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('the bonus page', () => {
  it('shows the active bonus with its wagering progress and its rules, then pending and history', async () => {
    renderPage();
    const cards = await screen.findAllByTestId('bonus-card');
    expect(cards).toHaveLength(3);
    expect(cards[0]!.textContent).toContain('Welcome bonus');
    expect(cards[0]!.textContent).toContain('Active');
    expect(screen.getAllByRole('progressbar')[0]!.getAttribute('aria-valuenow')).toBe('25');
    expect(screen.getAllByTestId('bonus-progress')[0]!.textContent).toContain(
      'Wagering KES 250.00 of KES 1,000.00 (25%)',
    );
    const rules = screen.getAllByTestId('bonus-rules')[0]!;
    expect(rules.textContent).toContain('Bet KES 1,000.00 (10× the bonus) before it expires');
    expect(rules.textContent).toContain('Maximum stake while it is active: KES 50.00');
    expect(rules.textContent).toContain('At most KES 100.00 becomes withdrawable');
    expect(rules.textContent).toContain('in-house games 100 %, crash 50 %, other games 100 %');
    expect(cards[1]!.textContent).toContain('First deposit bonus');
    expect(cards[1]!.textContent).toContain('Pending');
    expect(cards[2]!.textContent).toContain('Expired');
    // Only the active bonus can be forfeited.
    expect(screen.getAllByTestId('bonus-forfeit')).toHaveLength(1);
  });

  it('forfeits only after the confirm, then shows the new balance and the list again', async () => {
    renderPage();
    fireEvent.click(await screen.findByTestId('bonus-forfeit'));
    const dialog = await screen.findByTestId('confirm-dialog');
    expect(dialog.textContent).toContain('Forfeit this bonus? Its bonus cash of KES 100.00 is taken back');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByTestId('confirm-dialog')).toBeNull());
    expect(forfeits).toEqual([]);

    fireEvent.click(screen.getByTestId('bonus-forfeit'));
    fireEvent.click(
      within(await screen.findByTestId('confirm-dialog')).getByRole('button', { name: 'Forfeit' }),
    );
    await waitFor(() => expect(forfeits).toHaveLength(1));
    expect(forfeits[0]).toContain('7');
    await waitFor(() =>
      expect(screen.getAllByTestId('bonus-status').map((status) => status.textContent)).toEqual([
        'Pending',
        'Forfeited',
        'Expired',
      ]),
    );
    expect(screen.queryByTestId('bonus-forfeit')).toBeNull();
    expect(getProfile()).toMatchObject({ money: 50_00, withdrawMoney: 50_00 });
  });

  it('lists a bonus offered with its terms; nothing is granted until Accept, and No thanks grants nothing', async () => {
    const offer: BonusOffer = {
      id: 21,
      source: 'welcome-bonus',
      amount: 100_00,
      status: 'offered',
      wageringMultiple: 10,
      wageringRequired: 1_000_00,
      expiryDays: 7,
      maxStake: 50_00,
      maxConversion: 100_00,
      contribution: {},
      offeredAt: '2026-11-26T10:00:00.000Z',
      expiresAt: '2026-12-03T10:00:00.000Z',
      grantId: null,
    };
    mine = { active: null, pending: [], history: [], firstDepositOffer: false, offers: [offer] };
    renderPage();
    const card = await screen.findByTestId('bonus-offer');
    expect(card.textContent).toContain('Welcome bonus');
    expect(card.textContent).toContain('KES 100.00');
    expect(card.textContent).toContain('every stake is limited to KES 50.00 (your own money too)');
    expect(card.textContent).toContain('It runs for 7 days from when you accept it.');
    expect(decisions).toEqual([]);
    fireEvent.click(within(card).getByTestId('bonus-offer-accept'));
    await waitFor(() => expect(screen.queryByTestId('bonus-offer')).toBeNull());
    expect(decisions).toEqual(['accept id=21']);
    expect(await screen.findByTestId('bonus-forfeit')).toBeTruthy();
    expect(getProfile()).toMatchObject({ money: 100_00, withdrawMoney: 0 });
  });

  it('declines an offer: nothing granted, the offer gone', async () => {
    mine = {
      active: null,
      pending: [],
      history: [],
      firstDepositOffer: false,
      offers: [
        {
          id: 22,
          source: 'welcome-bonus',
          amount: 100_00,
          status: 'offered',
          wageringMultiple: 10,
          wageringRequired: 1_000_00,
          expiryDays: 7,
          maxStake: 50_00,
          maxConversion: 100_00,
          contribution: {},
          offeredAt: '2026-11-26T10:00:00.000Z',
          expiresAt: '2026-12-03T10:00:00.000Z',
          grantId: null,
        },
      ],
    };
    renderPage();
    fireEvent.click(await screen.findByTestId('bonus-offer-decline'));
    await waitFor(() => expect(screen.queryByTestId('bonus-offer')).toBeNull());
    expect(decisions).toEqual(['decline id=22']);
    expect(await screen.findByText('You have no bonus at the moment.')).toBeTruthy();
  });

  it('says so when there is no bonus, and offers the first-deposit bonus when it can still be had', async () => {
    mine = { active: null, pending: [], history: [], firstDepositOffer: true, offers: [] };
    renderPage();
    expect(await screen.findByText('You have no bonus at the moment.')).toBeTruthy();
    expect(screen.getByTestId('bonus-first-deposit-offer').textContent).toContain(
      'Deposit now and get the first deposit bonus.',
    );
  });

  it('names a bonus from exchanged coins and shows its own rules', async () => {
    mine = {
      ...mine,
      active: bonus({ source: 'coin-exchange', amount: 10_00, wageringRequired: 50_00, wageringMultiple: 5 }),
    };
    renderPage();
    const [card] = await screen.findAllByTestId('bonus-card');
    expect(card!.textContent).toContain('Coins exchanged');
    expect(card!.textContent).toContain('Bet KES 50.00 (5× the bonus) before it expires');
  });

  it('is translated (pt)', async () => {
    applyLanguage('pt');
    renderPage();
    expect(await screen.findByText('Meus bônus')).toBeTruthy();
    expect((await screen.findAllByTestId('bonus-card'))[0]!.textContent).toContain('Bônus de boas-vindas');
  });
});

describe('the top-up dialog', () => {
  function renderDialog() {
    render(
      <MemoryRouter>
        <TopUpDialog
          message="Please top up first"
          confirmLabel="Deposit"
          onConfirm={() => undefined}
          onCancel={() => undefined}
        />
      </MemoryRouter>,
    );
  }

  const message = () => screen.getByTestId('confirm-dialog').querySelector('.confirm__message')?.textContent;

  it('offers the extra bonus while the first-deposit bonus can still be had', async () => {
    mine = { ...mine, firstDepositOffer: true };
    renderDialog();
    await waitFor(() => expect(message()).toBe('Insufficient balance! Deposit now and get extra bonus'));
  });

  it('keeps the plain text otherwise (a member who deposited, or Brazil)', async () => {
    renderDialog();
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    await waitFor(() => expect(fetchMock.mock.calls.length).toBeGreaterThan(0));
    expect(message()).toBe('Please top up first');
  });
});

describe('wagering percent', () => {
  it('is whole, 100 only when done', () => {
    expect(wageringPercent(0, 1000)).toBe(0);
    expect(wageringPercent(999, 1000)).toBe(99);
    expect(wageringPercent(1000, 1000)).toBe(100);
    expect(wageringPercent(0, 0)).toBe(100);
  });
});
