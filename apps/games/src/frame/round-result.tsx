import type { ComponentChildren } from 'preact';
import type { GameContext } from './game-module.ts';

/**
 * The line under the board that tells the round's end ("You win …" or no win) once the game has shown it.
 * Until then it shows what the game passes (a line's win while a slot's lines play), or a no-break space:
 * the line keeps its height so the controls below do not jump when the result appears.
 */
export function RoundResult({
  ctx,
  payout,
  children,
}: {
  ctx: GameContext;
  /** The round's payout once shown; undefined while the round is on its way. */
  payout: number | undefined;
  children?: ComponentChildren;
}) {
  const { t, format } = ctx;
  return (
    <p class="result-line" data-testid="round-result" aria-live="polite">
      {payout === undefined
        ? (children ?? '\u00a0')
        : payout > 0
          ? t('result.win', { amount: format(payout) })
          : t('result.lose')}
    </p>
  );
}
