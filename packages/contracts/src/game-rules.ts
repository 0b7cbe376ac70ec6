/**
 * Game centre figures and rules as plain values, without zod: the home page imports these, and importing
 * any value from `games.ts` would bring its schemas and zod along (docs/decisions.md, home JS budget).
 */

/** Label bit flags of a game (spec promotions-and-games §3): 1 new, 2 hot, 4 bonus. */
export const GAME_LABEL = { NEW: 1, HOT: 2, BONUS: 4 } as const;
export type GameLabelName = 'new' | 'hot' | 'bonus';

/** The labels a game's bit flags name, in a stable order; unknown bits are ignored. */
export function gameLabels(label: number): GameLabelName[] {
  const names: GameLabelName[] = [];
  if (label & GAME_LABEL.NEW) names.push('new');
  if (label & GAME_LABEL.HOT) names.push('hot');
  if (label & GAME_LABEL.BONUS) names.push('bonus');
  return names;
}

export const GAME_MODES = ['launch', 'demo'] as const;
export type GameMode = (typeof GAME_MODES)[number];

export const GAME_SOURCES = ['inhouse', 'provider'] as const;
export type GameSource = (typeof GAME_SOURCES)[number];

/**
 * The category id that stands for the player's own games (spec §2: "a special category id marks my
 * games and needs login"). Never a database id, which are positive.
 */
export const MY_GAMES_CATEGORY_ID = -1;

/** WinSlots shows each category as a row of at most this many games, with a "more" link (spec §9). */
export const WINSLOTS_ROW_SIZE = 9;

/** Spec §9: the game list load retries 5 times, after 1 s, 2 s, 3 s … */
export const LOBBY_RETRIES = 5;
export function lobbyRetryDelay(attempt: number): number {
  return (attempt + 1) * 1000;
}

/** Spec §9: records page size 50, winners page size 20. */
export const GAME_RECORDS_PAGE_SIZE = 50;
export const WINNERS_PAGE_SIZE = 20;

/**
 * A game's smallest stake in a market: its own minimum, raised to the market's legal minimum
 * (`CountryProfile.minStake`). One rule for every game, its page, its launch and the provider's wallet.
 */
export function marketMinStake(gameMinStake: number, market: { minStake: number }): number {
  return Math.max(gameMinStake, market.minStake);
}

/** Play money a demo session starts with, minor units (1,000.00). It never enters the ledger. */
export const DEMO_BALANCE = 100_000;
/** ISO 4217's "no currency": what a provider's demo launch is told, since no real money is at stake. */
export const DEMO_CURRENCY = 'XXX';

/**
 * The text a game frame posts when its bets are refused because another device holds the right to bet
 * (spec §4, platform-core §8); the casino page answers with the kick-out sync and a frame reload.
 */
export const IN_OTHER_GAMES_MESSAGE = 'in other games';

/** The game page a launch opens in the frame (platform-core §7), outside /api. */
export function gameFramePath(mode: GameMode, gameId: number): string {
  return `/game-center/games/${mode}/${gameId}`;
}
