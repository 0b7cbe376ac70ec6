import type { Language } from '@app/contracts/config';
import type { InhouseSession, PlayResult } from '@app/contracts/inhouse';
import type { ComponentType } from 'preact';
import type { GameApi } from '../lib/api.ts';
import type { Translate } from '../lib/i18n.ts';
import type { Money } from '../lib/money.ts';
import type { SoundBoard } from '../lib/sound.ts';

/**
 * What the frame gives a game: the session, the API, texts, money, sound, the shared stake, and the two
 * moments of a round. The server decides every outcome; a game only animates the answer it got:
 * `placed` when the answer arrives (the stake leaves the shown balance, the result stays hidden), then
 * `revealed` once the animation has shown the result (the shown balance becomes the answer's, the app is
 * told).
 */
export type GameContext = {
  session: InhouseSession;
  api: GameApi;
  t: Translate;
  language: Language;
  money: Money;
  /** Minor units → "KES 1,234.56". */
  format: (minorUnits: number) => string;
  sound: SoundBoard;
  reducedMotion: boolean;
  /** The balance as shown (minor units). */
  balance: number;
  stake: number;
  setStake: (stake: number) => void;
  placed: (result: PlayResult) => void;
  revealed: (result: PlayResult) => void;
  /** A failed call: the frame shows it, tells the app where needed, or ends the page. */
  fail: (error: unknown) => void;
  /** While true the frame refuses a seed rotation and a balance refresh overwriting the shown one. */
  setInPlay: (inPlay: boolean) => void;
  /** A stake above the active bonus's limit was asked for: the frame names the limit and offers the forfeit. */
  bonusLimitMet: () => void;
};

export type GameModule = {
  default: ComponentType<{ ctx: GameContext }>;
  /** The rules and paytable (texts from the catalogue, figures from packages/fair). */
  Rules: ComponentType<{ ctx: GameContext }>;
};

/**
 * Each game is its own chunk, fetched once the page knows the game. A game without a loader here gets an
 * honest "not available" page rather than a board that cannot bet.
 */
export const GAME_LOADERS: Partial<Record<string, () => Promise<GameModule>>> = {
  dice: () => import('../games/dice/dice-game.tsx'),
  mines: () => import('../games/mines/mines-game.tsx'),
  slot: () => import('../games/slot/slot-game.tsx'),
  plinko: () => import('../games/plinko/plinko-game.tsx'),
  wheel: () => import('../games/wheel/wheel-game.tsx'),
  crash: () => import('../games/crash/crash-game.tsx'),
};

export function loadGame(code: string): Promise<GameModule> | undefined {
  return GAME_LOADERS[code]?.();
}

export type { PlayResult };
