import { formatMultiplier } from '@app/fair/payout';
import {
  WHEEL_RISKS,
  WHEEL_SEGMENT_COUNTS,
  wheelRules,
  wheelSegments,
  type WheelOutcome,
  type WheelRisk,
} from '@app/fair/wheel';
import { useState } from 'preact/hooks';
import { ChoiceField, countOptions, riskOptions, SelectField, shortMultiplier } from '../../frame/choice.tsx';
import type { GameContext } from '../../frame/game-module.ts';
import { PlayButton } from '../../frame/play-button.tsx';
import { RoundResult } from '../../frame/round-result.tsx';
import { RulesCommon, RulesList } from '../../frame/rules-common.tsx';
import { StakeField } from '../../frame/stake-field.tsx';
import { wait } from '../../lib/motion.ts';
import './wheel.css';

const SPIN_MS = 3600;
const TURNS = 5;
const SEGMENT_OPTIONS = countOptions(WHEEL_SEGMENT_COUNTS);
const RULES = ['wheel.rules.1', 'wheel.rules.2', 'wheel.rules.3'] as const;

/** A colour per multiplier, the same on the wheel and in its legend. */
export function segmentColour(multiplier: number): string {
  if (multiplier === 0) return '#3b2f55';
  if (multiplier <= 12_000) return '#2bb6c4';
  if (multiplier <= 15_000) return '#2ee68a';
  if (multiplier <= 20_000) return '#4d7cff';
  if (multiplier <= 25_000) return '#b366ff';
  if (multiplier <= 30_000) return '#ff66c4';
  if (multiplier <= 80_000) return '#ff9f1c';
  return '#ffd23f';
}

/**
 * The wheel's rotation (degrees, clockwise, growing) that brings a segment under the pointer at the top
 * after a few whole turns. Segment i spans [i, i + 1) × 360 / n from the top; `nudge` (−0.5 … 0.5) only
 * moves where in the segment the pointer rests.
 */
export function rotationFor(previous: number, segment: number, segments: number, nudge = 0): number {
  const size = 360 / segments;
  const centre = (segment + 0.5 + nudge * 0.7) * size;
  const target = (((360 - centre - previous) % 360) + 360) % 360;
  return previous + TURNS * 360 + target;
}

function wedge(index: number, segments: number): string {
  const size = (Math.PI * 2) / segments;
  const from = index * size - Math.PI / 2;
  const to = from + size;
  const [x1, y1] = [100 + 96 * Math.cos(from), 100 + 96 * Math.sin(from)];
  const [x2, y2] = [100 + 96 * Math.cos(to), 100 + 96 * Math.sin(to)];
  return `M100 100L${x1.toFixed(3)} ${y1.toFixed(3)}A96 96 0 0 1 ${x2.toFixed(3)} ${y2.toFixed(3)}Z`;
}

/**
 * Wheel: choose segments and risk, spin. The server's answer names the segment; the wheel turns a few
 * times and eases onto it under the pointer, then the win is shown.
 */
