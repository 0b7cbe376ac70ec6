// @vitest-environment jsdom
import {
  TASK_POLL_MS,
  taskProgress,
  type DiamondTask,
  type DiamondTaskConfig,
} from '@app/contracts/diamonds';
import { fireEvent, render, screen } from '@testing-library/preact';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadFeatureCatalogues, t } from '../../../lib/i18n.ts';
import { getProfile, setSession } from '../../../lib/session.ts';
import { setSettings } from '../../../lib/settings.ts';
import { getToasts } from '../../../lib/toast.ts';
import {
  advanceFakeTime,
  kenyaSettings,
  loginAnswer,
  okEnvelope,
  resetAppState,
  stubFetch,
} from '../../../test/fixtures.ts';
import { LaunchTaskEntry, showsEntry } from './launch-task-entry.tsx';
import { formatCountdown, ResetCountdown } from './reset-countdown.tsx';
import { TaskRow } from './task-row.tsx';
import { DIAMOND_TEXTS } from '../texts.ts';

const fetchMock = stubFetch();

function task(overrides: Partial<DiamondTask> = {}): DiamondTask {
  return {
    id: 1,
    type: 1,
    target: 50_00,
    bonus: 10,
    originalBonus: 0,
    current: 0,
    index: 0,
    collect: null,
    enable: true,
    status: 0,
    ...overrides,
  };
}

function config(tasks: DiamondTask[], overrides: Partial<DiamondTaskConfig> = {}): DiamondTaskConfig {
  return { enable: true, games: [], tasks, countdown: 0, day: '2026-11-26', resetIn: 3_600, ...overrides };
}

beforeAll(async () => {
  await loadFeatureCatalogues(DIAMOND_TEXTS);
});
beforeEach(() => {
  setSettings(kenyaSettings);
});
afterEach(async () => {
  await resetAppState();
  sessionStorage.clear();
});

describe('task progress (spec §4, §9)', () => {
  it('is 100 only when reached, else capped below: 99 on the task row, 99.99 in the launch panel', () => {
    expect(taskProgress(50_00, 50_00)).toBe(100);
    expect(taskProgress(60_00, 50_00, 99.99)).toBe(100);
    expect(taskProgress(49_99, 50_00)).toBe(99);
    expect(taskProgress(49_999_99, 50_000_00, 99.99)).toBe(99.99);
    expect(taskProgress(25_00, 50_00, 99.99)).toBe(50);
    expect(taskProgress(0, 50_00)).toBe(0);
  });
});

describe('TaskRow', () => {
  it('shows the level (index + 1), the title, the bonus, the progress and Go for an unfinished task', () => {
    const onGo = vi.fn();
    render(<TaskRow task={task({ index: 2, current: 25_00 })} t={t} onGo={onGo} onReceive={vi.fn()} />);
    const row = screen.getByTestId('task-row');
    expect(row.textContent).toContain('Lv.3');
    expect(row.textContent).toContain('+10');
    expect(screen.getByTestId('task-progress').textContent).toBe('50%');
    fireEvent.click(screen.getByTestId('task-go'));
    expect(onGo).toHaveBeenCalledWith(expect.objectContaining({ id: 1 }));
  });

  it('offers Receive when reached and shows Received (status 4) when collected', () => {
    const onReceive = vi.fn();
    const { rerender } = render(
      <TaskRow task={task({ current: 50_00, status: 1 })} t={t} onGo={vi.fn()} onReceive={onReceive} />,
    );
    expect(screen.getByTestId('task-progress').textContent).toBe('100%');
    fireEvent.click(screen.getByTestId('task-receive'));
    expect(onReceive).toHaveBeenCalledTimes(1);
    rerender(
      <TaskRow task={task({ current: 50_00, status: 4 })} t={t} onGo={vi.fn()} onReceive={onReceive} />,
    );
    expect((screen.getByTestId('task-received') as HTMLButtonElement).disabled).toBe(true);
  });
});

