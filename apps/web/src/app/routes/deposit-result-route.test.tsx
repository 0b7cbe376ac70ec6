// @vitest-environment jsdom
import type { DepositResult } from '@app/contracts/deposit';
import { render, screen, waitFor } from '@testing-library/preact';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LAST_DEPOSIT_HASH_KEY, orderHash } from '../../features/deposit/deposit-flow.ts';
import { setSession } from '../../lib/session.ts';
import { setSettings } from '../../lib/settings.ts';
import { kenyaSettings, loginAnswer, okEnvelope, resetAppState, stubFetch } from '../../test/fixtures.ts';
import { DepositResultRoute } from './deposit-result-route.tsx';

const fetchMock = stubFetch();
const depositResult = (transNo: string, state: number): DepositResult => ({
  transNo,
  state,
  message: state === 4 ? 'Failed' : '',
  payMoney: 10_000,
  coins: 0,
  isBonus: 0,
  bonus: 0,
  firstDeposit: false,
  createTime: '2026-12-01T10:00:00.000Z',
  credited: state === 3 ? 9_500 : null,
  excise: state === 3 ? 500 : 0,
  manualPay: null,
});
let chanceAnswers: Response[];
beforeEach(() => {
  setSettings(kenyaSettings);
  setSession(loginAnswer());
  chanceAnswers = [okEnvelope({ orderNo: 'D123ABCDEFGH', state: 'granted', chances: 2 })];
  fetchMock.mockImplementation(async (url) => {
    const { pathname } = new URL(url, 'http://test');
    if (pathname.endsWith('/collect-cards/chances')) return chanceAnswers.shift() ?? okEnvelope(null);
    // The result page asks the server about the order: D999… failed, the others are paid.
    if (pathname.endsWith('/pan-pay/deposit/result')) {
      const transNo = new URL(url, 'http://test').searchParams.get('transNo') ?? '';
      return okEnvelope(depositResult(transNo, transNo.startsWith('D999') ? 4 : 3));
    }
    if (pathname.endsWith('/memberInfo/persona')) return okEnvelope({ totalDepositCount: 2 });
    if (pathname.endsWith('/memberInfo/getMemberById')) return okEnvelope(loginAnswer().memberInfo);
    return okEnvelope(null);
  });
});
afterEach(resetAppState);

const reads = () => fetchMock.mock.calls.filter(([url]) => url.includes('/collect-cards/chances'));

function renderAt(path: string) {
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/pay/result" element={<DepositResultRoute />} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('the deposit result with collect-cards composed in (spec platform-core §4)', () => {
  it('reads what the order gave after its first success (never posts), and says it', async () => {
    renderAt('/pay/result?status=1&no=D123ABCDEFGH&bonus=0&isBonus=0&msg=');
    const note = await screen.findByTestId('collect-cards-deposit-note');
    expect(note.textContent).toContain('Your deposit gave you 2 chances to collect cards');
    expect(note.querySelector('a')?.getAttribute('href')).toBe('/activities/collect-cards');
    expect(reads()).toHaveLength(1);
    expect(String(reads()[0]?.[0])).toContain('orderNo=D123ABCDEFGH');
    expect(reads()[0]?.[1].method ?? 'GET').toBe('GET');
    expect(localStorage.getItem(LAST_DEPOSIT_HASH_KEY)).toBe(orderHash('D123ABCDEFGH'));
  });

  it('looks again while the server is still giving the chances', async () => {
    chanceAnswers = [
      okEnvelope({ orderNo: 'D123ABCDEFGH', state: 'available', chances: 1 }),
      okEnvelope({ orderNo: 'D123ABCDEFGH', state: 'granted', chances: 1 }),
    ];
    renderAt('/pay/result?status=1&no=D123ABCDEFGH&bonus=0&isBonus=0&msg=');
    const note = await screen.findByTestId('collect-cards-deposit-note', {}, { timeout: 3_000 });
    expect(note.textContent).toContain('Your deposit gave you 1 chance to collect cards');
    expect(reads()).toHaveLength(2);
  });

  it('reads nothing for an order already handled on this device, nor for a failed deposit', async () => {
    localStorage.setItem(LAST_DEPOSIT_HASH_KEY, orderHash('D123ABCDEFGH'));
    renderAt('/pay/result?status=1&no=D123ABCDEFGH&bonus=0&isBonus=0&msg=');
    await screen.findByTestId('deposit-result');
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(reads()).toHaveLength(0);
    await resetAppState();
    setSettings(kenyaSettings);
    setSession(loginAnswer());
    renderAt('/pay/result?status=0&no=D999ABCDEFGH&msg=Failed');
    await screen.findByTestId('deposit-result');
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(reads()).toHaveLength(0);
  });

  it('shows nothing when the deposit gives no chance (activity off, finished, Brazil)', async () => {
    chanceAnswers = [okEnvelope({ orderNo: 'D555ABCDEFGH', state: 'none', chances: 0 })];
    renderAt('/pay/result?status=1&no=D555ABCDEFGH&bonus=0&isBonus=0&msg=');
    await waitFor(() => expect(reads()).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(screen.queryByTestId('collect-cards-deposit-note')).toBeNull();
  });
});
