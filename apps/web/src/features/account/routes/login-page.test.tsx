// @vitest-environment jsdom
import { ERRORS } from '@app/contracts/errors';
import { fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { recordAppPath } from '../../../lib/navigation.ts';
import { getProfile, getToken } from '../../../lib/session.ts';
import { setSettings } from '../../../lib/settings.ts';
import { getToasts } from '../../../lib/toast.ts';
import {
  envelope,
  kenyaSettings,
  leaveField,
  loginAnswer,
  okEnvelope,
  resetAppState,
  stubFetch,
  typeInto,
} from '../../../test/fixtures.ts';
import { LoginPage } from './login-page.tsx';

const answer = loginAnswer({ id: 9, token: 'tok-9' });
const fetchMock = stubFetch();

function Where() {
  const location = useLocation();
  return <p data-testid="where">{`${location.pathname}${location.search}`}</p>;
}

function renderLogin(entry = '/login') {
  render(
    <MemoryRouter initialEntries={[entry]}>
      <Routes>
        <Route path="/login" element={<LoginPage />} />
        <Route path="*" element={<Where />} />
      </Routes>
    </MemoryRouter>,
  );
  return {
    mobile: screen.getByLabelText('Mobile number') as HTMLInputElement,
    password: screen.getByLabelText('Password', { selector: 'input' }) as HTMLInputElement,
    button: screen.getByRole('button', { name: 'Log in' }) as HTMLButtonElement,
  };
}

beforeEach(() => {
  setSettings(kenyaSettings);
});

afterEach(resetAppState);

describe('LoginPage', () => {
  it('enables login only when the mobile and the password are both valid', () => {
    const { mobile, password, button } = renderLogin();
    expect(button.disabled).toBe(true);
    typeInto(mobile, '0712345678');
    expect(button.disabled).toBe(true);
    typeInto(password, 'secret');
    expect(button.disabled).toBe(false);
    typeInto(mobile, '071234567');
    expect(button.disabled).toBe(true);
  });

  it('names an invalid mobile when the field loses focus', () => {
    const { mobile } = renderLogin();
    typeInto(mobile, '12345');
    expect(screen.queryByText('Incorrect format of mobile')).toBeNull();
    leaveField(mobile);
    expect(screen.getByRole('alert').textContent).toBe('Incorrect format of mobile');
    typeInto(mobile, '0712345678');
    leaveField(mobile);
    expect(screen.queryByText('Incorrect format of mobile')).toBeNull();
  });

  it('shows and hides the password', () => {
    const { password } = renderLogin();
    expect(password.type).toBe('password');
    fireEvent.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password.type).toBe('text');
    fireEvent.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(password.type).toBe('password');
  });

  it('submits on Enter when enabled, keeps the session and goes to r', async () => {
    fetchMock.mockResolvedValue(okEnvelope(answer));
    const { mobile, password } = renderLogin('/login?r=%2Fmember%2Fmessages');
    typeInto(mobile, '0712345678');
    typeInto(password, 'secret');
    fireEvent.keyDown(password, { key: 'Enter' });

    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/member/messages'));
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/member-service/member/login');
    expect(String(init?.body)).toBe('mobile=0712345678&password=secret');
    expect(getToken()).toBe('tok-9');
    expect(getProfile()?.id).toBe(9);
  });

  it('does nothing on Enter while the form is incomplete', () => {
    const { mobile } = renderLogin();
    typeInto(mobile, '0712345678');
    fireEvent.keyDown(mobile, { key: 'Enter' });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('without r returns to the previous page, or home when that was register', async () => {
    fetchMock.mockResolvedValue(okEnvelope(answer));
    recordAppPath('/register');
    recordAppPath('/login');
    const { mobile, password, button } = renderLogin();
    typeInto(mobile, '0712345678');
    typeInto(password, 'secret');
    fireEvent.click(button);
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/home'));
  });

  it('toasts the server message when login fails and stays on the page', async () => {
    fetchMock.mockResolvedValue(
      envelope({ code: ERRORS.LOGIN_FAILED.code, msg: ERRORS.LOGIN_FAILED.msg, data: null }, 400),
    );
    const { mobile, password, button } = renderLogin();
    typeInto(mobile, '0712345678');
    typeInto(password, 'wrong-one');
    fireEvent.click(button);
    await waitFor(() =>
      expect(getToasts().map((toast) => toast.message)).toEqual(['Incorrect mobile or password']),
    );
    expect(screen.queryByTestId('where')).toBeNull();
    expect(getToken()).toBeUndefined();
  });

  it('keeps r on the register link', () => {
    renderLogin('/login?r=%2Fdeposit');
    expect(screen.getByRole('link', { name: 'Sign up' }).getAttribute('href')).toBe('/register?r=%2Fdeposit');
    expect(screen.getByRole('link', { name: 'Forgot password?' }).getAttribute('href')).toContain(
      '/password/reset',
    );
  });

  it('logs in with an SMS code: sends the code (type login), counts down, then logs in', async () => {
    fetchMock.mockImplementation(async (url) =>
      url.endsWith('/sendSms') ? okEnvelope({ resendAfter: 60, expiresIn: 300 }) : okEnvelope(answer),
    );
    renderLogin('/login?r=%2Fme');
    fireEvent.click(screen.getByRole('tab', { name: 'Login with SMS code' }));
    typeInto(screen.getByLabelText('Mobile number') as HTMLInputElement, '0712345678');
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    await waitFor(() => expect(screen.getByRole('button', { name: /Resend in 60 s/ })).toBeTruthy());
    expect(String(fetchMock.mock.calls[0]?.[1].body)).toBe('mobile=0712345678&type=login');

    typeInto(screen.getByLabelText('Verification code') as HTMLInputElement, '123456');
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/me'));
    expect(fetchMock.mock.calls[1]?.[0]).toBe('/api/member-service/member/loginWithSmsCode');
    expect(String(fetchMock.mock.calls[1]?.[1].body)).toBe('mobile=0712345678&code=123456');
  });
});

describe('social login', () => {
  it('starts at the server with the return path', () => {
    renderLogin('/login?r=%2Fme');
    const link = screen.getByRole('link', { name: 'Continue with Facebook' });
    expect(link.getAttribute('href')).toBe('/api/member-service/social/facebook/authorize?r=%2Fme');
  });

  it('asks an unknown account (404) whether to register, then goes to /register-facebook with the ticket', () => {
    renderLogin('/login?social=404&ticket=tk-1&r=%2Fme');
    const dialog = screen.getByTestId('confirm-dialog');
    expect(dialog.textContent).toContain('No account is linked to this Facebook account yet');
    fireEvent.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(screen.getByTestId('where').textContent).toBe('/register-facebook?ticket=tk-1&r=%2Fme');
  });

  it('stays on login without the outcome when the player declines', () => {
    renderLogin('/login?social=404&ticket=tk-1');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByTestId('confirm-dialog')).toBeNull();
  });

  it('tells a cancelled login in a toast', () => {
    renderLogin('/login?social=cancelled');
    expect(getToasts().map((toast) => toast.message)).toContain('Facebook login was cancelled');
  });

  it('keeps a refusal from the callback on screen with the catalogue message, not the raw code', () => {
    renderLogin(`/login?social=refused&code=${ERRORS.SELF_EXCLUDED_PERMANENTLY.code}`);
    expect(screen.getByRole('alert').textContent).toBe('You have excluded yourself from play permanently');
  });

  it('writes the end of a self-exclusion from the callback as a date', () => {
    renderLogin(`/login?social=refused&code=${ERRORS.SELF_EXCLUDED.code}&until=2027-06-02T09:30:00.000Z`);
    expect(screen.getByRole('alert').textContent).toBe(
      'You have excluded yourself from play until June 2, 2027',
    );
  });
});
