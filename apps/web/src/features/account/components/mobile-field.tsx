import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n.ts';
import { useSettings } from '../../../lib/settings.ts';
import { mobileError } from '../form-rules.ts';
import { describedBy, Field } from '../../../components/ui/field.tsx';

type MobileFieldProps = {
  id: string;
  value: string;
  onChange: (value: string) => void;
  autoFocus?: boolean;
  /** The label when it is not the plain "Mobile number" (a new number being added). */
  label?: string;
};

/** The national number, digits only; an invalid one is named when the field loses focus (spec §5). */
export function MobileField({ id, value, onChange, autoFocus, label }: MobileFieldProps) {
  const { t } = useTranslation();
  const { country } = useSettings();
  const [blurred, setBlurred] = useState(false);
  const errorKey = blurred ? mobileError(value, country) : undefined;
  const error = errorKey ? t(errorKey) : undefined;
  return (
    <Field
      id={id}
      label={label ?? t('account.mobile')}
      error={error}
      start={<span className="field__prefix">{country.dialCode}</span>}
    >
      <input
        id={id}
        name="mobile"
        className="field__input"
        type="tel"
        inputMode="numeric"
        autoComplete="tel-national"
        maxLength={country.mobileLength}
        placeholder={country.mobilePlaceholder}
        value={value}
        autoFocus={autoFocus}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error)}
        onChange={(event) => {
          setBlurred(false);
          onChange(event.currentTarget.value.replace(/\D/g, ''));
        }}
        onBlur={() => setBlurred(true)}
      />
    </Field>
  );
}
