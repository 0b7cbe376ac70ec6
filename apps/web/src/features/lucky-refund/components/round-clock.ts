import { isOnSale, ROUND_STATUS, roundStatusAfter } from '@app/contracts/lucky-refund-rules';
import { useEffect, useState } from 'react';

type Shown = { status: number; remainingMillis: number };

/**
 * A round's status and time left as they stand now, moved on the device from the server's answer
 * (`fetchedAt`) without asking again: 1 → 2 at 60 s before the end → 5 at the end (spec §4). `everySecond`
 * re-renders each second (a countdown on screen); otherwise only when the status changes.
 */
export function useRoundClock(
  round: Shown | null | undefined,
  fetchedAt: number,
  everySecond: boolean,
): Shown {
  const [now, setNow] = useState(() => Date.now());
  const current = round ? roundStatusAfter(round, Math.max(0, now - fetchedAt)) : undefined;
  const status = current?.status;
  const left = current?.remainingMillis ?? 0;
  useEffect(() => {
    if (status === undefined || !isOnSale(status)) return undefined;
    const untilStatusChange = status === ROUND_STATUS.open ? left - 60_000 : left;
    const delay = everySecond || status === ROUND_STATUS.countdown ? left % 1000 || 1000 : untilStatusChange;
    const timer = setTimeout(() => setNow(Date.now()), Math.max(50, delay));
    return () => clearTimeout(timer);
  }, [status, left, everySecond]);
  return current ?? { status: ROUND_STATUS.none, remainingMillis: 0 };
}

/** mm:ss (or h:mm:ss) of a time left. */
export function clockText(millis: number): string {
  const total = Math.ceil(Math.max(0, millis) / 1000);
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  const pad = (value: number) => String(value).padStart(2, '0');
  return hours > 0 ? `${hours}:${pad(minutes)}:${pad(seconds)}` : `${pad(minutes)}:${pad(seconds)}`;
}
