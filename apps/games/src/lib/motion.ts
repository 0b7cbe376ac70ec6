/** Whether the player asked for less motion: animations then jump to their end (timings stay honest). */
export function prefersReducedMotion(): boolean {
  return (
    typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches
  );
}

/** Resolves after `ms`; used to hold a result back until its animation is done. */
export function wait(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Resolves on the next animation frame (or at once when the page is hidden and frames do not run). */
export function nextFrame(): Promise<void> {
  return new Promise((resolve) => {
    if (document.hidden) resolve();
    else requestAnimationFrame(() => resolve());
  });
}
