import {
  TASK_POLL_MS,
  TASK_STATUS,
  TASK_TYPE,
  taskProgress,
  type DiamondTask,
  type DiamondTaskConfig,
} from '@app/contracts/diamonds';
import { useCallback, useEffect, useState } from 'react';
import { useFeatureTranslation } from '../../../lib/i18n.ts';
import { getProfile, setProfile, useIsLoggedIn } from '../../../lib/session.ts';
import { showToast, toastError } from '../../../lib/toast.ts';
import { useMoneyFormat } from '../../../lib/use-money-format.ts';
import { collectDiamondTask } from '../api/collect-diamond-task.ts';
import { getDiamondTasks } from '../api/get-diamond-tasks.ts';
import { DIAMOND_TEXTS } from '../texts.ts';
import { ResetCountdown } from './reset-countdown.tsx';
import { taskTitle } from './task-row.tsx';
import './diamonds.css';

/** Whether the entry shows (spec §4): config enabled, the game in its list (empty: every game), a bet task left. */
export function showsEntry(config: DiamondTaskConfig | undefined, gameId: number): boolean {
  if (!config?.enable) return false;
  if (config.games.length > 0 && !config.games.includes(gameId)) return false;
  return config.tasks.some((task) => task.type === TASK_TYPE.bet && task.status !== TASK_STATUS.collected);
}

/** The task the entry offers: the first one not collected, in order. */
export function currentTask(config: DiamondTaskConfig | undefined): DiamondTask | undefined {
  return config?.tasks.find((task) => task.status !== TASK_STATUS.collected);
}

/**
 * The launch task entry (spec §2, §4), docked in the casino page's own bar above the game: a compact chip
 * (the diamond and the task's progress), only for a logged-in member in launch mode (the casino page
 * renders it only then), polling the tasks every 2017 ms. Docked, it lies over none of a game's controls,
 * wherever a game puts them (issue 22: a bubble floating over the game covered a stake button, a slider's
 * end, a tile or a reel, wherever it was left). A tap opens the panel with the current task under the bar;
 * tapping an unfinished task closes the panel and, for a task that is not a bet task, opens the nested
 * deposit; tapping a finished one collects it, raises the diamonds and moves to the next task.
 */
export function LaunchTaskEntry({ gameId, onOpenDeposit }: { gameId: number; onOpenDeposit: () => void }) {
  const { t, ready } = useFeatureTranslation(DIAMOND_TEXTS);
  const isLoggedIn = useIsLoggedIn();
  const money = useMoneyFormat();
  const [config, setConfig] = useState<DiamondTaskConfig>();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);

  const load = useCallback(
    () =>
      getDiamondTasks().then(
        (next) => setConfig(next),
        () => undefined,
      ),
    [],
  );
  useEffect(() => {
    if (!isLoggedIn) return undefined;
    let live = true;
    const poll = () => {
      if (live) void load();
    };
    poll();
    const timer = setInterval(poll, TASK_POLL_MS);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, [isLoggedIn, load]);

  if (!isLoggedIn || !ready || !showsEntry(config, gameId)) return null;
  const task = currentTask(config);
  if (!task || !config) return null;
  const progress = taskProgress(task.current, task.target, 99.99);
  const onTask = async () => {
    if (task.type !== TASK_TYPE.bet && task.type !== TASK_TYPE.deposit) {
      showToast(t('diamonds.notSupported'), { kind: 'error' });
      return;
    }
    if (task.current < task.target) {
      setOpen(false);
      if (task.type !== TASK_TYPE.bet) onOpenDeposit();
      return;
    }
    if (busy) return;
    setBusy(true);
    try {
      const result = await collectDiamondTask(task.id);
      const profile = getProfile();
      if (profile) setProfile({ ...profile, diamond: result.diamond });
      showToast(t('diamonds.collected', { count: result.bonus }), { kind: 'success' });
      setConfig(await getDiamondTasks());
    } catch (error) {
      toastError(error);
    } finally {
      setBusy(false);
    }
  };

  let title: string;
  try {
    title = taskTitle(task, t, `${money.currency} ${money.format(task.target)}`);
  } catch {
    title = t('diamonds.notSupported');
  }

  return (
    <div className="task-entry" data-testid="task-entry">
      <button
        type="button"
        className="task-entry__badge"
        aria-label={`${t('diamonds.entry')} ${progress}%`}
        aria-expanded={open}
        onClick={() => setOpen((before) => !before)}
        data-testid="task-entry-chip"
      >
        <span aria-hidden="true">💎</span>
        <span className="task-entry__progress">{progress}%</span>
      </button>
      {open ? (
        <div className="task-entry__panel" data-testid="task-entry-panel">
          <button
            type="button"
            className="task-entry__task"
            disabled={busy}
            onClick={() => void onTask()}
            data-testid="task-entry-task"
          >
            <strong>
              {t('diamonds.level', { level: task.index + 1 })} · {title}
            </strong>
            <span>{t('diamonds.bonus', { count: task.bonus })}</span>
            <span>
              {progress}% · {task.current >= task.target ? t('diamonds.receive') : t('diamonds.go')}
            </span>
          </button>
          <ResetCountdown config={config} t={t} onReset={() => void load()} />
        </div>
      ) : null}
    </div>
  );
}
