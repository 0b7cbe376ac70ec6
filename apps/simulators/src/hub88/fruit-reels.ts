/**
 * The provider simulator's games: three reels, one payline, one tap. Each reel stops on a symbol drawn
 * by weight (the same strip on every reel); three of a kind pays its multiplier, exactly two cherries
 * give the stake back. Pure: the random draw is passed in, so tests can enumerate and force outcomes.
 *
 * Return to player is exact (`exactRtp` enumerates every stop): Lucky Fruits 95.99 %, Neon Sevens
 * 95.00 %, matching the RTPs the catalogue states for them (9600 and 9500 hundredths of a percent).
 */

export type ReelSymbol = { id: string; glyph: string; weight: number; threeOfAKind: number };

export type ReelGame = {
  code: string;
  name: string;
  /** The symbol whose pair pays `pairPays` (cherries). */
  pairSymbol: string;
  pairPays: number;
  symbols: readonly ReelSymbol[];
};

export const LUCKY_FRUITS: ReelGame = {
  code: 'hub88sim_lucky_fruits',
  name: 'Lucky Fruits',
  pairSymbol: 'cherry',
  pairPays: 1,
  symbols: [
    { id: 'cherry', glyph: '🍒', weight: 8, threeOfAKind: 8 },
    { id: 'lemon', glyph: '🍋', weight: 7, threeOfAKind: 15 },
    { id: 'orange', glyph: '🍊', weight: 6, threeOfAKind: 20 },
    { id: 'grapes', glyph: '🍇', weight: 5, threeOfAKind: 40 },
    { id: 'bell', glyph: '🔔', weight: 3, threeOfAKind: 60 },
    { id: 'seven', glyph: '7️⃣', weight: 2, threeOfAKind: 500 },
  ],
};

export const NEON_SEVENS: ReelGame = {
  code: 'hub88sim_neon_sevens',
  name: 'Neon Sevens',
  pairSymbol: 'cherry',
  pairPays: 1,
  symbols: [
    { id: 'cherry', glyph: '🍒', weight: 7, threeOfAKind: 4 },
    { id: 'bar', glyph: '🟪', weight: 5, threeOfAKind: 10 },
    { id: 'star', glyph: '⭐', weight: 4, threeOfAKind: 20 },
    { id: 'diamond', glyph: '💎', weight: 2, threeOfAKind: 75 },
    { id: 'seven', glyph: '7️⃣', weight: 1, threeOfAKind: 250 },
  ],
};

export const REEL_GAMES: ReadonlyMap<string, ReelGame> = new Map(
  [LUCKY_FRUITS, NEON_SEVENS].map((game) => [game.code, game]),
);

/** A uniform whole number in [0, max): `crypto.randomInt` in play, a fixed sequence in tests. */
export type RandomInt = (max: number) => number;

function totalWeight(game: ReelGame): number {
  return game.symbols.reduce((sum, symbol) => sum + symbol.weight, 0);
}

function symbolAt(game: ReelGame, stop: number): ReelSymbol {
  let remaining = stop;
  for (const symbol of game.symbols) {
    if (remaining < symbol.weight) return symbol;
    remaining -= symbol.weight;
  }
  throw new Error(`stop ${stop} is beyond the reel of ${game.code}`);
}

/** What three symbols pay, as a multiple of the stake. */
export function multiplierOf(game: ReelGame, reels: readonly ReelSymbol[]): number {
  const [first] = reels;
  if (first && reels.length === 3 && reels.every((symbol) => symbol.id === first.id))
    return first.threeOfAKind;
  const pairs = reels.filter((symbol) => symbol.id === game.pairSymbol).length;
  return pairs === 2 ? game.pairPays : 0;
}

export function spinReels(game: ReelGame, random: RandomInt): { reels: ReelSymbol[]; multiplier: number } {
  const total = totalWeight(game);
  const reels = [0, 1, 2].map(() => symbolAt(game, random(total)));
  return { reels, multiplier: multiplierOf(game, reels) };
}

/** The exact return to player: the average multiplier over every combination of stops. */
export function exactRtp(game: ReelGame): number {
  const total = totalWeight(game);
  let paid = 0;
  for (const a of game.symbols) {
    for (const b of game.symbols) {
      for (const c of game.symbols) {
        paid += a.weight * b.weight * c.weight * multiplierOf(game, [a, b, c]);
      }
    }
  }
  return paid / total ** 3;
}
