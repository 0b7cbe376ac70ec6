import { useEffect, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import { useTranslation } from '../../lib/i18n.ts';
import { CloseIcon } from './icons.tsx';

/**
 * Who may take the one floating place of a page, most urgent first: a cash rain open now or about to
 * open, then the operator's floating advert, then the offer of the Android app. Only the first of those
 * that wants the place has it; closing it gives the place to the next.
 */
export const DOCK_OCCUPANTS = ['cash-rain', 'floating-advert', 'app-download'] as const;
export type DockOccupant = (typeof DOCK_OCCUPANTS)[number];

const wanting = new Set<DockOccupant>();
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The occupant that has the place now (or none): the first of DOCK_OCCUPANTS that wants it. */
export function dockHolder(): DockOccupant | undefined {
  return DOCK_OCCUPANTS.find((occupant) => wanting.has(occupant));
}

function setWanting(occupant: DockOccupant, wants: boolean): void {
  const before = dockHolder();
  if (wants) wanting.add(occupant);
  else wanting.delete(occupant);
  if (dockHolder() !== before) for (const listener of listeners) listener();
}

const noHolder = () => undefined;

/**
 * Asks for the floating place while `wants` holds; true when this occupant has it. Nothing is docked in
 * the server's markup (the place is given after hydration, so the first client render matches it).
 */
export function useDockTurn(occupant: DockOccupant, wants: boolean): boolean {
  useEffect(() => {
    if (!wants) return undefined;
    setWanting(occupant, true);
    return () => setWanting(occupant, false);
  }, [occupant, wants]);
  return useSyncExternalStore(subscribe, dockHolder, noHolder) === occupant;
}

type FloatingDockProps = {
  label: string;
  /** Put away by the player (each occupant remembers for how long); the place goes to the next one. */
  onClose: () => void;
  testId: string;
  children: ReactNode;
};

/**
 * The one floating place, docked right above the tab bar across the screen's width: it lies over no
 * control of the page, which keeps room of the dock's own height at its end and tells the browser
 * (scroll-padding) to scroll what it brings into view clear of it. Render it only while `useDockTurn`
 * says the place is this occupant's.
 */
export function FloatingDock({ label, onClose, testId, children }: FloatingDockProps) {
  const { t } = useTranslation();
  const dock = useRef<HTMLElement>(null);
  const [height, setHeight] = useState(0);
  useEffect(() => {
    const element = dock.current;
    if (!element) return undefined;
    const measure = () => setHeight(element.offsetHeight);
    measure();
    const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(measure) : undefined;
    observer?.observe(element);
    return () => observer?.disconnect();
  }, []);
  useEffect(() => {
    const root = document.documentElement;
    root.style.setProperty('--dock-height', `${height}px`);
    return () => {
      root.style.removeProperty('--dock-height');
    };
  }, [height]);
  return (
    <>
      {/* Room at the page's end, so its last lines (the 18+ mark, the responsible-gaming note) scroll clear. */}
      <div className="floating-dock__room" style={{ height: `${height}px` }} aria-hidden="true" />
      <aside ref={dock} className="floating-dock" aria-label={label} data-testid={testId}>
        <div className="floating-dock__content">{children}</div>
        <button
          type="button"
          className="floating-dock__close icon-button"
          aria-label={t('common.close')}
          onClick={onClose}
        >
          <CloseIcon size={16} />
        </button>
      </aside>
    </>
  );
}
