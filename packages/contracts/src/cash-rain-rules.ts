/**
 * Cash rain's plain values, without zod: the home page's rain widget imports these, and importing any value
 * from `cash-rain.ts` would bring its schemas and zod along (docs/decisions.md, home JS budget).
 */

/** Gift types (spec §3): 0 try again, 1 cash (withdrawable), 2 cash (withdrawable too: a prize), 3 coins, 4 diamonds. */
export const GIFT_TYPE = { tryAgain: 0, cash: 1, bonusCash: 2, coins: 3, diamonds: 4 } as const;

/** Duration status (spec §3): 1 open now, 0 upcoming, -1 finished for today. */
export const SLOT_STATUS = { open: 1, upcoming: 0, finished: -1 } as const;
