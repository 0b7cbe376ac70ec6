import {
  TASK_POLL_MS,
  TASK_STATUS,
  TASK_TYPE,
  taskProgress,
  type DiamondTask,
  type DiamondTaskConfig,
} from '@app/contracts/diamonds';
import { useCallback, useEffect, useRef, useState, type MouseEvent, type PointerEvent } from 'react';
import { useFeatureTranslation } from '../../../lib/i18n.ts';
import { getProfile, setProfile, useSession } from '../../../lib/session.ts';
import { readJson, writeJson } from '../../../lib/storage.ts';
import { showToast, toastError } from '../../../lib/toast.ts';
import { useMoneyFormat } from '../../../lib/use-money-format.ts';
import { collectDiamondTask, getDiamondTasks } from '../api/diamonds.ts';
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

/** The badge's size and its gap to the screen's edges, in CSS px (`.task-entry__badge` agrees). */
export const ENTRY_SIZE = 52;
const EDGE_GAP = 4;
/** A press that moves less than this is a tap, not a drag. */
const DRAG_THRESHOLD = 6;
const POSITION_KEY = 'diamond-task-entry';

type Viewport = { width: number; height: number };
/** Where the badge rests: against the left or right edge, `ratio` of the way down the room it has. */
export type EntryPosition = { side: 'left' | 'right'; ratio: number };
type Point = { x: number; y: number };

/**
 * Starts against the right edge at mid height: small and at the side, where games keep no essential
 * control of their own (their title, balance and menu sit at the top, bet buttons at the bottom).
 */
const DEFAULT_POSITION: EntryPosition = { side: 'right', ratio: 0.5 };

const clamp = (value: number, low: number, high: number) =>
  Math.min(Math.max(value, low), Math.max(low, high));

/** The badge's top-left corner for a resting position: always wholly on the screen, whatever its size. */
export function placeOf(position: EntryPosition, viewport: Viewport): Point {
  const room = viewport.height - ENTRY_SIZE - 2 * EDGE_GAP;
  return {
    x: position.side === 'left' ? EDGE_GAP : Math.max(EDGE_GAP, viewport.width - ENTRY_SIZE - EDGE_GAP),
    y: Math.round(EDGE_GAP + clamp(position.ratio, 0, 1) * Math.max(0, room)),
  };
}

/** Where a badge let go at `point` rests: snapped to the nearer side edge, at the same height (kept on screen). */
export function snapToEdge(point: Point, viewport: Viewport): EntryPosition {
  const room = viewport.height - ENTRY_SIZE - 2 * EDGE_GAP;
  return {
    side: point.x + ENTRY_SIZE / 2 < viewport.width / 2 ? 'left' : 'right',
    ratio: room > 0 ? clamp((point.y - EDGE_GAP) / room, 0, 1) : 0,
  };
}

/** The badge's top-left while dragged: it follows the finger, never leaving the screen. */
export function dragPoint(point: Point, viewport: Viewport): Point {
  return {
    x: clamp(point.x, 0, viewport.width - ENTRY_SIZE),
    y: clamp(point.y, 0, viewport.height - ENTRY_SIZE),
  };
}

function storedPosition(): EntryPosition {
  const stored = readJson<Partial<EntryPosition>>('sessionStorage', POSITION_KEY);
  return (stored?.side === 'left' || stored?.side === 'right') && typeof stored.ratio === 'number'
    ? { side: stored.side, ratio: clamp(stored.ratio, 0, 1) }
    : DEFAULT_POSITION;
}

function viewportNow(): Viewport {
  return { width: window.innerWidth, height: window.innerHeight };
}

/** The screen's size, again after a rotation or a resize (the badge is placed from it). */
function useViewport(): Viewport {
  const [viewport, setViewport] = useState(viewportNow);
  useEffect(() => {
    const update = () => setViewport(viewportNow());
    window.addEventListener('resize', update);
    window.addEventListener('orientationchange', update);
    return () => {
      window.removeEventListener('resize', update);
      window.removeEventListener('orientationchange', update);
    };
  }, []);
  return viewport;
}

