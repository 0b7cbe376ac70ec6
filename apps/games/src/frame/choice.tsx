import type { PlinkoRisk } from '@app/fair/plinko';
import type { WheelRisk } from '@app/fair/wheel';
import type { Translate } from '../lib/i18n.ts';

/** One value a player can pick, with the text it shows. */
export type ChoiceOption<T extends string | number> = { value: T; label: string };

type ChoiceProps<T extends string | number> = {
  label: string;
  value: T;
  options: readonly ChoiceOption<T>[];
  disabled?: boolean;
  onChange: (value: T) => void;
  testId?: string;
};

/** A row of exclusive choices (risk, direction): buttons with aria-pressed, one of them on. */
export function Choice<T extends string | number>(props: ChoiceProps<T>) {
  return (
    <div class="segmented" role="group" aria-label={props.label} data-testid={props.testId}>
      {props.options.map((option) => (
        <button
          key={option.value}
          type="button"
          class="segmented__option"
          aria-pressed={option.value === props.value}
          disabled={props.disabled}
          onClick={() => props.onChange(option.value)}
        >
          {option.label}
        </button>
      ))}
    </div>
  );
}

/** A row of choices under a field's label, beside the page's drop-downs (plinko's and wheel's risk). */
export function ChoiceField<T extends string | number>(props: ChoiceProps<T>) {
  return (
    <div class="field">
      <span>{props.label}</span>
      <Choice {...props} />
    </div>
  );
}

/**
 * A labelled drop-down of choices (rows, segments, mines, risk), for the games' controls, their rules and
 * the verifier. The value may be the text a form holds ("12" for 12): the select matches it as text, and
 * hands back the option's own value.
 */
export function SelectField<T extends string | number>(
  props: Omit<ChoiceProps<T>, 'value'> & { value: T | string },
) {
  return (
    <label class="field">
      <span>{props.label}</span>
      <select
        value={props.value}
        disabled={props.disabled}
        data-testid={props.testId}
        onChange={(event) => {
          const chosen = props.options.find((option) => String(option.value) === event.currentTarget.value);
          if (chosen) props.onChange(chosen.value);
        }}
      >
        {props.options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </label>
  );
}

/** Every whole number from min to max, both included (plinko's rows, the number of mines). */
export function countsBetween(min: number, max: number): number[] {
  return Array.from({ length: max - min + 1 }, (_, index) => index + min);
}

/** Counts as choices that show the number itself. */
export function countOptions(counts: readonly number[]): ChoiceOption<number>[] {
  return counts.map((count) => ({ value: count, label: String(count) }));
}

/** Plinko's and wheel's risks as choices, named by the catalogue. */
export function riskOptions<R extends PlinkoRisk | WheelRisk>(
  risks: readonly R[],
  t: Translate,
): ChoiceOption<R>[] {
  return risks.map((value) => ({ value, label: t(`risk.${value}`) }));
}

/** A short multiplier for tight spaces: "0.2×", "5.5×", "12×", "1K×". */
export function shortMultiplier(tenThousandths: number): string {
  const value = tenThousandths / 10_000;
  if (value >= 1000) return `${Math.floor(value / 100) / 10}K×`;
  if (value >= 10) return `${Math.floor(value)}×`;
  return `${Math.floor(value * 10) / 10}×`;
}
