import './field.css';
import type { ReactNode } from 'react';

type FieldProps = {
  id: string;
  label: ReactNode;
  /** A translated message shown under the input and announced. */
  error?: string;
  hint?: string;
  children: ReactNode;
  /** Beside the input, inside the box: a show-password toggle or a send-code button. */
  end?: ReactNode;
  start?: ReactNode;
};

/** One labelled input with its message; the input itself is the child (id and aria wiring by the caller). */
export function Field({ id, label, error, hint, children, end, start }: FieldProps) {
  return (
    <div className={`field${error ? ' field--invalid' : ''}`}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <div className="field__box">
        {start}
        {children}
        {end}
      </div>
      {error ? (
        <p id={`${id}-error`} className="field__error" role="alert">
          {error}
        </p>
      ) : hint ? (
        <p id={`${id}-hint`} className="field__hint">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

/** The aria-describedby value matching what Field shows under the input. */
export function describedBy(id: string, error: string | undefined, hint?: string): string | undefined {
  if (error) return `${id}-error`;
  return hint ? `${id}-hint` : undefined;
}
