// @vitest-environment jsdom
import type { BonusOffer, MyBonuses } from '@app/contracts/bonus';
import { fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setSession } from '../../../lib/session.ts';
import { setSettings } from '../../../lib/settings.ts';
import {
  advanceFakeTime,
  kenyaSettings,
  loginAnswer,
  okEnvelope,
  resetAppState,
  stubFetch,
} from '../../../test/fixtures.ts';
import { FirstDepositBonusGift, GIFT_LOOK_MS } from './bonus-offers.tsx';

const NOW = new Date('2026-11-26T10:00:00.000Z');

function firstDepositOffer(overrides: Partial<BonusOffer> = {}): BonusOffer {
  return {
    id: 41,
    source: 'first-deposit-bonus',
    amount: 300_00,
    status: 'offered',
    wageringMultiple: 10,
    wageringRequired: 3_000_00,
    expiryDays: 7,
    maxStake: 100_00,
    maxConversion: 500_00,
    contribution: {},
    offeredAt: NOW.toISOString(),
    expiresAt: '2026-12-03T10:00:00.000Z',
    grantId: null,
    ...overrides,
  };
}

let answers: MyBonuses[];
let reads: number;
let decisions: string[];
const fetchMock = stubFetch();
beforeEach(() => {
  vi.useFakeTimers({ now: NOW, toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  setSettings(kenyaSettings);
  setSession(loginAnswer());
  reads = 0;
  decisions = [];
  fetchMock.mockImplementation(async (url) => {
    const { pathname } = new URL(url, 'http://test');
    if (pathname.endsWith('/account/bonus')) {
      reads += 1;
      return okEnvelope(answers[Math.min(reads, answers.length) - 1]);
    }
    if (
      pathname.endsWith('/account/bonus/offers/accept') ||
      pathname.endsWith('/account/bonus/offers/decline')
    ) {
      decisions.push(pathname.split('/').pop()!);
      const accepted = pathname.endsWith('/accept');
      return okEnvelope({
        offer: firstDepositOffer({ status: accepted ? 'accepted' : 'declined' }),
        bonus: null,
        money: accepted ? 800_00 : 500_00,
        withdrawMoney: 500_00,
      });
    }
    return okEnvelope(null);
  });
});
afterEach(async () => {
  vi.useRealTimers();
  await resetAppState();
});

const none: MyBonuses = { active: null, pending: [], history: [], firstDepositOffer: false, offers: [] };

function renderGift() {
  return render(
    <MemoryRouter>
      <FirstDepositBonusGift />
    </MemoryRouter>,
  );
}

describe('the first-deposit bonus offered after a paid deposit', () => {
  it('waits for the offer (it follows the deposit within seconds), puts it once on this device, with the limit', async () => {
    answers = [none, none, { ...none, offers: [firstDepositOffer()] }];
    const first = renderGift();
    await advanceFakeTime(0);
    expect(screen.queryByTestId('bonus-offer-dialog')).toBeNull();
    await advanceFakeTime(1_000);
    await advanceFakeTime(1_000);
    const dialog = await waitFor(() => screen.getByTestId('bonus-offer-dialog'));
    expect(dialog.textContent).toContain('KES 300.00');
    expect(screen.getByTestId('bonus-offer-max-stake').textContent).toContain(
      'every stake is limited to KES 100.00',
    );
    // Nothing is granted by showing it: the player chooses.
    expect(decisions).toEqual([]);
    first.unmount();
    renderGift();
    await advanceFakeTime(1_000);
    expect(reads).toBeGreaterThan(3);
    expect(screen.queryByTestId('bonus-offer-dialog')).toBeNull();
  });

  it('accepts or declines on the player’s tap, and closes', async () => {
    answers = [{ ...none, offers: [firstDepositOffer()] }];
    const first = renderGift();
    await advanceFakeTime(0);
    fireEvent.click(await waitFor(() => screen.getByTestId('bonus-offer-accept')));
    await waitFor(() => expect(screen.queryByTestId('bonus-offer-dialog')).toBeNull());
    expect(decisions).toEqual(['accept']);
    first.unmount();
    localStorage.clear();
    answers = [{ ...none, offers: [firstDepositOffer({ id: 42 })] }];
    renderGift();
    await advanceFakeTime(0);
    fireEvent.click(await waitFor(() => screen.getByTestId('bonus-offer-decline')));
    await waitFor(() => expect(screen.queryByTestId('bonus-offer-dialog')).toBeNull());
    expect(decisions).toEqual(['accept', 'decline']);
  });

  it('shows nothing when none was offered, and stops looking', async () => {
    answers = [none];
    renderGift();
    for (let waited = 0; waited <= GIFT_LOOK_MS + 2_000; waited += 1_000) await advanceFakeTime(1_000);
    const looked = reads;
    await advanceFakeTime(5_000);
    expect(reads).toBe(looked);
    expect(looked).toBeLessThanOrEqual(GIFT_LOOK_MS / 1_000 + 2);
    expect(screen.queryByTestId('bonus-offer-dialog')).toBeNull();
  });
});
