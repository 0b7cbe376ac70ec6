import { afterPageSettles } from './idle.ts';

/**
 * Registers /sw.js once the page has loaded and settled (its after-load widgets, chunks and calls are in:
 * the first visit's bandwidth goes to the page), and fires `app:page-update` when a new version is
 * installed and waiting. The first install precaches every screen (about 250 files, 380 KB compressed):
 * begun at the load event, it shared a slow line with the page's own after-load downloads
 * (docs/benchmarks.md, 2026-12-06 07:18).
 */
export const PAGE_UPDATE_EVENT = 'app:page-update';

let waitingWorker: ServiceWorker | undefined;

function announce(worker: ServiceWorker): void {
  waitingWorker = worker;
  window.dispatchEvent(new CustomEvent(PAGE_UPDATE_EVENT));
}

export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  const register = async () => {
    try {
      const registration = await navigator.serviceWorker.register('/sw.js', { scope: '/' });
      if (registration.waiting && navigator.serviceWorker.controller) announce(registration.waiting);
      registration.addEventListener('updatefound', () => {
        const installing = registration.installing;
        installing?.addEventListener('statechange', () => {
          // Without a controller this is the first install, not an update.
          if (installing.state === 'installed' && navigator.serviceWorker.controller) announce(installing);
        });
      });
    } catch (error) {
      console.warn('service worker registration failed', error);
    }
  };
  afterPageSettles(() => void register());
}

/** Activates the waiting version and reloads once it controls the page. */
export function applyUpdate(): void {
  if (!waitingWorker) {
    window.location.reload();
    return;
  }
  navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), {
    once: true,
  });
  waitingWorker.postMessage({ type: 'SKIP_WAITING' });
}
