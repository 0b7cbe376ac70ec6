/**
 * Message and notice figures as plain values, without zod: the web app's home path imports these, and
 * importing any value from `message.ts` would bring its schemas and zod along.
 */

/** Spec §9: inbox and system messages, 20 per page. */
export const MESSAGE_PAGE_SIZE = 20;
/** Spec §4, §9: notices are polled every 10 s when logged in. */
export const NOTICE_POLL_MS = 10_000;
/** Notice types (spec §3): a system text, or a winner with a masked mobile and an amount. */
export const NOTICE_TYPE = { SYSTEM: 1, WINNER: 2 } as const;

/** 0712345678 → 0712****78: enough to recognise a number, not enough to call it. */
export function maskMobile(mobile: string): string {
  if (mobile.length < 7) return '****';
  return `${mobile.slice(0, 4)}****${mobile.slice(-2)}`;
}
