import {
  TASK_POLL_MS,
  TASK_STATUS,
  TASK_TYPE,
  taskProgress,
  type DiamondTask,
  type DiamondTaskConfig,
} from '@app/contracts/diamonds';
import { useEffect, useRef, useState, type PointerEvent } from 'react';
import { useFeatureTranslation } from '../../../lib/i18n.ts';
import { getProfile, setProfile, useSession } from '../../../lib/session.ts';
import { showToast, toastError } from '../../../lib/toast.ts';
import { useMoneyFormat } from '../../../lib/use-money-format.ts';
import { collectDiamondTask, getDiamondTasks } from '../api/diamonds.ts';
import { DIAMOND_TEXTS } from '../texts.ts';
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

const DRAG_THRESHOLD = 6;

/**
 * The launch task entry inside the game frame (spec §2, §4): a draggable chip, only for a logged-in member
 * in launch mode (the casino page renders it only then), polling the tasks every 2017 ms. Tapping the
 * chip opens the panel with the current task; tapping an unfinished task closes the panel and, for a task
 * that is not a bet task, opens the nested deposit; tapping a finished one collects it, raises the
 * diamonds and moves to the next task.
 */
export function LaunchTaskEntry({ gameId, onOpenDeposit }: { gameId: number; onOpenDeposit: () => void }) {
  const { t, ready } = useFeatureTranslation(DIAMOND_TEXTS);
  const { isLoggedIn } = useSession();
  const money = useMoneyFormat();
  const [config, setConfig] = useState<DiamondTaskConfig>();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  // Dragged along the app's bar (never over the game's own controls): how far left of its place.
  const [offset, setOffset] = useState(0);
  const drag = useRef<{ x: number; offset: number; moved: boolean } | undefined>(undefined);
  const dragged = useRef(false);

  useEffect(() => {
    if (!isLoggedIn) return undefined;
    let live = true;
    const load = () =>
      getDiamondTasks().then(
        (next) => live && setConfig(next),
        () => undefined,
      );
    void load();
    const timer = setInterval(() => void load(), TASK_POLL_MS);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, [isLoggedIn]);

  if (!isLoggedIn || !ready || !showsEntry(config, gameId)) return null;
  const task = currentTask(config);
  if (!task) return null;
  const progress = taskProgress(task.current, task.target, 99.99);

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    drag.current = { x: event.clientX, offset, moved: false };
    event.currentTarget.setPointerCapture?.(event.pointerId);
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const start = drag.current;
    if (!start) return;
    const dx = event.clientX - start.x;
    if (!start.moved && Math.abs(dx) < DRAG_THRESHOLD) return;
    start.moved = true;
    const furthest = Math.max(0, window.innerWidth - 160);
    setOffset(Math.min(0, Math.max(-furthest, start.offset + dx)));
  };
  const onPointerUp = () => {
    dragged.current = drag.current?.moved ?? false;
    drag.current = undefined;
  };
  const onChip = () => {
    // The click that ends a drag does not open the panel.
    if (dragged.current) {
      dragged.current = false;
      return;
    }
    setOpen((before) => !before);
  };

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
    <div className="task-entry" style={{ transform: `translateX(${offset}px)` }} data-testid="task-entry">
      {/* The click lands here: with the pointer captured for a drag, its target is this element. */}
      <div
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onClick={onChip}
      >
        <button type="button" className="task-entry__chip" aria-expanded={open} data-testid="task-entry-chip">
          <span>💎 {t('diamonds.entry')}</span>
          <span>{progress}%</span>
        </button>
      </div>
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
        </div>
      ) : null}
    </div>
  );
}