describe('LaunchTaskEntry', () => {
  it('shows only when enabled, for a listed game, with a bet task not collected', () => {
    expect(showsEntry(config([task()]), 5)).toBe(true);
    expect(showsEntry(config([task()], { enable: false }), 5)).toBe(false);
    expect(showsEntry(config([task()], { games: [7] }), 5)).toBe(false);
    expect(showsEntry(config([task()], { games: [5] }), 5)).toBe(true);
    expect(showsEntry(config([task({ status: 4 }), task({ id: 3, type: 2 })]), 5)).toBe(false);
    expect(showsEntry(undefined, 5)).toBe(false);
  });

  it('polls every 2017 ms, and collecting a finished task raises the diamonds and moves to the next task', async () => {
    vi.useFakeTimers();
    setSession(loginAnswer({ diamond: 5 }));
    let answer = config([
      task({ current: 50_00, status: 1 }),
      task({ id: 2, index: 1, target: 500_00, bonus: 50 }),
    ]);
    fetchMock.mockImplementation(async (url: string) => {
      if (url.includes('diamond-task/collect')) {
        answer = config([
          task({ current: 50_00, status: 4, collect: '2026-11-26T10:00:00Z' }),
          task({ id: 2, index: 1, target: 500_00, bonus: 50, current: 50_00 }),
        ]);
        return okEnvelope({ id: 1, bonus: 10, diamond: 15 });
      }
      return okEnvelope(answer);
    });
    render(<LaunchTaskEntry gameId={5} onOpenDeposit={vi.fn()} />);
    await advanceFakeTime(0);
    const polls = () =>
      fetchMock.mock.calls.filter(([url]) => String(url).includes('diamond-task/tasks')).length;
    expect(polls()).toBe(1);
    await advanceFakeTime(TASK_POLL_MS - 1);
    expect(polls()).toBe(1);
    await advanceFakeTime(1);
    expect(polls()).toBe(2);

    fireEvent.click(await screen.findByTestId('task-entry-chip'));
    expect(screen.getByTestId('task-entry-task').textContent).toContain('100%');
    fireEvent.click(screen.getByTestId('task-entry-task'));
    await advanceFakeTime(0);
    expect(getProfile()?.diamond).toBe(15);
    expect(screen.getByTestId('task-entry-task').textContent).toContain('Lv.2');
    expect(screen.getByTestId('task-entry-task').textContent).toContain('10%');
  });

  it('closes the panel on an unfinished task, and opens the nested deposit for a deposit task', async () => {
    vi.useFakeTimers();
    setSession(loginAnswer());
    const onOpenDeposit = vi.fn();
    let answer = config([task({ current: 10_00 })]);
    fetchMock.mockImplementation(async () => okEnvelope(answer));
    const { unmount } = render(<LaunchTaskEntry gameId={5} onOpenDeposit={onOpenDeposit} />);
    await advanceFakeTime(0);
    fireEvent.click(await screen.findByTestId('task-entry-chip'));
    fireEvent.click(screen.getByTestId('task-entry-task'));
    expect(screen.queryByTestId('task-entry-panel')).toBeNull();
    expect(onOpenDeposit).not.toHaveBeenCalled();
    unmount();

    answer = config([task({ status: 4 }), task({ id: 3, type: 2, index: 1 })]);
    // The bet task is collected: the entry is gone.
    render(<LaunchTaskEntry gameId={5} onOpenDeposit={onOpenDeposit} />);
    await advanceFakeTime(0);
    expect(screen.queryByTestId('task-entry')).toBeNull();

    answer = config([task({ id: 3, type: 2, index: 0 }), task({ id: 1, index: 1 })]);
    await advanceFakeTime(TASK_POLL_MS);
    fireEvent.click(await screen.findByTestId('task-entry-chip'));
    fireEvent.click(screen.getByTestId('task-entry-task'));
    expect(onOpenDeposit).toHaveBeenCalledTimes(1);
  });

  it("answers an unknown task type with the error 'not support type'", async () => {
    vi.useFakeTimers();
    setSession(loginAnswer());
    fetchMock.mockImplementation(async () =>
      okEnvelope(config([task({ type: 9 }), task({ id: 2, index: 1 })])),
    );
    render(<LaunchTaskEntry gameId={5} onOpenDeposit={vi.fn()} />);
    await advanceFakeTime(0);
    fireEvent.click(await screen.findByTestId('task-entry-chip'));
    fireEvent.click(screen.getByTestId('task-entry-task'));
    expect(getToasts().map((toast) => toast.message)).toContain('not support type');
  });
});

