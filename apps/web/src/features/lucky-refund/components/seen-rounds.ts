import { LUCKY_REFUND_TIMING } from '@app/contracts/lucky-refund-rules';
import { getCookie, setCookie } from '../../../lib/cookies.ts';

/** The rounds whose previous results were shown, each remembered 7 days (spec §9): `id.time` pairs. */
export const SEEN_ROUNDS_COOKIE = 'lucky_refund_seen';
/** The countdown popup's cookie: at most once in 120 s (spec §9). */
export const COUNTDOWN_COOKIE = 'lucky_refund_countdown';

const DAY_MS = 86_400_000;
const KEEP_MS = LUCKY_REFUND_TIMING.seenCookieDays * DAY_MS;

function readSeen(now: number): Array<[number, number]> {
  return (getCookie(SEEN_ROUNDS_COOKIE) ?? '')
    .split(',')
    .map((pair) => pair.split('.').map(Number) as [number, number])
    .filter(([id, at]) => Number.isInteger(id) && id > 0 && Number.isFinite(at) && now - at < KEEP_MS);
}

/** The round ids seen in the last 7 days. */
export function seenRoundIds(now = Date.now()): number[] {
  return readSeen(now).map(([id]) => id);
}

/** Remembers that round `id`'s previous results were shown (7 days; the oldest dropped past 40). */
export function rememberSeenRound(id: number, now = Date.now()): void {
  const kept = readSeen(now).filter(([seen]) => seen !== id);
  const next = [...kept, [id, now] as [number, number]].slice(-40);
  setCookie(SEEN_ROUNDS_COOKIE, next.map(([seen, at]) => `${seen}.${at}`).join(','), KEEP_MS / 1000);
}
