import { z as zod } from 'zod';
import { ProgrammeCodeSchema } from './promotions.ts';

/**
 * The back office's programmes and draws (issue 26 §5): what the operator's programmes screen reads beside
 * the programme API of promotions.ts (list, form, PUT), and the read-only list of draws.
 */

/** How many market days a programme's recent cost covers (today included). */
export const PROGRAMME_COST_DAYS = 7;

/** An amount of each asset a programme pays: cash minor units, coins hundredths, diamonds and tickets whole. */
export const ProgrammeAssetsSchema = zod.object({
  cash: zod.number().int(),
  coins: zod.number().int(),
  diamonds: zod.number().int(),
  tickets: zod.number().int(),
});
export type ProgrammeAssets = zod.infer<typeof ProgrammeAssetsSchema>;

/**
 * One programme's budget account (`promo:<code>:budget`) as the ledger holds it: its balance (minus what
 * the programme has cost since it began, unless money was put in) and what it paid in the last
 * `PROGRAMME_COST_DAYS` market days, today included.
 */
export const ProgrammeBudgetSchema = zod.object({
  code: ProgrammeCodeSchema,
  account: zod.string(),
  balance: ProgrammeAssetsSchema,
  recent: ProgrammeAssetsSchema.extend({
    /** The first market day counted (`YYYY-MM-DD`); the last is today. */
    from: zod.string(),
    days: zod.number().int(),
    /** Rewards paid in those days (ledger transactions). */
    payouts: zod.number().int(),
  }),
});
export type ProgrammeBudget = zod.infer<typeof ProgrammeBudgetSchema>;

/** The most draws the operator's list answers, newest draw time first. */
export const ADMIN_DRAW_LIMIT = 100;

export const AdminDrawQuerySchema = zod.object({
  /** One draw product's draws; every product's when absent. */
  product: ProgrammeCodeSchema.optional(),
});

export const AdminDrawSchema = zod.object({
  id: zod.number().int(),
  product: zod.string(),
  ref: zod.string(),
  /** A ticket's price, minor units. */
  price: zod.number().int(),
  status: zod.enum(['scheduled', 'open', 'closed', 'drawn', 'settled']),
  /** ISO 8601. */
  salesOpenAt: zod.string(),
  salesCloseAt: zod.string(),
  drawAt: zod.string(),
  beaconRound: zod.number().int(),
  ticketCount: zod.number().int(),
  /** The committed list's Merkle root, once sales closed. */
  ticketRoot: zod.string().nullable(),
  /** The beacon's randomness, once drawn. */
  randomness: zod.string().nullable(),
  drawnAt: zod.string().nullable(),
  settledAt: zod.string().nullable(),
  /** Why the draw waits (the beacon is late), if it does. */
  delayReason: zod.string().nullable(),
  /** Winning tickets and what they won in all, minor units (0 until settled). */
  winners: zod.number().int(),
  prizes: zod.number().int(),
  /** The public fairness page of the draw (`drawVerifyPath`). */
  verifyPath: zod.string(),
});
export type AdminDraw = zod.infer<typeof AdminDrawSchema>;

export const AdminDrawListSchema = zod.object({
  /** Every draw product the server runs. */
  products: zod.array(zod.string()),
  draws: zod.array(AdminDrawSchema).max(ADMIN_DRAW_LIMIT),
});
export type AdminDrawList = zod.infer<typeof AdminDrawListSchema>;
