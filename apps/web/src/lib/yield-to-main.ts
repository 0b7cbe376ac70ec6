/**
 * Ends the current task so the browser can handle input and paint before the rest of the work runs.
 * Start-up does this between its steps: one long task blocks a tap for its whole length, and on a cheap
 * phone module evaluation plus hydration in one task is several hundred milliseconds (docs/benchmarks.md).
 */
export function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}
