import type { ComponentChildren } from 'preact';
import { useEffect, useRef } from 'preact/hooks';
import { CloseIcon } from './icons.tsx';

/**
 * A panel over the game (rules, history, fairness): a modal dialog that takes the focus, closes on Escape,
 * the close button or a tap outside, and gives the focus back.
 */
export function Sheet(props: {
  title: string;
  closeLabel: string;
  onClose: () => void;
  testId: string;
  children: ComponentChildren;
}) {
  const panel = useRef<HTMLDivElement>(null);
  // The latest onClose, so the effect below runs once per opening and not on every render.
  const close = useRef(props.onClose);
  close.current = props.onClose;
  const onClose = () => close.current();
  useEffect(() => {
    const before = document.activeElement as HTMLElement | null;
    panel.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close.current();
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      before?.focus?.();
    };
  }, []);
  return (
    <div class="sheet-backdrop" onClick={(event) => event.target === event.currentTarget && onClose()}>
      <div
        class="sheet"
        role="dialog"
        aria-modal="true"
        aria-label={props.title}
        tabIndex={-1}
        ref={panel}
        data-testid={props.testId}
      >
        <header class="sheet__header">
          <h2>{props.title}</h2>
          <button type="button" class="icon-button" aria-label={props.closeLabel} onClick={onClose}>
            <CloseIcon />
          </button>
        </header>
        <div class="sheet__body">{props.children}</div>
      </div>
    </div>
  );
}
