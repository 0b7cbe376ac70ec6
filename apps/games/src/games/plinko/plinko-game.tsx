import { formatMultiplier } from '@app/fair/payout';
import {
  PLINKO_MAX_ROWS,
  PLINKO_MIN_ROWS,
  PLINKO_RISKS,
  plinkoPaytable,
  plinkoRules,
  type PlinkoOutcome,
  type PlinkoRisk,
} from '@app/fair/plinko';
import { useEffect, useRef, useState } from 'preact/hooks';
import {
  ChoiceField,
  countOptions,
  countsBetween,
  riskOptions,
  SelectField,
  shortMultiplier,
} from '../../frame/choice.tsx';
import type { GameContext } from '../../frame/game-module.ts';
import { PlayButton } from '../../frame/play-button.tsx';
import { RoundResult } from '../../frame/round-result.tsx';
import { RulesCommon, RulesList } from '../../frame/rules-common.tsx';
import { StakeField } from '../../frame/stake-field.tsx';
import { wait } from '../../lib/motion.ts';
import './plinko.css';

const ROW_MS = 170;
const RECENT = 8;
const ROW_OPTIONS = countOptions(countsBetween(PLINKO_MIN_ROWS, PLINKO_MAX_ROWS));
const RULES = ['plinko.rules.1', 'plinko.rules.2', 'plinko.rules.3', 'plinko.rules.4'] as const;

/** Board geometry in units of the peg spacing: the board is rows + 2 wide, pegs from y = 1. */
export function plinkoGeometry(rows: number) {
  const width = rows + 2;
  const center = width / 2;
  const pegs: { x: number; y: number }[] = [];
  for (let row = 0; row < rows; row += 1) {
    for (let peg = 0; peg < row + 3; peg += 1) pegs.push({ x: center + peg - (row + 2) / 2, y: row + 1 });
  }
  const bucketY = rows + 1.15;
  const buckets = Array.from({ length: rows + 1 }, (_, bucket) => ({
    x: center + bucket - rows / 2,
    y: bucketY,
  }));
  return { width, height: rows + 2, center, pegs, buckets, bucketY };
}

/**
 * The ball's waypoints for a path: above the board, then on top of the peg it meets in each row (after k
 * rights in r rows it is at center + k − r/2), a small hop to the side it falls, and into its bucket.
 */
export function ballWaypoints(path: readonly number[]): { x: number; y: number }[] {
  const rows = path.length;
  const { center, bucketY } = plinkoGeometry(rows);
  const points = [{ x: center, y: 0.2 }];
  let rights = 0;
  path.forEach((step, row) => {
    const x = center + rights - row / 2;
    points.push({ x, y: row + 1 - 0.42 });
    points.push({ x: x + (step ? 0.28 : -0.28), y: row + 1 - 0.62 });
    rights += step;
  });
  points.push({ x: center + rights - rows / 2, y: bucketY });
  return points;
}

function bucketTone(multiplier: number, max: number): string {
  // From the centre's cool purple to the edges' hot red, by how far the bucket's pay is up the scale.
  const ratio = Math.log(Math.max(multiplier, 1_000) / 1_000) / Math.log(Math.max(max, 10_001) / 1_000);
  const hue = 45 - ratio * 45;
  return multiplier < 10_000 ? `hsl(265 45% ${32 + ratio * 20}%)` : `hsl(${hue} 95% 55%)`;
}

/**
 * Plinko: choose rows and risk, drop the ball. The server's answer carries the ball's path (left or right at
 * every row); the ball follows it through the pegs to its bucket, then the win is shown.
 */
