/**
 * TanStack Query's `retry` and `retryDelay`, for the one load that needs them: lib/query.ts has no retry
 * of its own (docs/decisions.md), and the spec wants the game list retried (promotions-and-games §4, §9).
 */
export type RetryOptions = {
  /** How many times to try again after the first failure. */
  retry: number;
  /** Milliseconds to wait before retry number `attempt` (0 for the first retry). */
  retryDelay: (attempt: number) => number;
  /** Whether a failure is worth another try; every failure is by default. */
  shouldRetry?: (error: unknown) => boolean;
  /** The wait, replaceable in tests. */
  wait?: (ms: number) => Promise<void>;
};

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export async function withRetry<T>(load: () => Promise<T>, options: RetryOptions): Promise<T> {
  const wait = options.wait ?? sleep;
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await load();
    } catch (error) {
      if (attempt >= options.retry || (options.shouldRetry && !options.shouldRetry(error))) throw error;
      await wait(options.retryDelay(attempt));
    }
  }
}
