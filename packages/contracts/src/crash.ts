import { z as zod } from 'zod';
import { StakeLimitSchema } from './bonus.ts';
import { wholeNumber } from './whole-number.ts';

/**
 * The crash game's API (issue 5(b), docs/games.md "Crash"): shared rounds, bets and cash-outs over HTTP with
 * the game session's token in the `game-session` header (as the in-house API), and the rounds' events over a
 * WebSocket (CRASH_PATHS.socket). Amounts are integer minor units. Crash multipliers (crash points, auto
 * cash-out targets, the multiplier a bet was cashed out at) are integers in HUNDREDTHS (250 = 2.50×), as in
 * packages/fair/crash; times are server epoch milliseconds.
 */

/** packages/fair CRASH_MIN_TARGET and CRASH_MAX_TARGET (1.01× to 10,000×), repeated so no value import is needed. */
const MIN_TARGET = 101;
const MAX_TARGET = 1_000_000;

/** POST bet: a stake on the round taking bets, with an optional automatic cash-out. */
export const CrashBetSchema = zod.object({
  stake: wholeNumber(1, 1_000_000_000_000),
  /**
   * The round the page shows taking bets: a bet that reaches the server after that round's betting closed
   * is refused (CRASH_BETTING_CLOSED), never placed in the next round the player did not see.
   */
  roundId: wholeNumber(1, Number.MAX_SAFE_INTEGER).optional(),
  /** Hundredths, 101 to 1,000,000; absent, empty or null for none. */
  autoCashout: zod.preprocess(
    (value) => (value === '' ? null : value),
    wholeNumber(MIN_TARGET, MAX_TARGET).nullable().optional(),
  ),
});
export type CrashBetInput = zod.infer<typeof CrashBetSchema>;

/** POST cashout: the caller's bet in a round (the round running now when absent). */
export const CrashCashoutSchema = zod.object({
  roundId: wholeNumber(1, Number.MAX_SAFE_INTEGER).optional(),
});

export const CrashHistoryQuerySchema = zod.object({
  size: wholeNumber(1, 100).default(20),
});

/**
 * A hash chain: `commitment` (SHA-256 of game 1's hash) and `salt` are published before its first game.
 * Game n's hash hashed once gives game n−1's; game 1's gives the commitment.
 */
export const CrashChainSchema = zod.object({
  id: zod.number().int(),
  commitment: zod.string(),
  salt: zod.string(),
  /** How many games the chain has. */
  length: zod.number().int(),
  createTime: zod.string(),
});
export type CrashChain = zod.infer<typeof CrashChainSchema>;

export const CRASH_ROUND_STATES = ['betting', 'running', 'crashed', 'cancelled'] as const;

/**
 * A round as everyone sees it. Its hash and crash point are null until it is over (crashed, or cancelled
 * by a restart): nobody, player or not, learns them in advance.
 */
export const CrashRoundSchema = zod.object({
  id: zod.number().int(),
  chainId: zod.number().int(),
  /** The game number in its chain (1 is played first). */
  game: zod.number().int(),
  state: zod.enum(CRASH_ROUND_STATES),
  bettingEndsAt: zod.number().int(),
  startedAt: zod.number().int().nullable(),
  endedAt: zod.number().int().nullable(),
  crashPoint: zod.number().int().nullable(),
  gameHash: zod.string().nullable(),
  /** The hash of the game before (the commitment for game 1): this round's hash must hash to it. */
  previousHash: zod.string(),
});
export type CrashRound = zod.infer<typeof CrashRoundSchema>;

export const CRASH_BET_STATES = ['open', 'settled', 'refunded'] as const;

/** A bet as every player sees it: the player masked (a member's mobile as 0712****78, a demo as 'Guest'). */
export const CrashPublicBetSchema = zod.object({
  id: zod.number().int(),
  roundId: zod.number().int(),
  player: zod.string(),
  stake: zod.number().int(),
  autoCashout: zod.number().int().nullable(),
  state: zod.enum(CRASH_BET_STATES),
  /** Hundredths; null while open, and for a bet that lost or was refunded. */
  cashedOutAt: zod.number().int().nullable(),
  payout: zod.number().int(),
});
export type CrashPublicBet = zod.infer<typeof CrashPublicBetSchema>;

