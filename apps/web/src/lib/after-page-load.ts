/**
 * Runs `task` once the page has loaded (the first screen's image, scripts and styles are all in) and the
 * browser then has an idle moment, at most `idleTimeoutMs` later. Answers a function that cancels it.
 * What is not needed for the first paint waits for this, so its chunks, stylesheets and API calls do not
 * share a 700 kbps line and a slow CPU with the first screen (docs/benchmarks.md, 2026-12-01).
 */
export function afterPageLoad(task: () => void, idleTimeoutMs = 2000): () => void {
  let cancelIdle: (() => void) | undefined;
  const whenIdle = () => {
    if (typeof window.requestIdleCallback === 'function') {
      const id = window.requestIdleCallback(task, { timeout: idleTimeoutMs });
      cancelIdle = () => window.cancelIdleCallback(id);
    } else {
      const timer = setTimeout(task, 0);
      cancelIdle = () => clearTimeout(timer);
    }
  };
  if (document.readyState === 'complete') {
    whenIdle();
    return () => cancelIdle?.();
  }
  window.addEventListener('load', whenIdle, { once: true });
  return () => {
    window.removeEventListener('load', whenIdle);
    cancelIdle?.();
  };
}
