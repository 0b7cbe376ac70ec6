import type { DepositResult } from '@app/contracts/deposit';
import { DEPOSIT_POLL_INTERVAL_MS, DEPOSIT_POLL_TRIES, isDepositWaiting } from '@app/contracts/deposit-rules';
import { useEffect, useRef } from 'react';
import { isApiError, type ApiError } from '../../../lib/request.ts';

/**
 * An answer that polling again cannot change: the server refused the question itself (an unknown order
 * 404, a wrong sign 400). A network failure, a 5xx, a timeout or a rate limit may pass, so they count as
 * a try.
 */
function isDefiniteRefusal(error: unknown): error is ApiError {
  if (!isApiError(error) || error.status === undefined) return false;
  return error.status >= 400 && error.status < 500 && error.status !== 408 && error.status !== 429;
}

/**
 * Polls a deposit's state (spec §4, §9): at once, then every 5 s, at most 30 times, stopping at the first
 * final state (3 paid, 4 failed). `onDone` gets the last answer (undefined if none came). A failed poll
 * counts as a try and is not fatal: the next one may answer; a definite refusal (the order is unknown)
 * stops at once and comes as `onDone`'s second argument. Stops when the component goes.
 */
export function useDepositPoll(
  fetchState: (() => Promise<DepositResult>) | undefined,
  onDone: (last: DepositResult | undefined, refusal?: ApiError) => void,
  options: { tries?: number; intervalMs?: number } = {},
): void {
  const done = useRef(onDone);
  done.current = onDone;
  const tries = options.tries ?? DEPOSIT_POLL_TRIES;
  const intervalMs = options.intervalMs ?? DEPOSIT_POLL_INTERVAL_MS;

  useEffect(() => {
    if (!fetchState) return undefined;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let last: DepositResult | undefined;
    const poll = async (attempt: number) => {
      try {
        last = await fetchState();
      } catch (error) {
        console.warn('[deposit] state poll failed', error);
        if (isDefiniteRefusal(error)) {
          if (!stopped) done.current(last, error);
          return;
        }
      }
      if (stopped) return;
      if ((last && !isDepositWaiting(last.state)) || attempt >= tries) {
        done.current(last);
        return;
      }
      timer = setTimeout(() => void poll(attempt + 1), intervalMs);
    };
    void poll(1);
    return () => {
      stopped = true;
      if (timer) clearTimeout(timer);
    };
  }, [fetchState, tries, intervalMs]);
}
