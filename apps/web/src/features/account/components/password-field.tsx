import { useState } from 'react';
import { PASSWORD_MAX } from '@app/contracts/member-rules';
import { useTranslation } from '../../../lib/i18n.ts';
import { describedBy, Field } from '../../../components/ui/field.tsx';

type PasswordFieldProps = {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** An i18n key; shown once the field has lost focus. */
  errorKey?: string;
  hint?: string;
  placeholder?: string;
  autoComplete: 'current-password' | 'new-password';
};

function EyeIcon({ crossed }: { crossed: boolean }) {
  return (
    <svg
      width="22"
      height="22"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d="M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12Z" />
      <circle cx="12" cy="12" r="3" />
      {crossed ? <path d="M4 4l16 16" /> : null}
    </svg>
  );
}

/** A password with show/hide; the toggle keeps focus in the form and never submits it. */
export function PasswordField({
  id,
  label,
  value,
  onChange,
  errorKey,
  hint,
  placeholder,
  autoComplete,
}: PasswordFieldProps) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  const [blurred, setBlurred] = useState(false);
  const error = blurred && errorKey ? t(errorKey) : undefined;
  return (
    <Field
      id={id}
      label={label}
      error={error}
      hint={hint}
      end={
        <button
          type="button"
          className="field__toggle"
          aria-pressed={visible}
          aria-controls={id}
          aria-label={visible ? t('account.hidePassword') : t('account.showPassword')}
          onClick={() => setVisible((shown) => !shown)}
        >
          <EyeIcon crossed={visible} />
        </button>
      }
    >
      <input
        id={id}
        className="field__input"
        type={visible ? 'text' : 'password'}
        autoComplete={autoComplete}
        maxLength={PASSWORD_MAX}
        placeholder={placeholder}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, hint)}
        onChange={(event) => onChange(event.currentTarget.value)}
        onBlur={() => setBlurred(true)}
      />
    </Field>
  );
}