describe('the launch entry chip', () => {
  it('sits in the flow of the bar it is put in (no floating place of its own); a tap opens and closes the panel', async () => {
    vi.useFakeTimers();
    setSession(loginAnswer());
    fetchMock.mockImplementation(async () => okEnvelope(config([task({ current: 10_00 })])));
    render(<LaunchTaskEntry gameId={5} onOpenDeposit={vi.fn()} />);
    await advanceFakeTime(0);
    const chip = await screen.findByTestId('task-entry-chip');
    expect(chip.style.left).toBe('');
    expect(chip.style.top).toBe('');
    fireEvent.click(chip);
    expect(screen.getByTestId('task-entry-panel')).toBeTruthy();
    expect(chip.getAttribute('aria-expanded')).toBe('true');
    fireEvent.click(chip);
    expect(screen.queryByTestId('task-entry-panel')).toBeNull();
  });
});

describe('the countdown to the tasks’ reset (task config countdown)', () => {
  it('reads hh:mm:ss, hours unwrapped, never below zero', () => {
    expect(formatCountdown(0)).toBe('00:00:00');
    expect(formatCountdown(59.2)).toBe('00:01:00');
    expect(formatCountdown(3_661)).toBe('01:01:01');
    expect(formatCountdown(86_400)).toBe('24:00:00');
    expect(formatCountdown(-3)).toBe('00:00:00');
  });

  it('shows in the day’s last `countdown` seconds, counts down each second and asks for the new day at zero', async () => {
    vi.useFakeTimers();
    const onReset = vi.fn();
    render(<ResetCountdown config={{ countdown: 10, resetIn: 12 }} t={t} onReset={onReset} />);
    expect(screen.queryByTestId('task-countdown')).toBeNull();
    await advanceFakeTime(2_000);
    expect(screen.getByTestId('task-countdown').textContent).toBe('New tasks in 00:00:10');
    await advanceFakeTime(1_000);
    expect(screen.getByTestId('task-countdown').textContent).toBe('New tasks in 00:00:09');
    await advanceFakeTime(8_999);
    expect(screen.getByTestId('task-countdown').textContent).toBe('New tasks in 00:00:01');
    expect(onReset).not.toHaveBeenCalled();
    await advanceFakeTime(1);
    expect(screen.getByTestId('task-countdown').textContent).toBe('New tasks in 00:00:00');
    expect(onReset).toHaveBeenCalledTimes(1);
  });

  it('is never shown when the countdown is off, and starts again from the new day’s answer', async () => {
    vi.useFakeTimers();
    const { rerender } = render(
      <ResetCountdown config={{ countdown: 0, resetIn: 5 }} t={t} onReset={vi.fn()} />,
    );
    expect(screen.queryByTestId('task-countdown')).toBeNull();
    rerender(<ResetCountdown config={{ countdown: 86_400, resetIn: 86_400 }} t={t} onReset={vi.fn()} />);
    await advanceFakeTime(0);
    expect(screen.getByTestId('task-countdown').textContent).toBe('New tasks in 24:00:00');
    await advanceFakeTime(3_601_000);
    expect(screen.getByTestId('task-countdown').textContent).toBe('New tasks in 22:59:59');
  });

  it('shows in the launch panel when on', async () => {
    vi.useFakeTimers();
    setSession(loginAnswer());
    fetchMock.mockImplementation(async () =>
      okEnvelope(config([task()], { countdown: 86_400, resetIn: 2 * 3_600 + 5 })),
    );
    render(<LaunchTaskEntry gameId={5} onOpenDeposit={vi.fn()} />);
    await advanceFakeTime(0);
    fireEvent.click(await screen.findByTestId('task-entry-chip'));
    expect(screen.getByTestId('task-countdown').textContent).toBe('New tasks in 02:00:05');
  });
});
