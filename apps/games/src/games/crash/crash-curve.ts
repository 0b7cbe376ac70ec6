import { CRASH_GROWTH_PER_MS, crashTimeToReach } from '@app/fair/crash';

/**
 * The rising curve on a canvas: m(t) = e^(0.00006 t) (packages/fair, the curve the server times the round
 * with), from the start to `elapsedMs`, with the cash-outs of the round as dots on it. The axes grow with
 * the round so the head of the curve stays in view. Drawing only: every figure shown as text is elsewhere.
 */
export type CurveFrame = {
  elapsedMs: number;
  /** Hundredths: the multiplier at the head (the crash point once crashed). */
  multiplier: number;
  crashed: boolean;
  /** Cash-outs of the round (hundredths), drawn where the curve reached them. */
  cashouts: { at: number; mine: boolean }[];
};

const MIN_SPAN_MS = 8_000;
const MIN_TOP = 1.8;

const COLORS = {
  grid: 'rgba(255,255,255,0.08)',
  label: 'rgba(255,255,255,0.45)',
  line: '#ffd23f',
  fill: 'rgba(255,210,63,0.16)',
  crashed: '#ff4d6d',
  crashedFill: 'rgba(255,77,109,0.14)',
  dot: '#2ee68a',
  mine: '#ffffff',
};

/** Grid steps of the multiplier axis: about four lines whatever the top. */
function multiplierStep(top: number): number {
  const span = top - 1;
  for (const step of [0.1, 0.2, 0.25, 0.5, 1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000]) {
    if (span / step <= 4) return step;
  }
  return 10_000;
}

export function drawCurve(canvas: HTMLCanvasElement, frame: CurveFrame): void {
  const ratio = Math.min(2, window.devicePixelRatio || 1);
  const width = Math.max(1, Math.round(canvas.clientWidth * ratio));
  const height = Math.max(1, Math.round(canvas.clientHeight * ratio));
  if (canvas.width !== width || canvas.height !== height) {
    canvas.width = width;
    canvas.height = height;
  }
  const context = canvas.getContext('2d');
  if (!context) return;
  context.setTransform(ratio, 0, 0, ratio, 0, 0);
  const w = width / ratio;
  const h = height / ratio;
  context.clearRect(0, 0, w, h);

  const left = 34;
  const bottom = h - 20;
  const top = 12;
  const right = w - 12;
  const head = frame.multiplier / 100;
  const spanMs = Math.max(MIN_SPAN_MS, frame.elapsedMs * 1.15);
  const topValue = Math.max(MIN_TOP, 1 + (head - 1) * 1.2);
  const x = (ms: number) => left + (ms / spanMs) * (right - left);
  const y = (value: number) => bottom - ((value - 1) / (topValue - 1)) * (bottom - top);

  context.font = '11px system-ui, sans-serif';
  context.lineWidth = 1;
  context.strokeStyle = COLORS.grid;
  context.fillStyle = COLORS.label;
  const step = multiplierStep(topValue);
  for (let value = 1; value <= topValue + 1e-9; value += step) {
    const py = y(value);
    context.beginPath();
    context.moveTo(left, py);
    context.lineTo(right, py);
    context.stroke();
    context.fillText(`${Number(value.toFixed(2))}×`, 2, py + 4);
  }
  const secondsStep = spanMs > 60_000 ? 20 : spanMs > 24_000 ? 10 : spanMs > 12_000 ? 4 : 2;
  for (let second = secondsStep; second * 1000 < spanMs; second += secondsStep) {
    context.fillText(`${second}s`, x(second * 1000) - 6, h - 5);
  }

  if (frame.elapsedMs <= 0) return;
  const points = Math.min(120, Math.max(24, Math.round(frame.elapsedMs / 100)));
  const at = (ms: number) => Math.min(head, Math.exp(CRASH_GROWTH_PER_MS * ms));
  context.beginPath();
  context.moveTo(x(0), y(1));
  for (let index = 1; index <= points; index += 1) {
    const ms = (frame.elapsedMs * index) / points;
    context.lineTo(x(ms), y(at(ms)));
  }
  const headX = x(frame.elapsedMs);
  const headY = y(head);
  context.strokeStyle = frame.crashed ? COLORS.crashed : COLORS.line;
  context.lineWidth = 4;
  context.lineJoin = 'round';
  context.stroke();
  context.lineTo(headX, bottom);
  context.lineTo(x(0), bottom);
  context.closePath();
  context.fillStyle = frame.crashed ? COLORS.crashedFill : COLORS.fill;
  context.fill();

  for (const cashout of frame.cashouts) {
    if (cashout.at > frame.multiplier) continue;
    const px = x(crashTimeToReach(cashout.at));
    const py = y(cashout.at / 100);
    context.beginPath();
    context.arc(px, py, cashout.mine ? 6 : 4, 0, Math.PI * 2);
    context.fillStyle = cashout.mine ? COLORS.mine : COLORS.dot;
    context.fill();
  }

  context.beginPath();
  context.arc(headX, headY, 6, 0, Math.PI * 2);
  context.fillStyle = frame.crashed ? COLORS.crashed : COLORS.line;
  context.fill();
}
