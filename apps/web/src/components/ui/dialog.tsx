import { useEffect, useId, useRef, type ReactNode, type RefObject } from 'react';
import { createPortal } from 'react-dom';

type DialogProps = {
  /** Accessible name; visible unless the content already shows it. */
  label: string;
  onClose: () => void;
  children: ReactNode;
  className?: string;
  testId?: string;
};

/**
 * What every modal layer does: Escape closes it; focus moves in (to its first control, or to the panel
 * itself where a focused input would open the phone's keyboard over a form) and back out on close.
 */
export function useModalLayer(
  panel: RefObject<HTMLElement | null>,
  onClose: () => void,
  focus: 'first-control' | 'panel',
): void {
  useEffect(() => {
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (focus === 'panel') panel.current?.focus();
    else panel.current?.querySelector<HTMLElement>('button, [href]')?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      previous?.focus();
    };
  }, [panel, onClose, focus]);
}

/**
 * A modal layer. It only renders when its owner holds the popup lock, so two dialogs never stack.
 * Escape closes; focus moves into the dialog and back to where it was.
 */
export function Dialog({ label, onClose, children, className, testId }: DialogProps) {
  const panel = useRef<HTMLDivElement>(null);
  const labelId = useId();
  useModalLayer(panel, onClose, 'first-control');

  return createPortal(
    <div className="dialog" onClick={(event) => event.target === event.currentTarget && onClose()}>
      <div
        ref={panel}
        className={`dialog__panel ${className ?? ''}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby={labelId}
        data-testid={testId}
      >
        <span id={labelId} className="visually-hidden">
          {label}
        </span>
        {children}
      </div>
    </div>,
    document.body,
  );
}
