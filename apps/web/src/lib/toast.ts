import { ERRORS } from '@app/contracts/errors';
import { PAGE_PATHS } from '@app/contracts/page-paths';
import { t } from './i18n.ts';
import { isApiError } from './request.ts';

/** The toast queue behind the one toast host. Durations from spec §9. */
export type ToastKind = 'info' | 'success' | 'error' | 'loading';
/** A way on from the toast's message: a link inside the app. */
export type ToastAction = { label: string; to: string };
export type Toast = { id: number; kind: ToastKind; message: string; action?: ToastAction };

const DURATION: Record<ToastKind, number | undefined> = {
  info: 3000,
  error: 3000,
  success: 2000,
  // A loading toast stays until its work is done and the caller dismisses it.
  loading: undefined,
};
const MAX_VISIBLE = 3;
/** A toast with a way on stays long enough to be read and tapped. */
const WITH_ACTION_MS = 6000;

let toasts: readonly Toast[] = [];
let nextId = 1;
const timers = new Map<number, ReturnType<typeof setTimeout>>();
const listeners = new Set<() => void>();

function emit(next: readonly Toast[]): void {
  toasts = next;
  listeners.forEach((listener) => listener());
}

export function dismissToast(id: number): void {
  const timer = timers.get(id);
  if (timer) clearTimeout(timer);
  timers.delete(id);
  if (toasts.some((toast) => toast.id === id)) emit(toasts.filter((toast) => toast.id !== id));
}

export function showToast(
  message: string,
  options: { kind?: ToastKind; duration?: number; action?: ToastAction } = {},
): number {
  const kind = options.kind ?? 'info';
  const id = nextId++;
  const dropped = toasts.slice(0, Math.max(0, toasts.length - MAX_VISIBLE + 1));
  dropped.forEach((toast) => dismissToast(toast.id));
  emit([...toasts, { id, kind, message, ...(options.action ? { action: options.action } : {}) }]);
  const duration = options.duration ?? (options.action ? WITH_ACTION_MS : DURATION[kind]);
  if (duration !== undefined)
    timers.set(
      id,
      setTimeout(() => dismissToast(id), duration),
    );
  return id;
}

export function getToasts(): readonly Toast[] {
  return toasts;
}

export function subscribeToasts(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * A failed call as a toast (spec §8: the server's message). A request's ApiError already carries the
 * translated text; anything else is a fault of ours and gets the generic message. A refusal until the
 * member's identity is verified (issue 25: a ticket, a bet, a deposit) carries the way to verify.
 */
export function toastError(error: unknown): number {
  if (!isApiError(error)) return showToast(t('errors.INTERNAL'), { kind: 'error' });
  const action =
    error.code === ERRORS.KYC_REQUIRED.code ? { label: t('kyc.start'), to: PAGE_PATHS.kyc } : undefined;
  return showToast(error.message, { kind: 'error', ...(action ? { action } : {}) });
}
