// @vitest-environment jsdom
import type { MyBonus, MyBonuses } from '@app/contracts/bonus';
import { render, screen, waitFor } from '@testing-library/preact';
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

function firstDepositBonus(overrides: Partial<MyBonus> = {}): MyBonus {
  return {
    id: 41,
    source: 'first-deposit-bonus',
    amount: 300_00,
    status: 'active',
    wageringRequired: 3_000_00,
    wageringProgress: 0,
    wageringMultiple: 10,
    maxStake: 100_00,
    maxConversion: 500_00,
    contribution: {},
    converted: null,
    expiresAt: '2026-12-03T10:00:00.000Z',
    createdAt: NOW.toISOString(),
    endedAt: null,
    ...overrides,
  };
}

let answers: MyBonuses[];
let reads: number;
const fetchMock = stubFetch();
beforeEach(() => {
  vi.useFakeTimers({ now: NOW, toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  setSettings(kenyaSettings);
  setSession(loginAnswer());
  reads = 0;
  fetchMock.mockImplementation(async (url) => {
    const { pathname } = new URL(url, 'http://test');
    if (pathname.endsWith('/account/bonus')) {
      reads += 1;
      return okEnvelope(answers[Math.min(reads, answers.length) - 1]);
    }
    return okEnvelope(null);
  });
});
afterEach(async () => {
  vi.useRealTimers();
  await resetAppState();
});

const none: MyBonuses = { active: null, pending: [], history: [], firstDepositOffer: false };

function renderGift() {
  return render(
    <MemoryRouter>
      <FirstDepositBonusGift />
    </MemoryRouter>,
  );
}

describe('the first-deposit bonus after a paid deposit', () => {
  it('waits for the grant (it follows the deposit within seconds), shows it once on this device', async () => {
    answers = [none, none, { ...none, active: firstDepositBonus() }];
    const first = renderGift();
    await advanceFakeTime(0);
    expect(screen.queryByTestId('bonus-gift')).toBeNull();
    await advanceFakeTime(1_000);
    await advanceFakeTime(1_000);
    await waitFor(() =>
      expect(screen.getByTestId('bonus-gift').textContent).toContain('First deposit bonus: KES 300.00'),
    );
    first.unmount();
    renderGift();
    await advanceFakeTime(1_000);
    expect(reads).toBeGreaterThan(3);
    expect(screen.queryByTestId('bonus-gift')).toBeNull();
  });

  it('shows nothing when none was granted, and stops looking', async () => {
    answers = [{ ...none, history: [firstDepositBonus({ createdAt: '2026-10-01T10:00:00.000Z' })] }];
    renderGift();
    for (let waited = 0; waited <= GIFT_LOOK_MS + 2_000; waited += 1_000) await advanceFakeTime(1_000);
    const looked = reads;
    await advanceFakeTime(5_000);
    expect(reads).toBe(looked);
    expect(looked).toBeLessThanOrEqual(GIFT_LOOK_MS / 1_000 + 2);
    expect(screen.queryByTestId('bonus-gift')).toBeNull();
  });
});
