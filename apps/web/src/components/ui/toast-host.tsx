import { useSyncExternalStore } from 'react';
import { Link } from 'react-router';
import { dismissToast, getToasts, subscribeToasts } from '../../lib/toast.ts';

/** The one place toasts appear; announced politely to screen readers. */
export function ToastHost() {
  const toasts = useSyncExternalStore(subscribeToasts, getToasts, getToasts);
  return (
    <div className="toast-host" role="status" aria-live="polite">
      {toasts.map((toast) => (
        <div key={toast.id} className={`toast toast--${toast.kind}`}>
          {toast.kind === 'loading' ? <span className="spinner" aria-hidden="true" /> : null}
          {toast.message}
          {toast.action ? (
            <Link className="toast__action" to={toast.action.to} onClick={() => dismissToast(toast.id)}>
              {toast.action.label}
            </Link>
          ) : null}
        </div>
      ))}
    </div>
  );
}
