/** What the app formats in: amounts' locale, dates' locale, and the market's time zone. */
export type IntlWarmUp = { moneyLocale: string; dateLocale: string; timeZone: string };

/**
 * The first Intl formatter a page makes loads the browser's number, date and time-zone data (ICU): 60 to
 * 100 ms of a cheap phone's main thread at 4x, in one piece, when a member's balance or a rain's start time
 * is first written (docs/benchmarks.md, 2026-12-04). Chromium keeps that data for the whole renderer
 * process, workers included, so making the same formatters once on a worker thread loads it there; the
 * page's own formatters then cost about a millisecond. Started before hydration, the worker is done long
 * before the token login answers. A browser that refuses the worker (a content security policy without
 * `blob:`) loads the data on the main thread when first needed, as it would anyway.
 */
export function warmIntlOffMainThread(formats: IntlWarmUp): void {
  if (typeof Worker !== 'function' || typeof URL.createObjectURL !== 'function') return;
  let url: string | undefined;
  try {
    url = URL.createObjectURL(new Blob([intlWarmUpSource(formats)], { type: 'text/javascript' }));
    const worker = new Worker(url);
    const done = () => {
      worker.terminate();
      if (url) URL.revokeObjectURL(url);
    };
    worker.addEventListener('message', done);
    worker.addEventListener('error', done);
  } catch (error) {
    if (url) URL.revokeObjectURL(url);
    console.warn('Intl warm-up worker refused', error);
  }
}

/** The worker's script: the formatters the app makes (money, the site day, times), each used once. */
export function intlWarmUpSource(formats: IntlWarmUp): string {
  const values = JSON.stringify(formats);
  return `try {
  const { moneyLocale, dateLocale, timeZone } = ${values};
  const now = new Date();
  new Intl.NumberFormat(moneyLocale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(1234.5);
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
  new Intl.DateTimeFormat(dateLocale, { timeZone, dateStyle: 'medium', timeStyle: 'short' }).format(now);
} finally {
  postMessage('warm');
}
`;
}
