import {
  diceMultiplier,
  diceRules,
  diceTargetRange,
  diceWinChance,
  type DiceDirection,
  type DiceOutcome,
} from '@app/fair/dice';
import { formatMultiplier, payoutOf } from '@app/fair/payout';
import { useEffect, useRef, useState } from 'preact/hooks';
import type { GameContext } from '../../frame/game-module.ts';
import { PlayButton } from '../../frame/play-button.tsx';
import { RoundResult } from '../../frame/round-result.tsx';
import { StakeField } from '../../frame/stake-field.tsx';
import { RulesCommon, RulesList } from '../../frame/rules-common.tsx';
import { wait } from '../../lib/motion.ts';
import './dice.css';

const ROLL_MS = 900;
const RECENT = 8;
const RULES = ['dice.rules.1', 'dice.rules.2', 'dice.rules.3', 'dice.rules.4', 'dice.rules.5'] as const;

/** Hundredths → "50.00". */
const hundredths = (value: number) => (value / 100).toFixed(2);

/** A chance typed in percent ("49.5") → hundredths of a percent, or undefined. */
export function parseChance(text: string): number | undefined {
  const match = /^\s*(\d{1,2}(?:[.,]\d{0,2})?)\s*%?\s*$/.exec(text);
  if (!match?.[1]) return undefined;
  const value = Math.round(Number(match[1].replace(',', '.')) * 100);
  return Number.isFinite(value) ? value : undefined;
}

/** The target that gives a chance in a direction: under T wins on T rolls, over T on 10000 − T. */
export function targetForChance(chance: number, direction: DiceDirection): number {
  const { min, max } = diceTargetRange(direction);
  const target = direction === 'under' ? chance : 10_000 - chance;
  return Math.min(max, Math.max(min, target));
}

type Shown = { roll: number; win: boolean; payout: number; multiplier: number };

/**
 * Dice: pick a target and roll under or over it. The roll comes from the server's answer; the marker then
 * travels to it along the 0–100 track while the number counts to it, and only then is the win shown.
 */
