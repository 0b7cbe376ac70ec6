/**
 * The authenticator code field (six digits, each code accepted once by the server): the login and every
 * decision that asks for a fresh code use this one field, so a phone offers the same keypad and autofill.
 */
export function CodeInput({ autoFocus = false }: { autoFocus?: boolean }) {
  return (
    <input
      name="code"
      inputMode="numeric"
      autoComplete="one-time-code"
      pattern="\d{6}"
      maxLength={6}
      required
      autoFocus={autoFocus}
    />
  );
}
