// @vitest-environment jsdom
import { ERRORS } from '@app/contracts/errors';
import type { DepositRecord, WithdrawRecord } from '@app/contracts/payment-records';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setSession } from '../../../lib/session.ts';
import { setSettings } from '../../../lib/settings.ts';
import {
  envelope,
  kenyaSettings,
  loginAnswer,
  okEnvelope,
  resetAppState,
  stubFetch,
} from '../../../test/fixtures.ts';
import { recordMonths } from '../components/record-months.ts';
import { canAppeal } from '../components/deposit-states.ts';
import { DepositRecordsPage } from './deposit-records-page.tsx';
import { TransactionPage } from './transaction-page.tsx';
import { WithdrawRecordsPage } from './withdraw-records-page.tsx';

const NOW = Date.now();
const minutesAgo = (minutes: number) => new Date(NOW - minutes * 60_000).toISOString();

function deposit(id: number, overrides: Partial<DepositRecord> = {}): DepositRecord {
  return {
    id,
    transNo: `D${String(id).padStart(8, '0')}`,
    payMoney: 10_000 + id,
    coins: 0,
    channelCode: 'MPESA',
    channelName: 'M-PESA',
    state: 3,
    message: '',
    receipt: `RCP${String(id).padStart(7, '0')}`,
    transactionId: 9_000 + id,
    excise: 0,
    credited: 10_000 + id,
    createTime: minutesAgo(60),
    ...overrides,
  };
}

function withdrawal(id: number, overrides: Partial<WithdrawRecord> = {}): WithdrawRecord {
  return {
    id,
    withdrawNo: `W${id}`,
    money: 101_000,
    fee: 1_000,
    tax: 0,
    payout: 100_000,
    channelCode: 'MPESA',
    channelName: 'M-PESA',
    account: '0712****78',
    status: 'success',
    message: '',
    receipt: 'SBX1234567',
    createTime: minutesAgo(30),
    ...overrides,
  };
}

/** What the server holds for the member, newest (highest id) first. */
let deposits: DepositRecord[] = [];
let withdrawals: WithdrawRecord[] = [];
let failNext: string | undefined;

const fetchMock = stubFetch();

/** The server's paging: `quantity` records below `startId`, in `monthOfYear` when given. */
function page<T extends { id: number; createTime: string }>(all: T[], searchParams: URLSearchParams): T[] {
  const startId = searchParams.get('startId');
  const month = searchParams.get('monthOfYear');
  return all
    .filter((record) => startId === null || record.id < Number(startId))
    .filter((record) => month === null || record.createTime.startsWith(month))
    .slice(0, Number(searchParams.get('quantity')));
}

function answer(url: string): Response {
  const { pathname, searchParams } = new URL(url, 'http://test');
  if (failNext && pathname.endsWith(failNext)) {
    failNext = undefined;
    return envelope({ code: ERRORS.INTERNAL.code, msg: 'boom', data: null }, 500);
  }
  if (pathname.endsWith('/payOrder/records')) return okEnvelope(page(deposits, searchParams));
  if (pathname.endsWith('/withdraw/records')) return okEnvelope(page(withdrawals, searchParams));
  if (pathname.endsWith('/transaction/transactionDetail')) {
    const id = Number(searchParams.get('id'));
    if (id !== 77) return envelope({ code: ERRORS.NOT_FOUND.code, msg: 'Not found', data: null }, 404);
    // KSh 500 paid by M-Pesa, KSh 25 of it excise (Kenya, 5 %): 475 credited.
    return okEnvelope({
      id: 77,
      type: 'deposit',
      amount: 47_500,
      withdrawAmount: 47_500,
      tax: -2_500,
      coins: 8_000,
      diamonds: 0,
      tickets: 0,
      description: 'M-PESA deposit QGH7XK2M1P',
      createTime: '2026-11-20T10:00:00.000Z',
    });
  }
  return okEnvelope(null);
}

