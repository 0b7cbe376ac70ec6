// @vitest-environment jsdom
import type { DepositResult } from '@app/contracts/deposit';
import { DEPOSIT_POLL_INTERVAL_MS, DEPOSIT_POLL_TRIES } from '@app/contracts/deposit-rules';
import { render } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { advanceFakeTime, resetAppState } from '../../../test/fixtures.ts';
import { useDepositPoll } from './use-deposit-poll.ts';

const state = (value: number): DepositResult => ({
  transNo: 'D1',
  state: value,
  message: '',
  payMoney: 10_000,
  coins: 0,
  isBonus: 0,
  bonus: 0,
  firstDeposit: false,
  createTime: '2026-12-01T10:00:00.000Z',
  credited: null,
  excise: 0,
  manualPay: null,
});

function Poller(props: {
  fetchState: () => Promise<DepositResult>;
  onDone: (last: DepositResult | undefined) => void;
}) {
  useDepositPoll(props.fetchState, props.onDone);
  return null;
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(resetAppState);

describe('useDepositPoll (spec §4, §9: up to 30 polls 5 s apart)', () => {
  it('polls at once, then every 5 s, and gives up after the 30th with the last answer', async () => {
    const fetchState = vi.fn(async () => state(1));
    const onDone = vi.fn();
    render(<Poller fetchState={fetchState} onDone={onDone} />);
    await advanceFakeTime(0);
    expect(fetchState).toHaveBeenCalledTimes(1);
    await advanceFakeTime(DEPOSIT_POLL_INTERVAL_MS - 1);
    expect(fetchState).toHaveBeenCalledTimes(1);
    await advanceFakeTime(1);
    expect(fetchState).toHaveBeenCalledTimes(2);

    await advanceFakeTime((DEPOSIT_POLL_TRIES - 3) * DEPOSIT_POLL_INTERVAL_MS);
    expect(fetchState).toHaveBeenCalledTimes(DEPOSIT_POLL_TRIES - 1);
    expect(onDone).not.toHaveBeenCalled();
    await advanceFakeTime(DEPOSIT_POLL_INTERVAL_MS);
    expect(fetchState).toHaveBeenCalledTimes(30);
    // Given up: the last answer (still waiting) goes to the caller, which shows "not confirmed".
    expect(onDone).toHaveBeenCalledTimes(1);
    expect(onDone).toHaveBeenCalledWith(state(1));

    await advanceFakeTime(10 * DEPOSIT_POLL_INTERVAL_MS);
    expect(fetchState).toHaveBeenCalledTimes(30);
    expect(onDone).toHaveBeenCalledTimes(1);
  });

  it('counts a failed poll as a try, and gives up with no answer when none ever came', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const fetchState = vi.fn(() => Promise.reject(new Error('offline')));
    const onDone = vi.fn();
    render(<Poller fetchState={fetchState} onDone={onDone} />);
    await advanceFakeTime(0);
    await advanceFakeTime(DEPOSIT_POLL_TRIES * DEPOSIT_POLL_INTERVAL_MS);
    expect(fetchState).toHaveBeenCalledTimes(30);
    expect(onDone).toHaveBeenCalledTimes(1);
    expect(onDone).toHaveBeenCalledWith(undefined);
  });

  it('keeps the last answer across failed polls, and stops at the first final state', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const answers: (() => Promise<DepositResult>)[] = [
      async () => state(1),
      () => Promise.reject(new Error('offline')),
      async () => state(2),
      async () => state(3),
    ];
    const fetchState = vi.fn(() => (answers.shift() ?? (async () => state(1)))());
    const onDone = vi.fn();
    render(<Poller fetchState={fetchState} onDone={onDone} />);
    await advanceFakeTime(0);
    await advanceFakeTime(3 * DEPOSIT_POLL_INTERVAL_MS);
    expect(fetchState).toHaveBeenCalledTimes(4);
    expect(onDone).toHaveBeenCalledWith(state(3));
    await advanceFakeTime(5 * DEPOSIT_POLL_INTERVAL_MS);
    expect(fetchState).toHaveBeenCalledTimes(4);
  });

  it('stops polling when the page goes, without calling back', async () => {
    const fetchState = vi.fn(async () => state(1));
    const onDone = vi.fn();
    const { unmount } = render(<Poller fetchState={fetchState} onDone={onDone} />);
    await advanceFakeTime(0);
    await advanceFakeTime(DEPOSIT_POLL_INTERVAL_MS);
    expect(fetchState).toHaveBeenCalledTimes(2);
    unmount();
    await advanceFakeTime(DEPOSIT_POLL_TRIES * DEPOSIT_POLL_INTERVAL_MS);
    expect(fetchState).toHaveBeenCalledTimes(2);
    expect(onDone).not.toHaveBeenCalled();
  });
});
