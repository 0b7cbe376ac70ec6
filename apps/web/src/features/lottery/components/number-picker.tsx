import { LOTTERY_BLUE_MAX, LOTTERY_RED_MAX, LOTTERY_RED_PICKS } from '@app/contracts/lottery';
import type { Translate } from '../../../lib/i18n.ts';

export type Selection = { red: number[]; blue: number | null };

export const EMPTY_SELECTION: Selection = { red: [], blue: null };

export function isComplete(selection: Selection): selection is { red: number[]; blue: number } {
  return selection.red.length === LOTTERY_RED_PICKS && selection.blue !== null;
}

/**
 * The 33 red and 16 blue numbers as toggles (7 and 8 to a row: each at least 36 px on a 360 px screen).
 * A seventh red is refused (the toggle is disabled) rather than silently replacing one.
 */
export function NumberPicker({
  selection,
  onChange,
  t,
}: {
  selection: Selection;
  onChange: (next: Selection) => void;
  t: Translate;
}) {
  const full = selection.red.length >= LOTTERY_RED_PICKS;
  const toggleRed = (number: number) => {
    const has = selection.red.includes(number);
    if (!has && full) return;
    const red = has
      ? selection.red.filter((each) => each !== number)
      : [...selection.red, number].sort((a, b) => a - b);
    onChange({ ...selection, red });
  };
  return (
    <div className="picker">
      <p className="lottery__label" id="picker-red">
        {t('lottery.pick.red')}
      </p>
      <div
        className="picker__grid picker__grid--red"
        role="group"
        aria-labelledby="picker-red"
        data-testid="picker-red"
      >
        {Array.from({ length: LOTTERY_RED_MAX }, (_, index) => index + 1).map((number) => {
          const chosen = selection.red.includes(number);
          return (
            <button
              key={number}
              type="button"
              className={`picker__ball picker__ball--red${chosen ? ' picker__ball--on' : ''}`}
              aria-pressed={chosen}
              disabled={!chosen && full}
              onClick={() => toggleRed(number)}
              data-number={number}
            >
              {String(number).padStart(2, '0')}
            </button>
          );
        })}
      </div>
      <p className="lottery__label" id="picker-blue">
        {t('lottery.pick.blue')}
      </p>
      <div
        className="picker__grid picker__grid--blue"
        role="group"
        aria-labelledby="picker-blue"
        data-testid="picker-blue"
      >
        {Array.from({ length: LOTTERY_BLUE_MAX }, (_, index) => index + 1).map((number) => {
          const chosen = selection.blue === number;
          return (
            <button
              key={number}
              type="button"
              className={`picker__ball picker__ball--blue${chosen ? ' picker__ball--on' : ''}`}
              aria-pressed={chosen}
              onClick={() => onChange({ ...selection, blue: chosen ? null : number })}
              data-number={number}
            >
              {String(number).padStart(2, '0')}
            </button>
          );
        })}
      </div>
      <p className="lottery__note" data-testid="picker-count">
        {t('lottery.pick.chosen', { red: selection.red.length, blue: selection.blue === null ? 0 : 1 })}
      </p>
    </div>
  );
}
