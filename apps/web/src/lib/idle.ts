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
  const onLoad = () => {
    cancelIdle = whenIdle(task, { timeout: idleTimeoutMs, fallbackMs: 0 });
  };
  if (document.readyState === 'complete') {
    onLoad();
    return () => cancelIdle?.();
  }
  window.addEventListener('load', onLoad, { once: true });
  return () => {
    window.removeEventListener('load', onLoad);
    cancelIdle?.();
  };
}
