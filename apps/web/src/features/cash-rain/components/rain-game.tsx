import { useEffect, useRef, useState } from 'react';
import type { Translate } from '../../../lib/i18n.ts';
import {
  COUNTDOWN_SECONDS,
  DROP_EVERY_MS,
  FALL_MS,
  hitDrop,
  missDrop,
  NO_SCORE,
  RAIN_MS,
} from '../rain-rules.ts';
import './cash-rain.css';

type Drop = { id: number; left: number };

/**
 * The rain itself: a 3-2-1 countdown, then 15 s of drops (one every 250 ms, each falling for 3 s).
 * Drops move by a CSS transform only (cheap phones composite it without layout). Where a drop starts is
 * decoration, not an outcome: a fixed spread, no randomness. At the end `onEnd` gets the count.
 */
export function RainGame({ t, onEnd }: { t: Translate; onEnd: (count: number) => void }) {
  const [left, setLeft] = useState(COUNTDOWN_SECONDS);
  const [drops, setDrops] = useState<Drop[]>([]);
  const [score, setScore] = useState(NO_SCORE);
  const scoreRef = useRef(NO_SCORE);
  const onEndRef = useRef(onEnd);
  onEndRef.current = onEnd;
  const raining = left === 0;

  useEffect(() => {
    if (raining) return undefined;
    const timer = setTimeout(() => setLeft((seconds) => seconds - 1), 1000);
    return () => clearTimeout(timer);
  }, [left, raining]);

  useEffect(() => {
    if (!raining) return undefined;
    let next = 0;
    const falls = new Set<ReturnType<typeof setTimeout>>();
    const spawn = setInterval(() => {
      next += 1;
      const id = next;
      setDrops((current) => [...current, { id, left: 4 + ((id * 37) % 84) }]);
      const fall = setTimeout(() => {
        falls.delete(fall);
        setDrops((current) => current.filter((drop) => drop.id !== id));
      }, FALL_MS);
      falls.add(fall);
    }, DROP_EVERY_MS);
    const end = setTimeout(() => {
      clearInterval(spawn);
      onEndRef.current(scoreRef.current.count);
    }, RAIN_MS);
    return () => {
      clearInterval(spawn);
      clearTimeout(end);
      falls.forEach(clearTimeout);
    };
  }, [raining]);

  const record = (next: typeof NO_SCORE) => {
    scoreRef.current = next;
    setScore(next);
  };

  if (!raining) {
    return (
      <div className="rain rain--countdown" data-testid="rain-countdown">
        <span className="rain__countdown" aria-live="assertive">
          {left}
        </span>
      </div>
    );
  }
  return (
    <div className="rain" data-testid="rain-field" onPointerDown={() => record(missDrop(scoreRef.current))}>
      <div className="rain__score">
        <span data-testid="rain-count">{t('cash_rain.count', { count: score.count })}</span>
        {score.combo > 1 ? (
          <span className="rain__combo">{t('cash_rain.combo', { combo: score.combo })}</span>
        ) : null}
      </div>
      {drops.map((drop) => (
        <button
          key={drop.id}
          type="button"
          className="rain__drop"
          data-testid="rain-drop"
          aria-label="+1"
          style={{ left: `${drop.left}%`, animationDuration: `${FALL_MS}ms` }}
          onPointerDown={(event) => {
            event.stopPropagation();
            setDrops((current) => current.filter((each) => each.id !== drop.id));
            record(hitDrop(scoreRef.current));
          }}
        />
      ))}
    </div>
  );
}
