/**
 * Runs `task` at the browser's next idle moment, at most `timeout` ms later; where there is no
 * `requestIdleCallback` (Safari), after `fallbackMs`. Answers a function that cancels it. What a screen does
 * not need for its first paint waits for this, behind the first screen's own work.
 */
export function whenIdle(task: () => void, { timeout = 3000, fallbackMs = 1000 } = {}): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(task, { timeout });
    return () => window.cancelIdleCallback(id);
  }
  const timer = setTimeout(task, fallbackMs);
  return () => clearTimeout(timer);
}

/**
 * Runs `task` once the page has loaded (the first screen's image, scripts and styles are all in) and the
 * browser then has an idle moment, at most `idleTimeoutMs` later. Answers a function that cancels it.
 * What is not needed for the first paint waits for this, so its chunks, stylesheets and API calls do not
 * share a 700 kbps line and a slow CPU with the first screen (docs/benchmarks.md, 2026-12-01).
 */
export function afterPageLoad(task: () => void, idleTimeoutMs = 2000): () => void {
  let cancelIdle: (() => void) | undefined;
  const cancelLoad = whenLoaded(() => {
    cancelIdle = whenIdle(task, { timeout: idleTimeoutMs, fallbackMs: 0 });
  });
  return () => {
    cancelLoad();
    cancelIdle?.();
  };
}

/** Runs `onLoad` at the page's load event, or now when it has passed. Answers a function that cancels it. */
function whenLoaded(onLoad: () => void): () => void {
  if (document.readyState === 'complete') {
    onLoad();
    return () => undefined;
  }
  window.addEventListener('load', onLoad, { once: true });
  return () => window.removeEventListener('load', onLoad);
}

/**
 * Runs `task` once the page has loaded and then fetched nothing for `quietMs` (no resource finished: the
 * promotions' widgets, their chunks and calls have come in), at the next idle moment; `latestMs` after the
 * load at the latest, however busy the page. Answers a function that cancels it. For background work that
 * would compete with the page's own downloads on a slow line: the service worker's precache of every
 * screen (docs/benchmarks.md, 2026-12-06 07:18).
 */
export function afterPageSettles(
  task: () => void,
  { quietMs = 2000, latestMs = 20_000 }: { quietMs?: number; latestMs?: number } = {},
): () => void {
  let observer: PerformanceObserver | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let cancelIdle: (() => void) | undefined;
  const stopWatching = () => {
    observer?.disconnect();
    clearTimeout(timer);
  };
  const cancelLoad = whenLoaded(() => {
    const loadedAt = performance.now();
    let lastFetchAt = loadedAt;
    if (typeof PerformanceObserver === 'function') {
      observer = new PerformanceObserver(() => {
        lastFetchAt = performance.now();
      });
      observer.observe({ type: 'resource' });
    }
    const check = () => {
      const now = performance.now();
      const quietLeft = quietMs - (now - lastFetchAt);
      const latestLeft = latestMs - (now - loadedAt);
      if (quietLeft <= 0 || latestLeft <= 0) {
        stopWatching();
        cancelIdle = whenIdle(task);
      } else {
        timer = setTimeout(check, Math.min(quietLeft, latestLeft));
      }
    };
    check();
  });
  return () => {
    cancelLoad();
    stopWatching();
    cancelIdle?.();
  };
}
