import { useEffect, useState } from 'preact/hooks';
import { doubleStake, halfStake, parseStake, stakeProblem, stakeText } from '../lib/stake.ts';
import { bonusName } from './bonus-name.ts';
import type { GameContext } from './game-module.ts';

/**
 * The stake, typed in major units, with ½ and 2×. A typed amount outside the game's limits is brought to
 * the nearest limit when the field is left, and the player is told why; the buttons never leave them.
 */
export function StakeField({ ctx, disabled }: { ctx: GameContext; disabled?: boolean }) {
  const { money, t, format, session, stake, setStake, balance, bonusLimitMet } = ctx;
  // The limit in force (the server's: the game's maximum, or the active bonus's if lower).
  const limits = { min: session.game.minStake, max: session.stakeLimit.maxStake };
  const bonus = session.stakeLimit.bonus ? bonusName(t, session.stakeLimit.bonus.source) : undefined;
  const bounds = { min: format(limits.min), max: format(limits.max) };
  /** What the player is typing; the stake itself is shown otherwise. */
  const [editing, setEditing] = useState<string | undefined>();
  const [typedProblem, setTypedProblem] = useState<string | undefined>();
  // A new limit (a bonus forfeited) makes what was said about the last one stale.
  useEffect(() => setTypedProblem(undefined), [limits.max]);

  /** The field's own value is read, not the state: a blur may come before the typed text re-renders. */
  const commit = (value: string) => {
    const typed = parseStake(value, money);
    const problem = stakeProblem(typed, limits, Number.MAX_SAFE_INTEGER);
    const bonusMet = problem === 'above-max' && bonus !== undefined;
    setTypedProblem(
      bonusMet
        ? t('stake.above-bonus-max', { ...bounds, bonus })
        : problem
          ? t(`stake.${problem}`, bounds)
          : undefined,
    );
    if (bonusMet) bonusLimitMet();
    setStake(typed === undefined ? stake : typed);
    setEditing(undefined);
  };

  const balanceShort = stakeProblem(stake, limits, balance) === 'balance';
  const hint = typedProblem ?? (balanceShort ? t('stake.balance') : undefined);
  const id = 'stake-input';
  return (
    <div class="stake">
      <label for={id} class="stake__label">
        {t('stake.label', { currency: money.symbol })}
      </label>
      <div class="stake__row">
        <input
          id={id}
          class="stake__input"
          inputMode="decimal"
          autoComplete="off"
          value={editing ?? stakeText(stake, money)}
          disabled={disabled}
          aria-describedby="stake-hint"
          aria-invalid={hint ? true : undefined}
          onInput={(event) => setEditing(event.currentTarget.value)}
          onBlur={(event) => commit(event.currentTarget.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') commit(event.currentTarget.value);
          }}
        />
        <button
          type="button"
          class="button button--step"
          aria-label={t('stake.halfLabel')}
          disabled={disabled || stake <= limits.min}
          onClick={() => {
            setTypedProblem(undefined);
            setStake(halfStake(stake, limits));
          }}
        >
          {t('stake.half')}
        </button>
        <button
          type="button"
          class="button button--step"
          aria-label={t('stake.doubleLabel')}
          disabled={disabled || stake >= limits.max}
          onClick={() => {
            setTypedProblem(undefined);
            setStake(doubleStake(stake, limits, balance));
          }}
        >
          {t('stake.double')}
        </button>
      </div>
      <p id="stake-hint" class={`stake__hint${hint ? ' stake__hint--warn' : ''}`} aria-live="polite">
        {hint ?? (bonus ? t('stake.limitsBonus', { ...bounds, bonus }) : t('stake.limits', bounds))}
      </p>
    </div>
  );
}
