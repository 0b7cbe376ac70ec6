import { z as zod } from 'zod';
import { wholeNumber } from './whole-number.ts';
import { GAME_MODES, GAME_RECORDS_PAGE_SIZE, GAME_SOURCES, WINNERS_PAGE_SIZE } from './game-rules.ts';

export * from './game-rules.ts';

/**
 * The game centre's catalogue, records, winners and launch (spec promotions-and-games §3, §4, §7).
 * Amounts are integer minor units; multipliers are ten-thousandths (19800 is 1.98×).
 */

const positiveId = wholeNumber(1, 2_147_483_647);

/** A game as the lobby lists it (spec §3). */
export const GameSchema = zod.object({
  id: zod.number().int(),
  supplierId: zod.string(),
  name: zod.string(),
  cover: zod.string(),
  largeCover: zod.string(),
  hasDemo: zod.boolean(),
  /** Bit flags: 1 new, 2 hot, 4 bonus. */
  label: zod.number().int(),
  /** Members playing it for real money now (sessions seen in the last two minutes). */
  onlineUsers: zod.number().int(),
  source: zod.enum(GAME_SOURCES),
});
export type Game = zod.infer<typeof GameSchema>;

/** A lobby category (spec §3): its games by id, sticky ones first and also listed in `stickyGames`. */
export const CategorySchema = zod.object({
  id: zod.number().int(),
  name: zod.string(),
  cover: zod.string(),
  games: zod.array(zod.number().int()),
  stickyGames: zod.array(zod.number().int()),
});
export type Category = zod.infer<typeof CategorySchema>;

/** `v2/lobby`: the categories that have games, and every game the lobby may show. */
export const LobbySchema = zod.object({
  categories: zod.array(CategorySchema),
  games: zod.array(GameSchema),
});
export type Lobby = zod.infer<typeof LobbySchema>;

/** `v2/online`: online-user counts of the games that have players now (others are 0). */
export const OnlineCountSchema = zod.object({ id: zod.number().int(), onlineUsers: zod.number().int() });
export type OnlineCount = zod.infer<typeof OnlineCountSchema>;

/** `game/getLastestWinner?page,size` (the spec's spelling of the path). */
export const WinnersQuerySchema = zod.object({
  page: wholeNumber(1, 1000).default(1),
  size: wholeNumber(1, 50).default(WINNERS_PAGE_SIZE),
});

export const WinnerSchema = zod.object({
  /** The round's id. */
  id: zod.number().int(),
  /** The winner's mobile, masked (0712****78). */
  mobile: zod.string(),
  gameId: zod.number().int(),
  gameName: zod.string(),
  cover: zod.string(),
  /** What the round paid, minor units. */
  amount: zod.number().int(),
  stake: zod.number().int(),
  /** Ten-thousandths, when the game has one. */
  multiplier: zod.number().int().nullable(),
  /** ISO 8601. */
  time: zod.string(),
});
export type Winner = zod.infer<typeof WinnerSchema>;

/** `game/records/bet` and `game/records/win`: the caller's own rounds. */
export const GameRecordsQuerySchema = zod.object({
  page: wholeNumber(1, 100_000).default(1),
  size: wholeNumber(1, 100).default(GAME_RECORDS_PAGE_SIZE),
  /** By round time: `desc` (newest first) unless `asc`. */
  order: zod.enum(['asc', 'desc']).default('desc'),
  gameId: positiveId.optional(),
});
export type GameRecordsQuery = zod.infer<typeof GameRecordsQuerySchema>;

export const GAME_ROUND_STATES = ['open', 'settled', 'refunded', 'cancelled'] as const;

export const GameRecordSchema = zod.object({
  id: zod.number().int(),
  gameId: zod.number().int(),
  gameName: zod.string(),
  mode: zod.enum(GAME_MODES),
  stake: zod.number().int(),
  payout: zod.number().int(),
  multiplier: zod.number().int().nullable(),
  /** open (staked, not settled yet), settled (paid what it won, maybe 0), refunded; cancelled ones are not listed. */
  state: zod.enum(GAME_ROUND_STATES),
  /** ISO 8601. */
  createTime: zod.string(),
  settleTime: zod.string().nullable(),
});
export type GameRecord = zod.infer<typeof GameRecordSchema>;

export const GameIdQuerySchema = zod.object({ id: positiveId });

/**
 * `activities/game-promotion/info?id` (our reading; the spec shows only the call): what the player may
 * know about a game before playing: its return to player, stake limits and the currency they are in,
 * and the promotion attached to it. No promotion attaches to games yet, so `activity` is null rather than
 * an invented offer.
 */
export const GamePromotionSchema = zod.object({
  game: GameSchema,
  /** Return to player in hundredths of a percent (9600 is 96.00 %). */
  rtp: zod.number().int(),
  minStake: zod.number().int(),
  maxStake: zod.number().int(),
  currency: zod.string(),
  activity: zod.null(),
});
export type GamePromotion = zod.infer<typeof GamePromotionSchema>;

/** Launch (path of ours): open a game session and get the address the frame loads. */
export const LaunchRequestSchema = zod.object({
  id: positiveId,
  mode: zod.enum(GAME_MODES),
});
export type LaunchRequest = zod.infer<typeof LaunchRequestSchema>;

export const LaunchResultSchema = zod.object({
  /** For our games a path on this site; for a provider's, the provider's launch address. */
  url: zod.string(),
});
export type LaunchResult = zod.infer<typeof LaunchResultSchema>;
