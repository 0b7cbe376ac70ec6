/**
 * Registers /sw.js after the page has loaded (the first visit's bandwidth goes to the page), and fires
 * `app:page-update` when a new version is installed and waiting.
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
  if (document.readyState === 'complete') void register();
  else window.addEventListener('load', () => void register(), { once: true });
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
