import type { DiamondTaskConfig } from '@app/contracts/diamonds';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { Translate } from '../../../lib/i18n.ts';

/** Seconds as hh:mm:ss (hours not wrapped: a whole day reads 24:00:00); never below zero. */
export function formatCountdown(seconds: number): string {
  const whole = Math.max(0, Math.ceil(seconds));
  const two = (value: number) => String(value).padStart(2, '0');
  return `${two(Math.floor(whole / 3600))}:${two(Math.floor((whole % 3600) / 60))}:${two(whole % 60)}`;
}

/**
 * The time left until the day's tasks start again (task config `countdown`, docs/promotions.md
 * "Diamonds"), shown during the day's last `countdown` seconds (0: never). It counts from the answer's
 * `resetIn`, measured from when the answer arrived (a phone's clock may be wrong, its seconds are not); at
 * zero `onReset` asks for the new day's tasks, whose answer starts the next countdown.
 */
export function ResetCountdown({
  config,
  t,
  onReset,
}: {
  config: Pick<DiamondTaskConfig, 'countdown' | 'resetIn'>;
  t: Translate;
  onReset: () => void;
}) {
  // A new answer (each poll, each refetch) sets the deadline again.
  const deadline = useMemo(() => Date.now() + config.resetIn * 1000, [config]);
  const secondsLeft = () => Math.max(0, Math.ceil((deadline - Date.now()) / 1000));
  const [left, setLeft] = useState(secondsLeft);
  const reset = useRef(onReset);
  reset.current = onReset;

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout>;
    const tick = () => {
      const now = secondsLeft();
      setLeft(now);
      if (now === 0) {
        reset.current();
        return;
      }
      // Wakes on the next whole second before the deadline, so the display steps in time.
      timer = setTimeout(tick, (deadline - Date.now()) % 1000 || 1000);
    };
    tick();
    return () => clearTimeout(timer);
    // secondsLeft reads only the deadline.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [deadline]);

  if (config.countdown <= 0 || left > config.countdown) return null;
  return (
    <p className="diamonds__countdown" role="timer" data-testid="task-countdown">
      {t('diamonds.resetIn', { time: formatCountdown(left) })}
    </p>
  );
}
