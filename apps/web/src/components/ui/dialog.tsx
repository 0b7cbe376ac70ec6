import { useEffect, useId, useRef, type ReactNode } from 'react';
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
 * A modal layer. It only renders when its owner holds the popup lock, so two dialogs never stack.
 * Escape closes; focus moves into the dialog and back to where it was.
 */
export function Dialog({ label, onClose, children, className, testId }: DialogProps) {
  const panel = useRef<HTMLDivElement>(null);
  const labelId = useId();

  useEffect(() => {
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    panel.current?.querySelector<HTMLElement>('button, [href]')?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      previous?.focus();
    };
  }, [onClose]);

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
