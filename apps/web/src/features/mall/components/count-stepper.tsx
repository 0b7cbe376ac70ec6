import type { Translate } from '../../../lib/i18n.ts';

/** − count + within [1, max]; big enough to tap on a phone. */
export function CountStepper({
  value,
  max,
  onChange,
  t,
  testId,
}: {
  value: number;
  max: number;
  onChange: (next: number) => void;
  t: Translate;
  testId?: string;
}) {
  return (
    <div className="count-stepper" role="group" aria-label={t('mall.quantity')} data-testid={testId}>
      <button
        type="button"
        className="count-stepper__button"
        onClick={() => onChange(value - 1)}
        disabled={value <= 1}
        aria-label={t('mall.less')}
      >
        −
      </button>
      <output className="count-stepper__value" aria-live="polite">
        {value}
      </output>
      <button
        type="button"
        className="count-stepper__button"
        onClick={() => onChange(value + 1)}
        disabled={value >= max}
        aria-label={t('mall.more')}
      >
        +
      </button>
    </div>
  );
}
