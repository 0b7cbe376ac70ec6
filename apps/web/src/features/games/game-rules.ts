import { PAGE_PATHS } from '@app/contracts/page-paths';
import {
  GAME_MODES,
  MY_GAMES_CATEGORY_ID,
  WINSLOTS_ROW_SIZE,
  gameLabels,
  type GameLabelName,
  type GameMode,
} from '@app/contracts/game-rules';
// Types only: a value from games.ts would bring zod into the home bundle.
import type { Category, Game, Lobby } from '@app/contracts/games';

/** The pure rules of the game screens (spec promotions-and-games §2, §4, §9), tested on their own. */

/** The launch popup's name in the app-wide popup lock. */
export const LAUNCH_POPUP = 'game-launch';

/** A category with its games resolved, in lobby order. */
export type ShownCategory = { id: number; name: string; cover: string; games: Game[] };

/**
 * The categories the home game area shows: my games first when the member is logged in and has played
 * (spec: the my-games category needs login), then the lobby's; a category with no game the lobby knows is
 * hidden (spec §2: "categories with no games are hidden").
 */
export function shownCategories(
  lobby: Lobby | undefined,
  myGames: { loggedIn: boolean; games: Game[] | undefined; name: string },
): ShownCategory[] {
  if (!lobby) return [];
  const byId = new Map(lobby.games.map((game) => [game.id, game]));
  const categories: ShownCategory[] = lobby.categories.map((category: Category) => ({
    id: category.id,
    name: category.name,
    cover: category.cover,
    games: category.games.flatMap((id) => {
      const game = byId.get(id);
      return game ? [game] : [];
    }),
  }));
  if (myGames.loggedIn && myGames.games) {
    // A recent game the lobby no longer shows (disabled, hidden supplier) is not offered again.
    const mine = myGames.games.flatMap((game) => {
      const listed = byId.get(game.id);
      return listed ? [listed] : [];
    });
    categories.unshift({ id: MY_GAMES_CATEGORY_ID, name: myGames.name, cover: '', games: mine });
  }
  return categories.filter((category) => category.games.length > 0);
}

/** WinSlots shows each category as a row of at most 9 games; `more` says whether a "more" link is due. */
export function rowOf(category: ShownCategory): { games: Game[]; more: boolean } {
  return {
    games: category.games.slice(0, WINSLOTS_ROW_SIZE),
    more: category.games.length > WINSLOTS_ROW_SIZE,
  };
}

/** The labels a card shows, from the game's bit flags. */
export function labelsOf(game: Pick<Game, 'label'>): GameLabelName[] {
  return gameLabels(game.label);
}

/** The launch popup and the card offer Demo only for a game that has one (spec §2). */
export function canDemo(game: Pick<Game, 'hasDemo'>): boolean {
  return game.hasDemo;
}

export function isGameMode(value: string | undefined): value is GameMode {
  return (GAME_MODES as readonly string[]).includes(value ?? '');
}

/**
 * The casino page's query options (spec §2: top, right, left, bottom, refresh=1, show=1):
 * - top, right, bottom, left: the frame's insets in CSS pixels (room for a host app's own bars); only
 *   whole numbers from 0 to 200 are taken, anything else is 0;
 * - refresh=1: reload the game frame when the nested deposit closes (the game shows the new balance);
 * - show=1: show the draggable deposit shortcut (real-money play only: a demo has nothing to top up).
 */
export type FrameOptions = {
  insets: { top: number; right: number; bottom: number; left: number };
  refresh: boolean;
  show: boolean;
};

const MAX_INSET = 200;

function inset(value: string | null): number {
  if (value === null || !/^\d{1,3}$/.test(value)) return 0;
  return Math.min(Number(value), MAX_INSET);
}

export function parseFrameOptions(search: string): FrameOptions {
  const query = new URLSearchParams(search);
  return {
    insets: {
      top: inset(query.get('top')),
      right: inset(query.get('right')),
      bottom: inset(query.get('bottom')),
      left: inset(query.get('left')),
    },
    refresh: query.get('refresh') === '1',
    show: query.get('show') === '1',
  };
}

/** What the app's own Play buttons open: the deposit shortcut on, and the frame refreshed after a deposit. */
export function playPath(mode: GameMode, gameId: number): string {
  return mode === 'launch'
    ? `${PAGE_PATHS.gamePlay(mode, gameId)}?show=1&refresh=1`
    : PAGE_PATHS.gamePlay(mode, gameId);
}

/**
 * Whether a message from a frame may be trusted: from this site (our game pages, the nested deposit) or
 * from the origin of the provider page the frame loaded. Anything else is another site talking.
 */
export function isTrustedOrigin(origin: string, siteOrigin: string, frameUrl: string | undefined): boolean {
  if (origin === siteOrigin) return true;
  if (!frameUrl) return false;
  try {
    const frameOrigin = new URL(frameUrl, siteOrigin).origin;
    return frameOrigin !== 'null' && origin === frameOrigin;
  } catch {
    return false;
  }
}

/** The game frame's "another device is betting" message (spec §4): the text itself, or `{message}`. */
export function isInOtherGamesMessage(data: unknown, text: string): boolean {
  if (typeof data === 'string') return data.trim().toLowerCase() === text;
  if (typeof data === 'object' && data !== null) {
    const { message, type } = data as { message?: unknown; type?: unknown };
    return message === text || type === text;
  }
  return false;
}