export default function WheelGame({ ctx }: { ctx: GameContext }) {
  const { t, api, stake, sound, reducedMotion } = ctx;
  const [segments, setSegments] = useState(30);
  const [risk, setRisk] = useState<WheelRisk>('medium');
  const [rotation, setRotation] = useState(0);
  const [spinning, setSpinning] = useState(false);
  const [busy, setBusy] = useState(false);
  const [landed, setLanded] = useState<{ segment: number; payout: number; multiplier: number } | undefined>();

  const multipliers = wheelSegments({ segments, risk });
  const legend = wheelRules({ segments, risk }).paytable;

  const spin = async () => {
    if (busy) return;
    setBusy(true);
    ctx.setInPlay(true);
    setLanded(undefined);
    sound.play('click');
    try {
      const result = await api.bet(stake, { segments, risk });
      ctx.placed(result);
      const outcome = result.round.outcome as WheelOutcome;
      setSpinning(!reducedMotion);
      setRotation((previous) => rotationFor(previous, outcome.segment, segments, Math.random() - 0.5));
      await wait(reducedMotion ? 0 : SPIN_MS);
      setSpinning(false);
      setLanded({ segment: outcome.segment, payout: result.round.payout, multiplier: outcome.multiplier });
      sound.play(result.round.payout > 0 ? 'win' : 'lose');
      ctx.revealed(result);
    } catch (error) {
      ctx.fail(error);
    } finally {
      setBusy(false);
      ctx.setInPlay(false);
    }
  };

  const reset = () => setLanded(undefined);

  return (
    <div class="game wheel">
      <section class="stage wheel__stage">
        <div class="wheel__box">
          <svg class="wheel__pointer" viewBox="0 0 40 40" aria-hidden="true">
            <path d="M6 4h28L20 36z" />
          </svg>
          <svg
            class={`wheel__disc${spinning ? ' is-spinning' : ''}`}
            viewBox="0 0 200 200"
            style={{ transform: `rotate(${rotation}deg)` }}
            role="img"
            aria-label={
              landed
                ? t('wheel.segment', { multiplier: formatMultiplier(landed.multiplier) })
                : t('menu.rules')
            }
            data-testid="wheel-disc"
          >
            <circle cx="100" cy="100" r="99" fill="#1a0b2e" />
            {multipliers.map((multiplier, index) => (
              <path
                key={index}
                d={wedge(index, segments)}
                fill={segmentColour(multiplier)}
                class={landed?.segment === index ? 'is-hit' : ''}
                stroke="#1a0b2e"
                stroke-width={segments > 30 ? 0.6 : 1}
              />
            ))}
            <circle cx="100" cy="100" r="62" fill="#1a0b2e" />
            <circle cx="100" cy="100" r="58" fill="url(#wheel-hub)" />
            <defs>
              <radialGradient id="wheel-hub">
                <stop offset="0" stop-color="#3a1d74" />
                <stop offset="1" stop-color="#1d0c42" />
              </radialGradient>
            </defs>
          </svg>
          <div class="wheel__centre" aria-live="polite">
            <strong data-testid="wheel-result" class={landed ? (landed.payout > 0 ? 'win' : 'muted') : ''}>
              {landed ? formatMultiplier(landed.multiplier) : '—'}
            </strong>
          </div>
        </div>
        <ul class="wheel__legend">
          {legend.map((entry) => (
            <li key={entry.multiplier} class={landed?.multiplier === entry.multiplier ? 'is-hit' : ''}>
              <span class="wheel__swatch" style={{ background: segmentColour(entry.multiplier) }} />
              {shortMultiplier(entry.multiplier)}
            </li>
          ))}
        </ul>
        <RoundResult ctx={ctx} payout={landed?.payout} />
      </section>

      <section class="controls">
        <div class="options-row">
          <SelectField
            label={t('wheel.segments')}
            value={segments}
            options={SEGMENT_OPTIONS}
            disabled={busy}
            onChange={(value) => {
              reset();
              setSegments(value);
            }}
            testId="wheel-segments"
          />
          <ChoiceField
            label={t('wheel.risk')}
            value={risk}
            disabled={busy}
            options={riskOptions(WHEEL_RISKS, t)}
            onChange={(value) => {
              reset();
              setRisk(value);
            }}
            testId="wheel-risk"
          />
        </div>
        <StakeField ctx={ctx} disabled={busy} />
        <PlayButton disabled={busy} onPlay={spin}>
          {busy ? t('wheel.spinning') : t('wheel.spin')}
        </PlayButton>
      </section>
    </div>
  );
}

/** Wheel rules: the text and, for the chosen segments and risk, each multiplier and how many segments show it. */
export function Rules({ ctx }: { ctx: GameContext }) {
  const { t } = ctx;
  const [segments, setSegments] = useState(30);
  const [risk, setRisk] = useState<WheelRisk>('medium');
  const rules = wheelRules({ segments, risk });
  return (
    <div class="rules">
      <RulesList keys={RULES} t={t} />
      <h3>{t('wheel.rules.table', { segments, risk: t(`risk.${risk}`) })}</h3>
      <div class="options-row">
        <SelectField
          label={t('wheel.segments')}
          value={segments}
          options={SEGMENT_OPTIONS}
          onChange={setSegments}
        />
        <SelectField
          label={t('wheel.risk')}
          value={risk}
          options={riskOptions(WHEEL_RISKS, t)}
          onChange={setRisk}
        />
      </div>
      <table class="table">
        <thead>
          <tr>
            <th>{t('dice.multiplier')}</th>
            <th>{t('wheel.segments')}</th>
            <th>{t('mines.rules.chance')}</th>
          </tr>
        </thead>
        <tbody>
          {rules.paytable.map((entry) => (
            <tr key={entry.multiplier}>
              <td>
                <span class="wheel__swatch" style={{ background: segmentColour(entry.multiplier) }} />{' '}
                {formatMultiplier(entry.multiplier)}
              </td>
              <td>{entry.segments}</td>
              <td>{((entry.segments / segments) * 100).toFixed(2)}%</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p>{t('rules.rtp', { rtp: `${(rules.rtp * 100).toFixed(2)}%` })}</p>
      <RulesCommon ctx={ctx} />
    </div>
  );
}
