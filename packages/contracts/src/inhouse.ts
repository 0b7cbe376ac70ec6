import { z as zod } from 'zod';
import { StakeLimitSchema } from './bonus.ts';
import { wholeNumber } from './whole-number.ts';

/**
 * The in-house game pages' API (issue 5, docs/games.md "In-house play"). Every call carries the game
 * session's token in the `game-session` header (the token the launch put in the frame's address), not a
 * login token: the frame speaks for one game session only. Amounts are integer minor units; multipliers are
 * integers in ten-thousandths (19800 = 1.98×), as in packages/fair.
 */
export const GAME_SESSION_HEADER = 'game-session';

/** The options of a bet, per game. Ranges are the games' own (packages/fair); the server checks them again. */
export const DiceOptionsSchema = zod.object({
  /** Hundredths: 5000 is 50.00. */
  target: wholeNumber(1, 9_999),
  direction: zod.enum(['under', 'over']),
});
export const PlinkoOptionsSchema = zod.object({
  rows: wholeNumber(8, 16),
  risk: zod.enum(['low', 'medium', 'high']),
});
export const WheelOptionsSchema = zod.object({
  segments: zod.union([zod.literal(10), zod.literal(20), zod.literal(30), zod.literal(40), zod.literal(50)]),
  risk: zod.enum(['low', 'medium', 'high']),
});
export const SlotOptionsSchema = zod.object({});

const stake = wholeNumber(1, 1_000_000_000_000);

/** POST bet: one complete round of dice, plinko, wheel or the slot. */
export const InhouseBetSchema = zod.object({
  stake,
  /** The game's options (see above); an object, as JSON. */
  options: zod.record(zod.string(), zod.unknown()).default({}),
});

export const MinesStartSchema = zod.object({ stake, mines: wholeNumber(1, 24) });
export const MinesRevealSchema = zod.object({
  roundId: wholeNumber(1, Number.MAX_SAFE_INTEGER),
  tile: wholeNumber(0, 24),
});
export const MinesCashoutSchema = zod.object({ roundId: wholeNumber(1, Number.MAX_SAFE_INTEGER) });

/** The seed pair as a player sees it before play: the server seed only as its SHA-256. */
export const FairnessSchema = zod.object({
  serverSeedHash: zod.string(),
  clientSeed: zod.string(),
  /** The nonce the next bet takes. */
  nonce: zod.number().int(),
});
export type Fairness = zod.infer<typeof FairnessSchema>;

export const RoundSchema = zod.object({
  id: zod.number().int(),
  gameCode: zod.string(),
  state: zod.enum(['open', 'settled', 'refunded', 'cancelled']),
  stake: zod.number().int(),
  payout: zod.number().int(),
  /** Ten-thousandths; null while a mines round is open. */
  multiplier: zod.number().int().nullable(),
  nonce: zod.number().int().nullable(),
  /** The seed pair's commitment, so a revealed server seed can be matched to the round. */
  serverSeedHash: zod.string().nullable(),
  clientSeed: zod.string().nullable(),
  options: zod.record(zod.string(), zod.unknown()),
  /** The game's outcome (packages/fair); an open mines round shows only the revealed tiles. */
  outcome: zod.unknown(),
  createTime: zod.string(),
});
export type Round = zod.infer<typeof RoundSchema>;

export const GameLimitsSchema = zod.object({
  id: zod.number().int(),
  code: zod.string(),
  name: zod.string(),
  minStake: zod.number().int(),
  maxStake: zod.number().int(),
  /** Hundredths of a percent: 9600 is 96.00 %. */
  rtp: zod.number().int(),
});

export const InhouseSessionSchema = zod.object({
  game: GameLimitsSchema,
  /** The stake limit in force for this player now (the game's maximum, or the active bonus's if lower). */
  stakeLimit: StakeLimitSchema,
  mode: zod.enum(['launch', 'demo']),
  currency: zod.string(),
  /** Real play: the member's cash; demo: the session's play money. */
  balance: zod.number().int(),
  fairness: FairnessSchema,
  /** A mines round left open (by a closed page or a restart), to resume. */
  openRound: RoundSchema.nullable(),
});
export type InhouseSession = zod.infer<typeof InhouseSessionSchema>;

/**
 * POST `bonus/forfeit` {id}: the player gives up their active bonus `id` from the game where its stake limit
 * is met (real play only); the stake limit and the balance after.
 */
export const GameBonusForfeitSchema = zod.object({ id: wholeNumber(1, Number.MAX_SAFE_INTEGER) });
export const GameBonusForfeitResultSchema = zod.object({
  stakeLimit: StakeLimitSchema,
  balance: zod.number().int(),
});
export type GameBonusForfeitResult = zod.infer<typeof GameBonusForfeitResultSchema>;

export const PlayResultSchema = zod.object({
  round: RoundSchema,
  balance: zod.number().int(),
  fairness: FairnessSchema,
});
export type PlayResult = zod.infer<typeof PlayResultSchema>;

export const RoundsQuerySchema = zod.object({
  page: wholeNumber(1, 10_000).default(1),
  size: wholeNumber(1, 100).default(20),
});

export const RoundListSchema = zod.object({
  list: zod.array(RoundSchema),
  page: zod.number().int(),
  size: zod.number().int(),
});

export const RotateSeedsSchema = zod.object({
  /** The player's new client seed: printable ASCII, 1 to 64 characters (packages/fair). */
  clientSeed: zod
    .string()
    .trim()
    .regex(/^[\x20-\x7e]{1,64}$/, 'Use 1 to 64 letters, digits or signs'),
});

export const RevealedSeedPairSchema = zod.object({
  serverSeed: zod.string(),
  serverSeedHash: zod.string(),
  clientSeed: zod.string(),
  /** Bets made on the pair: nonces 0 to nonces − 1. */
  nonces: zod.number().int(),
  revealTime: zod.string(),
});

export const RotateSeedsResultSchema = zod.object({
  previous: RevealedSeedPairSchema,
  fairness: FairnessSchema,
});

export const RevealedSeedsSchema = zod.array(RevealedSeedPairSchema);
