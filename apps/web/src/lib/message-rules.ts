/** Timings of the web app's message UI (those shared with the server are in contracts' message-rules). */

/** Spec §9: the home ticker moves to the next notice every 5 s. */
export const NOTICE_SWIPE_MS = 5_000;
/** Spec §4: the notification banner hides after 3 s. */
export const BANNER_HIDE_MS = 3_000;
