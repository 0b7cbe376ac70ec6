import { useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useModalLayer } from '../ui/dialog.tsx';
import { CloseIcon } from '../ui/icons.tsx';
import { useTranslation } from '../../lib/i18n.ts';
import './kyc.css';

type SheetPopupProps = { title: string; onClose: () => void; children: ReactNode; testId?: string };

/**
 * A popup at 90% of the screen height (promotions-and-games §2, KYC form). Unlike the shared Dialog, a
 * tap outside does NOT close it: a stray tap must not throw away a half-filled form. Only its close
 * button and Escape do. The caller renders it only while it holds the popup lock.
 */
export function SheetPopup({ title, onClose, children, testId }: SheetPopupProps) {
  const { t } = useTranslation();
  const panel = useRef<HTMLDivElement>(null);
  const titleId = useId();

  // The panel, not the first input: on a phone a focused input opens the keyboard over the form.
  useModalLayer(panel, onClose, 'panel');

  return createPortal(
    <div className="sheet" data-testid={testId ? `${testId}-backdrop` : undefined}>
      <div
        ref={panel}
        className="sheet__panel"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        data-testid={testId}
      >
        <header className="sheet__head">
          <h2 id={titleId} className="sheet__title">
            {title}
          </h2>
          <button
            type="button"
            className="icon-button sheet__close"
            onClick={onClose}
            aria-label={t('common.close')}
          >
            <CloseIcon />
          </button>
        </header>
        <div className="sheet__body">{children}</div>
      </div>
    </div>,
    document.body,
  );
}