export default function PlinkoGame({ ctx }: { ctx: GameContext }) {
  const { t, api, stake, sound, reducedMotion } = ctx;
  const [rows, setRows] = useState(12);
  const [risk, setRisk] = useState<PlinkoRisk>('medium');
  const [busy, setBusy] = useState(false);
  const [landed, setLanded] = useState<{ bucket: number; payout: number; multiplier: number } | undefined>();
  const [recent, setRecent] = useState<{ id: number; multiplier: number }[]>([]);
  const [path, setPath] = useState<number[] | undefined>();
  /** Where the ball rests between drops (the animation moves it in between). */
  const [resting, setResting] = useState<{ x: number; y: number } | undefined>();
  const ball = useRef<SVGCircleElement>(null);
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);
  useEffect(() => () => timers.current.forEach(clearTimeout), []);

  const boardRows = path?.length ?? rows;
  const geometry = plinkoGeometry(boardRows);
  const paytable = plinkoPaytable({ rows: boardRows, risk });
  const top = Math.max(...paytable);

  const drop = async () => {
    if (busy) return;
    setBusy(true);
    ctx.setInPlay(true);
    setLanded(undefined);
    sound.play('click');
    try {
      const result = await api.bet(stake, { rows, risk });
      ctx.placed(result);
      const outcome = result.round.outcome as PlinkoOutcome;
      setPath(outcome.path);
      const points = ballWaypoints(outcome.path);
      setResting(points[0]);
      const duration = reducedMotion ? 0 : outcome.path.length * ROW_MS + 260;
      await wait(0);
      const element = ball.current;
      if (element && duration > 0 && typeof element.animate === 'function') {
        const frames = points.map((point, index) => ({
          transform: `translate(${point.x}px, ${point.y}px)`,
          offset: index / (points.length - 1),
          easing: index % 2 === 1 ? 'ease-out' : 'ease-in',
        }));
        timers.current = outcome.path.map((_, row) =>
          setTimeout(() => sound.play('peg'), (row + 1) * ROW_MS),
        );
        const animation = element.animate(frames, { duration, fill: 'forwards' });
        await animation.finished.catch(() => undefined);
        setResting(points.at(-1));
        await wait(0);
        animation.cancel();
      } else {
        setResting(points.at(-1));
      }
      setLanded({ bucket: outcome.bucket, payout: result.round.payout, multiplier: outcome.multiplier });
      setRecent((before) =>
        [{ id: result.round.id, multiplier: outcome.multiplier }, ...before].slice(0, RECENT),
      );
      sound.play(
        result.round.payout > result.round.stake ? 'win' : result.round.payout > 0 ? 'tick' : 'lose',
      );
      ctx.revealed(result);
    } catch (error) {
      ctx.fail(error);
    } finally {
      setBusy(false);
      ctx.setInPlay(false);
    }
  };

  const ballAt = resting ?? { x: geometry.center, y: 0.2 };
  const changeRows = (value: number) => {
    setPath(undefined);
    setResting(undefined);
    setLanded(undefined);
    setRows(value);
  };

  return (
    <div class="game plinko">
      <section class="stage plinko__stage">
        <ol class="plinko__recent" aria-label={t('dice.recent')}>
          {recent.map((item) => (
            <li key={item.id} class={item.multiplier >= 10_000 ? 'win-chip' : 'lose-chip'}>
              {shortMultiplier(item.multiplier)}
            </li>
          ))}
        </ol>
        <svg
          class="plinko__board"
          viewBox={`0 0 ${geometry.width} ${geometry.height}`}
          role="img"
          aria-label={
            landed ? t('plinko.bucket', { multiplier: formatMultiplier(landed.multiplier) }) : t('menu.rules')
          }
          data-testid="plinko-board"
        >
          {geometry.pegs.map((peg, index) => (
            <circle key={index} cx={peg.x} cy={peg.y} r={0.1} class="plinko__peg" />
          ))}
          {geometry.buckets.map((bucket, index) => {
            const multiplier = paytable[index] ?? 0;
            return (
              <g key={index} class={`plinko__bucket${landed?.bucket === index ? ' is-hit' : ''}`}>
                <rect
                  x={bucket.x - 0.46}
                  y={bucket.y - 0.34}
                  width={0.92}
                  height={0.68}
                  rx={0.12}
                  fill={bucketTone(multiplier, top)}
                />
                <text
                  x={bucket.x}
                  y={bucket.y + 0.12}
                  text-anchor="middle"
                  font-size={boardRows > 12 ? 0.27 : 0.32}
                >
                  {shortMultiplier(multiplier)}
                </text>
              </g>
            );
          })}
          <circle
            ref={ball}
            r={0.24}
            class="plinko__ball"
            style={{ transform: `translate(${ballAt.x}px, ${ballAt.y}px)` }}
            data-testid="plinko-ball"
          />
        </svg>
        <RoundResult ctx={ctx} payout={landed?.payout} />
      </section>

      <section class="controls">
        <div class="options-row">
          <SelectField
            label={t('plinko.rows')}
            value={rows}
            options={ROW_OPTIONS}
            disabled={busy}
            onChange={changeRows}
            testId="plinko-rows"
          />
          <ChoiceField
            label={t('plinko.risk')}
            value={risk}
            disabled={busy}
            options={riskOptions(PLINKO_RISKS, t)}
            onChange={(value) => {
              setLanded(undefined);
              setRisk(value);
            }}
            testId="plinko-risk"
          />
        </div>
        <StakeField ctx={ctx} disabled={busy} />
        <PlayButton disabled={busy} onPlay={drop}>
          {busy ? t('plinko.dropping') : t('plinko.drop')}
        </PlayButton>
      </section>
    </div>
  );
}

/** Plinko rules: the text, and every bucket's multiplier and chance for the chosen rows and risk. */
export function Rules({ ctx }: { ctx: GameContext }) {
  const { t } = ctx;
  const [rows, setRows] = useState(12);
  const [risk, setRisk] = useState<PlinkoRisk>('medium');
  const rules = plinkoRules({ rows, risk });
  return (
    <div class="rules">
      <RulesList keys={RULES} t={t} />
      <h3>{t('plinko.rules.table', { rows, risk: t(`risk.${risk}`) })}</h3>
      <div class="options-row">
        <SelectField label={t('plinko.rows')} value={rows} options={ROW_OPTIONS} onChange={setRows} />
        <SelectField
          label={t('plinko.risk')}
          value={risk}
          options={riskOptions(PLINKO_RISKS, t)}
          onChange={setRisk}
        />
      </div>
      <table class="table">
        <thead>
          <tr>
            <th>#</th>
            <th>{t('dice.multiplier')}</th>
            <th>{t('mines.rules.chance')}</th>
          </tr>
        </thead>
        <tbody>
          {rules.buckets.map((bucket) => (
            <tr key={bucket.bucket}>
              <td>{bucket.bucket}</td>
              <td>{formatMultiplier(bucket.multiplier)}</td>
              <td>{formatChance(bucket.chance)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p>{t('rules.rtp', { rtp: `${(rules.rtp * 100).toFixed(2)}%` })}</p>
      <RulesCommon ctx={ctx} />
    </div>
  );
}

export function formatChance(chance: number): string {
  const percent = chance * 100;
  return `${percent >= 0.1 ? percent.toFixed(2) : percent.toPrecision(2)}%`;
}
