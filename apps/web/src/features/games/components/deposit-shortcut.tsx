import { useRef, useState, type PointerEvent } from 'react';
import { useTranslation } from '../../../lib/i18n.ts';

/** A pointer that travels less than this is a tap, not a drag. */
const DRAG_THRESHOLD_PX = 6;
const SIZE_PX = 52;

type Position = { x: number; y: number };

function clamp(position: Position): Position {
  const maxX = Math.max(0, window.innerWidth - SIZE_PX);
  const maxY = Math.max(0, window.innerHeight - SIZE_PX);
  return { x: Math.min(Math.max(0, position.x), maxX), y: Math.min(Math.max(0, position.y), maxY) };
}

/**
 * The draggable deposit shortcut over the game (spec §2): drag it out of the game's way, tap it to open
 * the nested deposit. A button, so a keyboard or a screen reader can use it too.
 */
export function DepositShortcut({ onOpen }: { onOpen: () => void }) {
  const { t } = useTranslation();
  const [position, setPosition] = useState<Position>(() =>
    clamp({ x: window.innerWidth - SIZE_PX - 12, y: Math.round(window.innerHeight * 0.6) }),
  );
  const drag = useRef<{ pointerId: number; startX: number; startY: number; from: Position; moved: boolean }>(
    undefined,
  );
  const wasDragged = useRef(false);

  const onPointerDown = (event: PointerEvent<HTMLButtonElement>) => {
    event.currentTarget.setPointerCapture?.(event.pointerId);
    drag.current = {
      pointerId: event.pointerId,
      startX: event.clientX,
      startY: event.clientY,
      from: position,
      moved: false,
    };
    wasDragged.current = false;
  };
  const onPointerMove = (event: PointerEvent<HTMLButtonElement>) => {
    const current = drag.current;
    if (!current || current.pointerId !== event.pointerId) return;
    const dx = event.clientX - current.startX;
    const dy = event.clientY - current.startY;
    if (!current.moved && Math.hypot(dx, dy) < DRAG_THRESHOLD_PX) return;
    current.moved = true;
    setPosition(clamp({ x: current.from.x + dx, y: current.from.y + dy }));
  };
  const onPointerEnd = () => {
    wasDragged.current = drag.current?.moved ?? false;
    drag.current = undefined;
  };

  return (
    <button
      type="button"
      className="casino__shortcut"
      style={{ left: `${position.x}px`, top: `${position.y}px` }}
      aria-label={t('games.depositShortcut')}
      data-testid="deposit-shortcut"
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerEnd}
      onPointerCancel={onPointerEnd}
      onClick={() => {
        // The click that ends a drag is not a tap.
        if (wasDragged.current) {
          wasDragged.current = false;
          return;
        }
        onOpen();
      }}
    >
      {t('home.deposit')}
    </button>
  );
}