/** IntersectionObserver as the test drives it: `scrollToEnd()` tells every observer its target is in view. */
const observers = new Set<{ callback: IntersectionObserverCallback; targets: Element[] }>();
class FakeIntersectionObserver {
  private readonly entry: { callback: IntersectionObserverCallback; targets: Element[] };
  constructor(callback: IntersectionObserverCallback) {
    this.entry = { callback, targets: [] };
    observers.add(this.entry);
  }
  observe(target: Element) {
    this.entry.targets.push(target);
  }
  disconnect() {
    observers.delete(this.entry);
  }
}
async function scrollToEnd() {
  // Preact runs effects after a frame: the sentinel's observer exists once it has run.
  await waitFor(() => expect(observers.size).toBeGreaterThan(0));
  act(() => {
    for (const { callback, targets } of [...observers]) {
      callback(
        targets.map((target) => ({ target, isIntersecting: true }) as IntersectionObserverEntry),
        {} as IntersectionObserver,
      );
    }
  });
}

const recordCalls = (path: string) =>
  fetchMock.mock.calls
    .map(([url]) => new URL(url, 'http://test'))
    .filter((url) => url.pathname.endsWith(path))
    .map((url) => Object.fromEntries(url.searchParams));

beforeEach(() => {
  setSettings(kenyaSettings);
  setSession(loginAnswer());
  deposits = Array.from({ length: 120 }, (_, index) => deposit(120 - index));
  withdrawals = [];
  failNext = undefined;
  fetchMock.mockImplementation(async (url) => answer(url));
  vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
});

afterEach(async () => {
  await resetAppState();
  observers.clear();
});

