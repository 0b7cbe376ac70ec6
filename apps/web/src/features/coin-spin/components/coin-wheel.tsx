import type { CoinSpinPrize } from '@app/contracts/coin-spin';

/** How long the wheel turns before the result shows (the CSS transition runs as long). */
export const SPIN_MS = 4_000;
const TURNS = 5;
const SIZE = 240;
const RADIUS = SIZE / 2;

/** The rotation (degrees) that brings prize `index` of `count` under the pointer at the top. */
export function rotationFor(index: number, count: number, previous: number): number {
  const segment = 360 / count;
  const target = 360 - (index + 0.5) * segment;
  const base = previous - (previous % 360);
  return base + TURNS * 360 + target;
}

function wedge(index: number, count: number): string {
  const start = ((index * 360) / count - 90) * (Math.PI / 180);
  const end = (((index + 1) * 360) / count - 90) * (Math.PI / 180);
  const large = 360 / count > 180 ? 1 : 0;
  const x1 = RADIUS + RADIUS * Math.cos(start);
  const y1 = RADIUS + RADIUS * Math.sin(start);
  const x2 = RADIUS + RADIUS * Math.cos(end);
  const y2 = RADIUS + RADIUS * Math.sin(end);
  return `M${RADIUS},${RADIUS} L${x1.toFixed(2)},${y1.toFixed(2)} A${RADIUS},${RADIUS} 0 ${large} 1 ${x2.toFixed(2)},${y2.toFixed(2)} Z`;
}

/**
 * The wheel: one wedge per prize of the published pool, in its order (the draw itself is over the remaining
 * entries, docs/promotions.md "Coin spin"; an exhausted prize is greyed). `rotation` turns it; `labelOf`
 * names a prize.
 */
export function CoinWheel({
  prizes,
  rotation,
  labelOf,
  shortLabelOf,
}: {
  prizes: CoinSpinPrize[];
  rotation: number;
  /** The prize in words (the wheel's accessible name). */
  labelOf: (prize: CoinSpinPrize) => string;
  /** What fits on a wedge: coins as an amount under the coin mark, cash with its currency. */
  shortLabelOf: (prize: CoinSpinPrize) => string;
}) {
  const count = prizes.length;
  return (
    <div className="coin-wheel" data-testid="coin-wheel">
      <span className="coin-wheel__pointer" aria-hidden="true" />
      <svg
        className="coin-wheel__disc"
        viewBox={`0 0 ${SIZE} ${SIZE}`}
        style={{ transform: `rotate(${rotation}deg)`, transitionDuration: `${SPIN_MS}ms` }}
        role="img"
        aria-label={prizes.map(labelOf).join(', ')}
      >
        {prizes.map((prize, index) => {
          const angle = ((index + 0.5) * 360) / count;
          return (
            <g key={prize.index} className={prize.remaining === 0 ? 'is-exhausted' : ''}>
              <path d={wedge(index, count)} className={`coin-wheel__wedge coin-wheel__wedge--${index % 2}`} />
              <text
                x={RADIUS}
                y={22}
                className="coin-wheel__label"
                transform={`rotate(${angle} ${RADIUS} ${RADIUS})`}
                textAnchor="middle"
              >
                {shortLabelOf(prize)}
              </text>
              {prize.cash === 0 ? (
                <text
                  x={RADIUS}
                  y={38}
                  className="coin-wheel__mark"
                  transform={`rotate(${angle} ${RADIUS} ${RADIUS})`}
                  textAnchor="middle"
                  aria-hidden="true"
                >
                  ◎
                </text>
              ) : null}
            </g>
          );
        })}
      </svg>
    </div>
  );
}
