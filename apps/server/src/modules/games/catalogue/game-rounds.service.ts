/**
 * The round record of every game (`game_round`, the games module's table): the in-house games, the crash
 * game and the provider's rollbacks write their rounds through these, in the caller's transaction.
 */
export type { GameRoundRow, RoundChange } from './game-rounds.repository.ts';
export {
  insertRound,
  loseOpenCrashBets,
  removeProviderRoundStake,
  setRoundTransaction,
  updateRound,
} from './game-rounds.repository.ts';
