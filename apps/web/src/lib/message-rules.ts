/**
 * Message and notice constants for the home path. `@app/contracts/message` holds the same figures but
 * builds zod schemas when it loads, which the home bundle cannot carry; `message-rules.test.ts` keeps the
 * two in step.
 */

/** Spec §9: inbox and system messages, 20 per page. */
export const MESSAGE_PAGE_SIZE = 20;
/** Spec §4, §9: notices (and with them the unread count and the one-device check) every 10 s. */
export const NOTICE_POLL_MS = 10_000;
/** Spec §9: the home ticker moves to the next notice every 5 s. */
export const NOTICE_SWIPE_MS = 5_000;
/** Spec §4: the notification banner hides after 3 s. */
export const BANNER_HIDE_MS = 3_000;

/** Notice types (spec §3): a system text, or a winner with a masked mobile and an amount. */
export const NOTICE_TYPE = { SYSTEM: 1, WINNER: 2 } as const;