/** The caller's own bet. */
export const CrashMyBetSchema = CrashPublicBetSchema.omit({ player: true }).extend({
  /** Whether the cash-out was the automatic one. */
  auto: zod.boolean(),
  createTime: zod.string(),
});
export type CrashMyBet = zod.infer<typeof CrashMyBetSchema>;

export const CrashHistoryItemSchema = zod.object({
  id: zod.number().int(),
  chainId: zod.number().int(),
  game: zod.number().int(),
  state: zod.enum(['crashed', 'cancelled']),
  crashPoint: zod.number().int(),
  gameHash: zod.string(),
  endedAt: zod.number().int(),
});
export type CrashHistoryItem = zod.infer<typeof CrashHistoryItemSchema>;

export const CrashHistorySchema = zod.object({
  /** Newest first. */
  list: zod.array(CrashHistoryItemSchema),
  /** The chains the list's rounds belong to, and the one in play. */
  chains: zod.array(CrashChainSchema),
});
export type CrashHistory = zod.infer<typeof CrashHistorySchema>;

/** The game's limits and the caller's money, beside the live state. */
export const CrashPlayerSchema = zod.object({
  mode: zod.enum(['launch', 'demo']),
  currency: zod.string(),
  /** Real play: the member's cash; demo: the session's play money. */
  balance: zod.number().int(),
  minStake: zod.number().int(),
  /** The game's own maximum. */
  maxStake: zod.number().int(),
  /** The stake limit in force for this player now (the game's maximum, or the active bonus's if lower). */
  stakeLimit: StakeLimitSchema,
  /** The caller's bet in the current round, if any. */
  bet: CrashMyBetSchema.nullable(),
});
export type CrashPlayer = zod.infer<typeof CrashPlayerSchema>;

/** GET state, and the WebSocket's first message: everything a page needs to draw the game now. */
export const CrashSnapshotSchema = zod.object({
  /** The server's clock when this was written (epoch ms), to align the page's clock. */
  now: zod.number().int(),
  /** The round taking bets or running, or the last one (crashed) during the pause; null before the first. */
  round: CrashRoundSchema.nullable(),
  bets: zod.array(CrashPublicBetSchema),
  /** The last rounds over, newest first (the history strip). */
  history: zod.array(CrashHistoryItemSchema),
  chain: CrashChainSchema.nullable(),
  you: CrashPlayerSchema,
});
export type CrashSnapshot = zod.infer<typeof CrashSnapshotSchema>;

/** What POST bet and cashout answer. */
export const CrashPlayResultSchema = zod.object({
  bet: CrashMyBetSchema,
  round: CrashRoundSchema,
  balance: zod.number().int(),
});
export type CrashPlayResult = zod.infer<typeof CrashPlayResultSchema>;

/**
 * The WebSocket's messages, server to page. The page first sends `{"type":"hello","session":"<token>"}`
 * (a browser cannot put headers on a WebSocket, and a token in the address would reach access logs); the
 * server answers `snapshot`, then every event of every round to every page, and `balance` to the pages of
 * the player whose money changed without a call of theirs (an automatic cash-out).
 */
export type CrashServerMessage =
  | ({ type: 'snapshot' } & CrashSnapshot)
  | { type: 'betting'; now: number; round: CrashRound }
  | { type: 'started'; now: number; roundId: number; startedAt: number }
  | { type: 'bet'; now: number; bet: CrashPublicBet }
  | {
      type: 'cashout';
      now: number;
      roundId: number;
      betId: number;
      player: string;
      /** Hundredths. */
      cashedOutAt: number;
      payout: number;
      auto: boolean;
    }
  | { type: 'crashed'; now: number; round: CrashRound; salt: string }
  | { type: 'balance'; now: number; balance: number }
  | { type: 'error'; code: number; msg: string };

/**
 * A WebSocket frame from the server: one message, or, when several were said at the same moment (the bets
 * of a round's opening, thousands a second), an array of them in the order they were said: one frame for
 * many messages is what lets every page, and the server writing to thousands of them, keep up with a peak.
 */
export type CrashServerFrame = CrashServerMessage | CrashServerMessage[];

export type CrashClientMessage = { type: 'hello'; session: string };

/** WebSocket close codes of ours (4000–4999 are the application's). */
export const CRASH_SOCKET_CLOSE = {
  /** No hello, or not a session of the crash game. */
  session: 4001,
  /** The page could not keep up with the messages. */
  slow: 4008,
  /** The server is stopping. */
  stopping: 4010,
} as const;
