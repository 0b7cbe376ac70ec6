import { useState, type FormEvent } from 'react';
import { useLogin } from 'ra-core';
import { ERRORS } from '@app/contracts/errors';
import { ApiError } from './api.ts';
import { CodeInput } from './code-input.tsx';
import type { LoginForm } from './auth-provider.ts';
import { useText } from './use-text.ts';

/** Staff login: password and the authenticator app's 6 digits, through the cookie login. */
export function LoginPage() {
  const t = useText();
  const login = useLogin();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const form: LoginForm = {
      login: String(data.get('login') ?? ''),
      password: String(data.get('password') ?? ''),
      code: String(data.get('code') ?? ''),
    };
    setBusy(true);
    setError(null);
    try {
      await login(form);
    } catch (caught) {
      const locked = caught instanceof ApiError && caught.code === ERRORS.STAFF_LOCKED.code;
      setError(t(locked ? 'login.locked' : 'login.failed'));
      setBusy(false);
    }
  };

  return (
    <main className="login">
      <form
        className="card login-card"
        aria-labelledby="login-title"
        onSubmit={(event) => void submit(event)}
      >
        <h1 id="login-title">{t('login.title')}</h1>
        <label>
          {t('login.login')}
          <input name="login" autoComplete="username" required autoFocus />
        </label>
        <label>
          {t('login.password')}
          <input name="password" type="password" autoComplete="current-password" required />
        </label>
        <label>
          {t('login.code')}
          <CodeInput />
        </label>
        {error && (
          <p className="error" role="alert">
            {error}
          </p>
        )}
        <button type="submit" disabled={busy}>
          {t('login.submit')}
        </button>
      </form>
    </main>
  );
}