/**
 * The launch task entry over the game frame (spec §2, §4): a small round badge (the diamond and the
 * task's progress) floating over the game, only for a logged-in member in launch mode (the casino page
 * renders it only then), polling the tasks every 2017 ms. It is dragged with a finger or the mouse anywhere
 * on the screen and, let go, snaps to the nearer side edge, wholly on screen (after a rotation too); where
 * it rests is remembered for the session. A tap (not a drag) opens the panel with the current task; tapping
 * an unfinished task closes the panel and, for a task that is not a bet task, opens the nested deposit;
 * tapping a finished one collects it, raises the diamonds and moves to the next task.
 */
export function LaunchTaskEntry({ gameId, onOpenDeposit }: { gameId: number; onOpenDeposit: () => void }) {
  const { t, ready } = useFeatureTranslation(DIAMOND_TEXTS);
  const { isLoggedIn } = useSession();
  const money = useMoneyFormat();
  const viewport = useViewport();
  const [config, setConfig] = useState<DiamondTaskConfig>();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [position, setPosition] = useState(storedPosition);
  /** The badge's top-left while a drag is under way; undefined at rest. */
  const [dragAt, setDragAt] = useState<Point>();
  const drag = useRef<{ pointer: Point; from: Point; moved: boolean; at: Point } | undefined>(undefined);
  // Set when a press ended as a drag: the click the browser may send after it opens nothing.
  const dragged = useRef(false);

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
  const rest = placeOf(position, viewport);
  const at = dragAt ?? rest;

  const onPointerDown = (event: PointerEvent<HTMLButtonElement>) => {
    if (event.button !== 0) return;
    dragged.current = false;
    drag.current = { pointer: { x: event.clientX, y: event.clientY }, from: rest, moved: false, at: rest };
    // Captured, the moves keep coming here while the finger passes over the game's frame.
    event.currentTarget.setPointerCapture?.(event.pointerId);
  };
  const onPointerMove = (event: PointerEvent<HTMLButtonElement>) => {
    const start = drag.current;
    if (!start) return;
    const dx = event.clientX - start.pointer.x;
    const dy = event.clientY - start.pointer.y;
    if (!start.moved && Math.hypot(dx, dy) < DRAG_THRESHOLD) return;
    start.moved = true;
    start.at = dragPoint({ x: start.from.x + dx, y: start.from.y + dy }, viewportNow());
    setOpen(false);
    setDragAt(start.at);
  };
  // Let go (or the press cancelled by the browser): it rests from where the last move left it.
  const onPointerEnd = () => {
    const start = drag.current;
    drag.current = undefined;
    if (!start?.moved) return;
    dragged.current = true;
    const next = snapToEdge(start.at, viewportNow());
    setDragAt(undefined);
    setPosition(next);
    writeJson('sessionStorage', POSITION_KEY, next);
  };
  const onBadge = (event: MouseEvent<HTMLButtonElement>) => {
    // A keyboard's press (detail 0) is never the end of a drag.
    if (dragged.current && event.detail !== 0) {
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

  // The panel opens beside the badge, towards the middle of the screen, from its top or up from its bottom.
  const panelSide =
    position.side === 'right'
      ? { right: `${viewport.width - rest.x + 6}px` }
      : { left: `${rest.x + ENTRY_SIZE + 6}px` };
  const panelEnd =
    rest.y + ENTRY_SIZE / 2 < viewport.height / 2
      ? { top: `${rest.y}px` }
      : { bottom: `${viewport.height - rest.y - ENTRY_SIZE}px` };

  return (
    <div className="task-entry" data-testid="task-entry">
      <button
        type="button"
        className={`task-entry__badge${dragAt ? ' is-dragged' : ''}`}
        style={{ left: `${at.x}px`, top: `${at.y}px` }}
        aria-label={`${t('diamonds.entry')} ${progress}%`}
        aria-expanded={open}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerEnd}
        onPointerCancel={onPointerEnd}
        onClick={onBadge}
        data-testid="task-entry-chip"
      >
        <span aria-hidden="true">💎</span>
        <span className="task-entry__progress">{progress}%</span>
      </button>
      {open ? (
        <div
          className="task-entry__panel"
          style={{ ...panelSide, ...panelEnd }}
          data-testid="task-entry-panel"
        >
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