export default function DiceGame({ ctx }: { ctx: GameContext }) {
  const { t, api, stake, format, sound, reducedMotion } = ctx;
  const [direction, setDirection] = useState<DiceDirection>('under');
  const [target, setTarget] = useState(5000);
  const [rolling, setRolling] = useState(false);
  const [shown, setShown] = useState<Shown | undefined>();
  const [marker, setMarker] = useState<number | undefined>();
  const [display, setDisplay] = useState<number | undefined>();
  const [recent, setRecent] = useState<{ id: number; roll: number; win: boolean }[]>([]);
  const [chanceText, setChanceText] = useState('50.00');
  const counter = useRef<number>(0);

  const options = { target, direction };
  const chance = diceWinChance(options);
  const multiplier = diceMultiplier(options);
  const range = diceTargetRange(direction);

  useEffect(() => setChanceText(hundredths(chance)), [chance]);
  useEffect(() => () => cancelAnimationFrame(counter.current), []);

  const flip = (next: DiceDirection) => {
    if (next === direction) return;
    sound.play('click');
    // Flipping keeps the chance: under 49.50 becomes over 50.50.
    setTarget(targetForChance(chance, next));
    setDirection(next);
  };

  const countTo = (from: number, to: number, ms: number) => {
    cancelAnimationFrame(counter.current);
    if (ms <= 0) {
      setDisplay(to);
      return;
    }
    const start = performance.now();
    const step = (now: number) => {
      const progress = Math.min(1, (now - start) / ms);
      const eased = 1 - (1 - progress) ** 3;
      setDisplay(Math.round(from + (to - from) * eased));
      if (progress < 1) counter.current = requestAnimationFrame(step);
    };
    counter.current = requestAnimationFrame(step);
  };

  const roll = async () => {
    if (rolling) return;
    setRolling(true);
    ctx.setInPlay(true);
    sound.play('click');
    try {
      const result = await api.bet(stake, { target, direction });
      ctx.placed(result);
      const outcome = result.round.outcome as DiceOutcome;
      const ms = reducedMotion ? 0 : ROLL_MS;
      setShown(undefined);
      setMarker(outcome.roll);
      countTo(display ?? 5000, outcome.roll, ms);
      await wait(ms);
      setShown({
        roll: outcome.roll,
        win: outcome.win,
        payout: result.round.payout,
        multiplier: outcome.multiplier,
      });
      setRecent((before) =>
        [{ id: result.round.id, roll: outcome.roll, win: outcome.win }, ...before].slice(0, RECENT),
      );
      sound.play(outcome.win ? 'win' : 'lose');
      ctx.revealed(result);
    } catch (error) {
      ctx.fail(error);
    } finally {
      setRolling(false);
      ctx.setInPlay(false);
    }
  };

  const percent = (value: number) => `${value / 100}%`;
  // The winning stretch of the track: below the target (under) or above it (over).
  const winFrom = direction === 'under' ? 0 : target;
  const winTo = direction === 'under' ? target : 10_000;

  return (
    <div class="game dice">
      <section
        class="stage dice__stage"
        aria-label={t('dice.result', { roll: display === undefined ? '—' : hundredths(display) })}
      >
        <ol class="dice__recent" aria-label={t('dice.recent')}>
          {recent.map((item) => (
            <li key={item.id} class={item.win ? 'win-chip' : 'lose-chip'}>
              {hundredths(item.roll)}
            </li>
          ))}
        </ol>
        <div
          class={`dice__number${shown ? (shown.win ? ' is-win' : ' is-lose') : ''}`}
          data-testid="dice-roll"
          aria-live="polite"
        >
          {display === undefined ? '—' : hundredths(display)}
        </div>
        <RoundResult ctx={ctx} payout={shown?.payout} />
        <div class="dice__track" style={{ '--win-from': percent(winFrom), '--win-to': percent(winTo) }}>
          <div class="dice__zone" />
          {marker !== undefined ? (
            <div
              class={`dice__marker${shown ? (shown.win ? ' is-win' : ' is-lose') : ''}`}
              style={{ left: percent(marker) }}
            >
              <svg viewBox="0 0 40 40" aria-hidden="true">
                <rect x="4" y="4" width="32" height="32" rx="8" />
                <circle cx="13" cy="13" r="3" />
                <circle cx="27" cy="27" r="3" />
                <circle cx="20" cy="20" r="3" />
              </svg>
            </div>
          ) : null}
          <input
            type="range"
            class="dice__slider"
            min={range.min}
            max={range.max}
            step={1}
            value={target}
            disabled={rolling}
            aria-label={t('dice.target')}
            aria-valuetext={hundredths(target)}
            data-testid="dice-target"
            onInput={(event) => setTarget(Number(event.currentTarget.value))}
            onChange={() => sound.play('tick')}
          />
          <div class="dice__scale" aria-hidden="true">
            <span>0</span>
            <span>25</span>
            <span>50</span>
            <span>75</span>
            <span>100</span>
          </div>
        </div>
      </section>

      <section class="controls">
        <div class="segmented" role="group" aria-label={t('dice.direction')}>
          {(['under', 'over'] as const).map((value) => (
            <button
              key={value}
              type="button"
              class="segmented__option"
              aria-pressed={direction === value}
              disabled={rolling}
              onClick={() => flip(value)}
            >
              {t(value === 'under' ? 'dice.under' : 'dice.over')}{' '}
              {direction === value ? hundredths(target) : ''}
            </button>
          ))}
        </div>
        <div class="figures">
          <label class="figure">
            <span>{t('dice.chance')}</span>
            <input
              inputMode="decimal"
              value={chanceText}
              disabled={rolling}
              data-testid="dice-chance"
              onInput={(event) => setChanceText(event.currentTarget.value)}
              onBlur={() => {
                const typed = parseChance(chanceText);
                if (typed !== undefined) setTarget(targetForChance(typed, direction));
                else setChanceText(hundredths(chance));
              }}
              onKeyDown={(event) => {
                if (event.key === 'Enter') event.currentTarget.blur();
              }}
            />
          </label>
          <div class="figure">
            <span>{t('dice.multiplier')}</span>
            <strong data-testid="dice-multiplier">{formatMultiplier(multiplier)}</strong>
          </div>
          <div class="figure">
            <span>{t('dice.payoutOnWin')}</span>
            <strong>{format(payoutOf(stake, multiplier))}</strong>
          </div>
        </div>
        <StakeField ctx={ctx} disabled={rolling} />
        <PlayButton disabled={rolling} onPlay={roll}>
          {rolling ? t('dice.rolling') : t('dice.roll')}
        </PlayButton>
      </section>
    </div>
  );
}

/** Dice rules: the catalogue's text, and payouts at a few chances computed by packages/fair. */
export function Rules({ ctx }: { ctx: GameContext }) {
  const { t } = ctx;
  const rules = diceRules();
  const examples = [9_800, 9_000, 7_500, 5_000, 2_500, 1_000, 100, 1];
  return (
    <div class="rules">
      <RulesList keys={RULES} t={t} />
      <h3>{t('dice.rules.table')}</h3>
      <table class="table">
        <thead>
          <tr>
            <th>{t('dice.chance')}</th>
            <th>{t('dice.multiplier')}</th>
          </tr>
        </thead>
        <tbody>
          {examples.map((value) => (
            <tr key={value}>
              <td>{hundredths(value)}%</td>
              <td>{formatMultiplier(Math.floor(rules.multiplierNumerator / value))}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <RulesCommon ctx={ctx} />
    </div>
  );
}
