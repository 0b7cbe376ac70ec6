/**
 * Lucky refund's plain values and timing rules (spec §4 and §9), one definition for the server (the status
 * it answers) and the app (the status it moves to while the page is open, without asking again). No zod
 * here: the app's pages import these values without the schemas (as message-rules.ts does for messages).
 */

/** The marker of the advert whose content lists a member's unread codes, comma-separated (spec §3). */
export const LUCKY_REFUND_UNREAD_MARKER = 'luckyRefundUnreadCodes';

/** A code: 8 upper-case letters and digits (the canonical entry of its ticket, docs/draws.md). */
export const LUCKY_REFUND_CODE = /^[A-Z0-9]{8}$/;

/** Round status (spec §4). */
export const ROUND_STATUS = {
  /** Planned; its sales have not opened. */
  initial: 0,
  /** On sale with more than the countdown left. */
  open: 1,
  /** On sale, the last 60 s (spec §9). */
  countdown: 2,
  /** Sales closed: waiting for the public randomness, drawing, paying. */
  drawing: 5,
  /** Drawn and paid: results shown (after the draw's animation). */
  finished: 9,
  /** No active round (the programme is off, or nothing is planned). */
  none: -1,
} as const;
export type RoundStatus = (typeof ROUND_STATUS)[keyof typeof ROUND_STATUS];

/**
 * How many codes win each draw of the product: a round's prize pool and the Saturday raffle's jackpot are
 * each shared by 3 codes (every code when fewer were sold). A constant of the product, not a setting: the
 * draw engine computes a draw's outcome (its winning tickets, which the verifier recomputes) from the
 * beacon and the committed list alone.
 */
export const LUCKY_REFUND_WINNERS = 3;

/** The currencies a code is bought with. */
export const PAY_KINDS = ['cash', 'coins', 'diamonds'] as const;
export type PayKind = (typeof PAY_KINDS)[number];

/** Spec §9's constants. */
export const LUCKY_REFUND_TIMING = {
  /** A round on sale is in its countdown (status 2) for its last 60 s. */
  countdownMs: 60_000,
  /** The jackpot is asked again every 2 s, only while the open round's page is shown. */
  jackpotPollMs: 2_000,
  /** Previous results are shown while more than 180 s of the current round remain. */
  previousResultsMs: 180_000,
  /** A round's previous results are shown once per round id, remembered 7 days. */
  seenCookieDays: 7,
  /** The countdown popup is shown at most once per 120 s. */
  popupCookieSeconds: 120,
  /** The codes popup's grid. */
  codeColumns: 4,
} as const;

/** Where a round's draw stands, from the draw engine's status and the clock. */
export type RoundPhase = 'scheduled' | 'selling' | 'drawing' | 'finished';

/**
 * The spec's round status: 0 before sales open; on sale, 1 with more than 60 s left, 2 in the last 60 s,
 * and 5 once no time is left (the sales close at the end even before the close job has run); 5 while the
 * randomness is awaited, drawn and paid; 9 once paid. So a round with over 60 s left goes 1, 2 at 60 s
 * before its end, 5 at its end; one with 60 s or less goes 2 then 5.
 */
export function roundStatusOf(phase: RoundPhase, remainingMillis: number): RoundStatus {
  if (phase === 'scheduled') return ROUND_STATUS.initial;
  if (phase === 'finished') return ROUND_STATUS.finished;
  if (phase === 'drawing' || remainingMillis <= 0) return ROUND_STATUS.drawing;
  return remainingMillis > LUCKY_REFUND_TIMING.countdownMs ? ROUND_STATUS.open : ROUND_STATUS.countdown;
}

/**
 * The status a round shown with `status` and `remainingMillis` has `elapsedMillis` later, while nobody asks
 * the server again: only a round on sale moves (1 → 2 → 5); any other keeps its status until the next answer.
 */
export function roundStatusAfter(
  round: { status: number; remainingMillis: number },
  elapsedMillis: number,
): { status: number; remainingMillis: number } {
  if (round.status !== ROUND_STATUS.open && round.status !== ROUND_STATUS.countdown) {
    return { status: round.status, remainingMillis: round.remainingMillis };
  }
  const remainingMillis = Math.max(0, round.remainingMillis - elapsedMillis);
  return { status: roundStatusOf('selling', remainingMillis), remainingMillis };
}

/** A round on sale (1 or 2): the only one with a countdown state; any other leaves it empty (spec §4). */
export function isOnSale(status: number): boolean {
  return status === ROUND_STATUS.open || status === ROUND_STATUS.countdown;
}

/**
 * Whether the previous results are shown over a round: once per round id (the ids seen in the last 7 days),
 * while more than 180 s remain; hidden once the round is in its countdown or drawing (2, 5).
 */
export function showsPreviousResults(
  round: { id: number; status: number; remainingMillis: number },
  seenRoundIds: readonly number[],
): boolean {
  return (
    round.status === ROUND_STATUS.open &&
    round.remainingMillis > LUCKY_REFUND_TIMING.previousResultsMs &&
    !seenRoundIds.includes(round.id)
  );
}

/** Whether the countdown popup is due: a countdown runs and the 120 s cookie is not set. */
export function showsCountdownPopup(status: number, cookieSet: boolean): boolean {
  return status === ROUND_STATUS.countdown && !cookieSet;
}

/** The codes as the codes popup lays them out: rows of 4 (spec §9). */
export function codeRows<T>(codes: readonly T[], columns: number = LUCKY_REFUND_TIMING.codeColumns): T[][] {
  const rows: T[][] = [];
  for (let start = 0; start < codes.length; start += columns) rows.push(codes.slice(start, start + columns));
  return rows;
}

/** The codes an unread-codes advert lists (its content, comma-separated; blanks dropped). */
export function codesOfAdvert(content: string): string[] {
  return content
    .split(',')
    .map((code) => code.trim())
    .filter((code) => code.length > 0);
}
