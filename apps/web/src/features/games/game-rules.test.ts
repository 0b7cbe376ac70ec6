import { MY_GAMES_CATEGORY_ID } from '@app/contracts/game-rules';
import type { Game, Lobby } from '@app/contracts/games';
import { describe, expect, it } from 'vitest';
import {
  canDemo,
  isInOtherGamesMessage,
  isTrustedOrigin,
  labelsOf,
  parseFrameOptions,
  playPath,
  rowOf,
  shownCategories,
} from './game-rules.ts';

function game(id: number, overrides: Partial<Game> = {}): Game {
  return {
    id,
    supplierId: 'winslots',
    name: `Game ${id}`,
    cover: `/statics/games/${id}.webp`,
    largeCover: `/statics/games/${id}.svg`,
    hasDemo: true,
    label: 0,
    onlineUsers: 0,
    source: 'inhouse',
    ...overrides,
  };
}

const lobby: Lobby = {
  games: [game(1), game(2), game(3)],
  categories: [
    { id: 10, name: 'Hot', cover: '', games: [2, 1], stickyGames: [2] },
    // Only games the lobby does not know (hidden supplier, disabled): an empty category.
    { id: 11, name: 'Gone', cover: '', games: [99], stickyGames: [] },
    { id: 12, name: 'Empty', cover: '', games: [], stickyGames: [] },
    { id: 13, name: 'All', cover: '', games: [1, 2, 3], stickyGames: [] },
  ],
};

describe('shownCategories', () => {
  it('resolves games in lobby order and hides categories with no game', () => {
    const shown = shownCategories(lobby, { loggedIn: false, games: undefined, name: 'My games' });
    expect(shown.map((category) => category.id)).toEqual([10, 13]);
    expect(shown[0]?.games.map((entry) => entry.id)).toEqual([2, 1]);
  });

  it('puts my games first only for a logged-in member who has played, and only games still listed', () => {
    const visitor = shownCategories(lobby, { loggedIn: false, games: [game(3)], name: 'My games' });
    expect(visitor.map((category) => category.id)).not.toContain(MY_GAMES_CATEGORY_ID);

    const member = shownCategories(lobby, { loggedIn: true, games: [game(3), game(42)], name: 'My games' });
    expect(member[0]).toMatchObject({ id: MY_GAMES_CATEGORY_ID, name: 'My games' });
    expect(member[0]?.games.map((entry) => entry.id)).toEqual([3]);

    const neverPlayed = shownCategories(lobby, { loggedIn: true, games: [], name: 'My games' });
    expect(neverPlayed.map((category) => category.id)).toEqual([10, 13]);
  });

  it('shows nothing before the lobby has loaded', () => {
    expect(shownCategories(undefined, { loggedIn: true, games: [], name: 'My games' })).toEqual([]);
  });
});

describe('rowOf (WinSlots rows)', () => {
  const category = (count: number) => ({
    id: 1,
    name: 'Row',
    cover: '',
    games: Array.from({ length: count }, (_, index) => game(index + 1)),
  });

  it('shows at most 9 games and offers "more" only when there are more', () => {
    expect(rowOf(category(9))).toMatchObject({ more: false });
    expect(rowOf(category(9)).games).toHaveLength(9);
    const long = rowOf(category(12));
    expect(long.games.map((entry) => entry.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(long.more).toBe(true);
    expect(rowOf(category(3))).toMatchObject({ more: false });
  });
});

describe('labels and demo', () => {
  it('reads the label bit flags 1 new, 2 hot, 4 bonus and ignores other bits', () => {
    expect(labelsOf({ label: 0 })).toEqual([]);
    expect(labelsOf({ label: 1 })).toEqual(['new']);
    expect(labelsOf({ label: 2 })).toEqual(['hot']);
    expect(labelsOf({ label: 4 })).toEqual(['bonus']);
    expect(labelsOf({ label: 7 })).toEqual(['new', 'hot', 'bonus']);
    expect(labelsOf({ label: 5 | 8 })).toEqual(['new', 'bonus']);
  });

  it('offers Demo only for a game that has one', () => {
    expect(canDemo({ hasDemo: true })).toBe(true);
    expect(canDemo({ hasDemo: false })).toBe(false);
  });

  it('links Play to a real-money launch with the deposit shortcut and refresh, Demo to the demo', () => {
    expect(playPath('launch', 7)).toBe('/casino/launch/7?show=1&refresh=1');
    expect(playPath('demo', 7)).toBe('/casino/demo/7');
  });
});

describe('parseFrameOptions', () => {
  it('reads the insets, refresh=1 and show=1', () => {
    expect(parseFrameOptions('?top=44&right=0&bottom=50&left=8&refresh=1&show=1')).toEqual({
      insets: { top: 44, right: 0, bottom: 50, left: 8 },
      refresh: true,
      show: true,
    });
  });

  it('takes only whole numbers up to 200 and only the value 1 as on', () => {
    expect(parseFrameOptions('?top=-5&right=1e3&bottom=999&left=abc&refresh=true&show=0')).toEqual({
      insets: { top: 0, right: 0, bottom: 200, left: 0 },
      refresh: false,
      show: false,
    });
    expect(parseFrameOptions('')).toEqual({
      insets: { top: 0, right: 0, bottom: 0, left: 0 },
      refresh: false,
      show: false,
    });
  });
});

describe('frame messages', () => {
  const site = 'https://winslots.example';
  it('trusts our own origin and the provider page the frame loaded, nobody else', () => {
    expect(isTrustedOrigin(site, site, undefined)).toBe(true);
    expect(
      isTrustedOrigin('https://games.provider.test', site, 'https://games.provider.test/launch?token=x'),
    ).toBe(true);
    expect(isTrustedOrigin('https://evil.test', site, 'https://games.provider.test/launch')).toBe(false);
    expect(isTrustedOrigin('https://evil.test', site, '/game-center/games/demo/1?session=x')).toBe(false);
    expect(isTrustedOrigin('null', site, 'about:blank')).toBe(false);
  });

  it("recognises 'in other games' as text or as {message}", () => {
    expect(isInOtherGamesMessage('in other games', 'in other games')).toBe(true);
    expect(isInOtherGamesMessage(' In Other Games ', 'in other games')).toBe(true);
    expect(isInOtherGamesMessage({ message: 'in other games' }, 'in other games')).toBe(true);
    expect(isInOtherGamesMessage({ type: 'route', path: '/x' }, 'in other games')).toBe(false);
    expect(isInOtherGamesMessage(42, 'in other games')).toBe(false);
  });
});