function renderAt(path: string) {
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/account/records/deposit" element={<DepositRecordsPage />} />
        <Route path="/account/records/withdraw" element={<WithdrawRecordsPage />} />
        <Route path="/account/transaction/:id" element={<TransactionPage />} />
        <Route path="/feedback/deposit/:id" element={<p>appeal page</p>} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('deposit records', () => {
  // 120 rows in jsdom: seconds on a loaded machine, so more than the default 5 s.
  it(
    'loads 50 at a time with the last id as startId while the end of the list comes into view, and stops',
    { timeout: 20_000 },
    async () => {
      renderAt('/account/records/deposit');
      await waitFor(() => expect(screen.getAllByTestId('deposit-record')).toHaveLength(50));
      expect(recordCalls('/payOrder/records')).toEqual([{ quantity: '50' }]);

      await scrollToEnd();
      await waitFor(() => expect(screen.getAllByTestId('deposit-record')).toHaveLength(100));
      await scrollToEnd();
      await waitFor(() => expect(screen.getAllByTestId('deposit-record')).toHaveLength(120));
      expect(recordCalls('/payOrder/records')).toEqual([
        { quantity: '50' },
        { quantity: '50', startId: '71' },
        { quantity: '50', startId: '21' },
      ]);
      // A page shorter than 50 was the last: the end is shown and nothing more is asked for.
      expect(screen.getByText('No more records')).toBeTruthy();
      expect(screen.queryByTestId('records-sentinel')).toBeNull();
      expect(observers.size).toBe(0);
      expect(recordCalls('/payOrder/records')).toHaveLength(3);
    },
  );

  it('shows amount, state, time, channel and receipt; a paid one links to its transaction', async () => {
    deposits = [deposit(5, { coins: 1_200, payMoney: 50_000 })];
    renderAt('/account/records/deposit');
    const record = await screen.findByTestId('deposit-record');
    expect(record.textContent).toContain('KES 500.00');
    expect(record.textContent).toContain('Paid');
    expect(record.textContent).toContain('+12.00');
    expect(record.textContent).toContain('M-PESA');
    expect(record.textContent).toContain('RCP0000005');
    expect(record.textContent).toContain('D00000005');
    expect(within(record).getByRole('link', { name: 'Details' }).getAttribute('href')).toBe(
      '/account/transaction/9005',
    );
    expect(within(record).queryByRole('link', { name: 'Appeal' })).toBeNull();
  });

  it('a paid deposit with an excise shows it and what was credited; one without shows neither', async () => {
    deposits = [
      deposit(6, { payMoney: 10_000, excise: 500, credited: 9_500 }),
      deposit(5, { payMoney: 10_000, excise: 0, credited: 10_000 }),
    ];
    renderAt('/account/records/deposit');
    await waitFor(() => expect(screen.getAllByTestId('deposit-record')).toHaveLength(2));
    const [taxed, untaxed] = screen.getAllByTestId('deposit-record') as [HTMLElement, HTMLElement];
    expect(taxed.textContent).toContain('KES 100.00');
    expect(within(taxed).getByTestId('deposit-record-excise').textContent).toBe('−KES 5.00');
    expect(within(taxed).getByTestId('deposit-record-credited').textContent).toBe('KES 95.00');
    expect(taxed.textContent).toContain('Excise duty');
    expect(within(untaxed).queryByTestId('deposit-record-excise')).toBeNull();
    expect(within(untaxed).queryByTestId('deposit-record-credited')).toBeNull();
  });

  it('offers an appeal for a failed deposit and one waiting for a while, not for a fresh one', async () => {
    deposits = [
      deposit(3, {
        state: 4,
        message: 'The request was cancelled by the user',
        receipt: null,
        transactionId: null,
      }),
      deposit(2, { state: 1, receipt: null, transactionId: null, createTime: minutesAgo(2) }),
      deposit(1, { state: 1, receipt: null, transactionId: null, createTime: minutesAgo(30) }),
    ];
    renderAt('/account/records/deposit');
    await waitFor(() => expect(screen.getAllByTestId('deposit-record')).toHaveLength(3));
    const [failed, fresh, stuck] = screen.getAllByTestId('deposit-record');
    expect(failed?.textContent).toContain('Failed');
    expect(failed?.textContent).toContain('The request was cancelled by the user');
    // A failed deposit brought no coins, whatever its package promised.
    expect(failed?.textContent).not.toContain('Coins');
    expect(within(failed!).getByRole('link', { name: 'Appeal' }).getAttribute('href')).toBe(
      '/feedback/deposit/3',
    );
    expect(fresh?.textContent).toContain('Waiting');
    expect(within(fresh!).queryByRole('link', { name: 'Appeal' })).toBeNull();
    expect(within(stuck!).getByRole('link', { name: 'Appeal' }).getAttribute('href')).toBe(
      '/feedback/deposit/1',
    );
    expect(within(failed!).queryByRole('link', { name: 'Details' })).toBeNull();
  });

  it('filters by month and starts over; "All months" asks without a month', async () => {
    const [thisMonth, lastMonth] = recordMonths(new Date());
    deposits = [
      deposit(3, { createTime: `${thisMonth}-01T09:00:00.000Z` }),
      deposit(2, { createTime: `${lastMonth}-15T09:00:00.000Z` }),
      deposit(1, { createTime: `${lastMonth}-02T09:00:00.000Z` }),
    ];
    renderAt('/account/records/deposit');
    await waitFor(() => expect(screen.getAllByTestId('deposit-record')).toHaveLength(3));
    const select = screen.getByLabelText('Month') as HTMLSelectElement;
    expect(select.options).toHaveLength(13);
    expect(select.options[0]?.textContent).toBe('All months');

    // The browser's `change` of a select (fireEvent.change becomes `input` under preact/compat).
    select.value = lastMonth ?? '';
    fireEvent(select, new Event('change', { bubbles: true }));
    await waitFor(() => expect(screen.getAllByTestId('deposit-record')).toHaveLength(2));
    expect(recordCalls('/payOrder/records').at(-1)).toEqual({ quantity: '50', monthOfYear: lastMonth });
  });

  it('shows the empty state, and the error state with a retry', async () => {
    deposits = [];
    failNext = '/payOrder/records';
    renderAt('/account/records/deposit');
    const retry = await screen.findByRole('button', { name: 'Try again' });
    expect(screen.getByRole('alert').textContent).toContain('Please try again later');
    fireEvent.click(retry);
    expect((await screen.findByTestId('records-empty')).textContent).toBe('No deposits in this period.');
  });

  // 120 rows in jsdom: seconds on a loaded machine, so more than the default 5 s.
  it('keeps the list when a further page fails, and retries it', { timeout: 20_000 }, async () => {
    renderAt('/account/records/deposit');
    await waitFor(() => expect(screen.getAllByTestId('deposit-record')).toHaveLength(50));
    failNext = '/payOrder/records';
    await scrollToEnd();
    const retry = await screen.findByRole('button', { name: 'Try again' });
    expect(screen.getAllByTestId('deposit-record')).toHaveLength(50);
    fireEvent.click(retry);
    await waitFor(() => expect(screen.getAllByTestId('deposit-record')).toHaveLength(100));
  });
});

describe('withdrawal records', () => {
  it('shows amount, what reached the phone, fee, tax, state, channel and receipt', async () => {
    withdrawals = [
      withdrawal(2, { status: 'pending', receipt: null }),
      withdrawal(1, { status: 'failed', message: 'The balance of the service is insufficient', tax: 2_000 }),
    ];
    renderAt('/account/records/withdraw');
    await waitFor(() => expect(screen.getAllByTestId('withdraw-record')).toHaveLength(2));
    const [pending, failed] = screen.getAllByTestId('withdraw-record');
    expect(pending?.textContent).toContain('Pending');
    expect(pending?.textContent).toContain('KES 1,010.00');
    expect(pending?.textContent).toContain('KES 1,000.00');
    expect(pending?.textContent).toContain('KES 10.00');
    expect(pending?.textContent).toContain('0712****78');
    // Not "Sent to phone" before the payout is confirmed (issue 22 §3).
    expect(pending?.textContent).toContain('To your phone, processing');
    expect(pending?.textContent).not.toContain('Sent to phone');
    expect(failed?.textContent).toContain('Not sent');
    expect(failed?.textContent).toContain('Failed, refunded');
    expect(failed?.textContent).toContain('KES 20.00');
    expect(failed?.textContent).toContain('The balance of the service is insufficient');
    expect(failed?.textContent).toContain('SBX1234567');
    expect(screen.getByText('No more records')).toBeTruthy();
  });

  it('shows the empty state', async () => {
    renderAt('/account/records/withdraw');
    expect((await screen.findByTestId('records-empty')).textContent).toBe('No withdrawals in this period.');
    expect(recordCalls('/withdraw/records')).toEqual([{ quantity: '50' }]);
  });
});

describe('transaction detail', () => {
  it('shows type, amounts, the tax withheld, coins, description and time', async () => {
    renderAt('/account/transaction/77');
    const detail = await screen.findByTestId('transaction');
    expect(detail.textContent).toContain('Deposit');
    expect(detail.textContent).toContain('KES +475.00');
    expect(detail.textContent).toContain('Withdrawable part+475.00');
    expect(screen.getByTestId('transaction-tax').textContent).toBe('−25.00');
    expect(detail.textContent).toContain('Tax−25.00');
    expect(detail.textContent).toContain('Coins+80.00');
    expect(detail.textContent).toContain('M-PESA deposit QGH7XK2M1P');
    expect(detail.textContent).not.toContain('Diamonds');
  });

  it('says when the transaction does not exist (or is another member’s), and asks nothing for a bad id', async () => {
    renderAt('/account/transaction/78');
    expect((await screen.findByTestId('transaction-not-found')).textContent).toContain('does not exist');
    await resetAppState();
    fetchMock.mockImplementation(async (url) => answer(url));
    setSettings(kenyaSettings);
    setSession(loginAnswer());
    const before = fetchMock.mock.calls.length;
    renderAt('/account/transaction/abc');
    expect(screen.getByTestId('transaction-not-found')).toBeTruthy();
    expect(fetchMock.mock.calls.length).toBe(before);
  });
});

describe('appeal rule', () => {
  it('allows failed deposits and those waiting 10 minutes or more, never paid ones', () => {
    const now = Date.parse('2026-11-22T12:00:00Z');
    expect(canAppeal({ state: 4, createTime: '2026-11-22T11:59:00Z' }, now)).toBe(true);
    expect(canAppeal({ state: 1, createTime: '2026-11-22T11:50:00Z' }, now)).toBe(true);
    expect(canAppeal({ state: 0, createTime: '2026-11-22T11:50:01Z' }, now)).toBe(false);
    expect(canAppeal({ state: 3, createTime: '2026-11-01T00:00:00Z' }, now)).toBe(false);
  });
});
