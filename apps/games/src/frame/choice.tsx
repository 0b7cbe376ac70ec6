/** A row of exclusive choices (risk, direction): buttons with aria-pressed, one of them on. */
export function Choice<T extends string | number>(props: {
  label: string;
  value: T;
  options: readonly { value: T; label: string }[];
  disabled?: boolean;
  onChange: (value: T) => void;
  testId?: string;
}) {
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

/** A short multiplier for tight spaces: "0.2×", "5.5×", "12×", "1K×". */
export function shortMultiplier(tenThousandths: number): string {
  const value = tenThousandths / 10_000;
  if (value >= 1000) return `${Math.floor(value / 100) / 10}K×`;
  if (value >= 10) return `${Math.floor(value)}×`;
  return `${Math.floor(value * 10) / 10}×`;
}
