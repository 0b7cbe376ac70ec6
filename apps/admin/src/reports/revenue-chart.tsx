import type { ReportDay } from '@app/contracts/back-office-reports';
import { useText } from '../use-text.ts';

const HEIGHT = 180;
const PAD = { top: 10, bottom: 22, left: 8, right: 8 };

/**
 * GGR per day as bars (up for a gain, down for a loss) and NGR as a line over them: our own inline SVG, no
 * chart library (the back office's bundle stays small). The figures are in the table below it; the chart's
 * label says what it draws and its extremes for a screen reader.
 */
export function RevenueChart({ days, money }: { days: ReportDay[]; money: (minor: number) => string }) {
  const t = useText();
  if (days.length === 0) return null;
  const values = days.flatMap((day) => [day.revenue.ggr, day.revenue.ngr]);
  const max = Math.max(0, ...values);
  const min = Math.min(0, ...values);
  const span = max - min || 1;
  const slot = Math.max(8, Math.min(40, 900 / days.length));
  const width = PAD.left + PAD.right + slot * days.length;
  const plot = HEIGHT - PAD.top - PAD.bottom;
  const y = (value: number) => PAD.top + ((max - value) / span) * plot;
  const x = (index: number) => PAD.left + slot * index + slot / 2;
  const bar = Math.max(2, slot * 0.6);
  const labelEvery = Math.ceil(days.length / 10);
  const ngrLine = days.map((day, index) => `${x(index)},${y(day.revenue.ngr)}`).join(' ');
  return (
    <figure className="card panel chart">
      <figcaption>
        <h2>{t('reports.chartTitle')}</h2>
        <span className="legend ggr">{t('reports.ggr')}</span>
        <span className="legend ngr">{t('reports.ngr')}</span>
      </figcaption>
      <svg
        viewBox={`0 0 ${width} ${HEIGHT}`}
        role="img"
        aria-label={t('reports.chartLabel', { max: money(max), min: money(min) })}
      >
        <line className="axis" x1={PAD.left} x2={width - PAD.right} y1={y(0)} y2={y(0)} />
        {days.map((day, index) => {
          const top = Math.min(y(day.revenue.ggr), y(0));
          return (
            <rect
              key={day.day}
              className={day.revenue.ggr < 0 ? 'bar loss' : 'bar'}
              x={x(index) - bar / 2}
              y={top}
              width={bar}
              height={Math.max(1, Math.abs(y(day.revenue.ggr) - y(0)))}
            >
              <title>{`${day.day} · ${t('reports.ggr')} ${money(day.revenue.ggr)} · ${t('reports.ngr')} ${money(day.revenue.ngr)}`}</title>
            </rect>
          );
        })}
        <polyline className="line" points={ngrLine} />
        {days.map((day, index) =>
          index % labelEvery === 0 ? (
            <text key={day.day} x={x(index)} y={HEIGHT - 6} textAnchor="middle">
              {day.day.slice(5)}
            </text>
          ) : null,
        )}
      </svg>
    </figure>
  );
}
