// @vitest-environment jsdom
import type { AppSettings, SystemOption } from '@app/contracts/config';
import { SYSTEM_OPTION } from '@app/contracts/config';
import { COUNTRY_PROFILES } from '@app/contracts/country';
import { ERRORS } from '@app/contracts/errors';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { deleteCookie, setCookie } from '../../../lib/cookies.ts';
import { clearQueryCache } from '../../../lib/query.ts';
import { clearSession, getToken } from '../../../lib/session.ts';
import { setSettings } from '../../../lib/settings.ts';
import { dismissToast, getToasts } from '../../../lib/toast.ts';
import { RegisterPage } from './register-page.tsx';

const settings: AppSettings = {
  country: COUNTRY_PROFILES.KE,
  theme: 'winslots',
  christmas: false,
  languages: ['en'],
  brandName: 'WinSlots',
  disallowedSuppliers: [],
};

const option = (type: number, content: string): SystemOption => ({
  id: type,
  type,
  name: String(type),
  content,
});

function envelope(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

const fetchMock = vi.fn<(input: string, init: RequestInit) => Promise<Response>>();
let options: SystemOption[] = [];
let registerAnswer: () => Response = () => envelope({ code: 0, msg: '', data: null });

function Where() {
  const location = useLocation();
  return <p data-testid="where">{`${location.pathname}${location.search}`}</p>;
}

function renderRegister(entry = '/register') {
  render(
    <MemoryRouter initialEntries={[entry]}>
      <Routes>
        <Route path="/register" element={<RegisterPage />} />
        <Route path="*" element={<Where />} />
      </Routes>
    </MemoryRouter>,
  );
}

const input = (label: string) => screen.getByLabelText(label, { selector: 'input' }) as HTMLInputElement;
const submitButton = () => screen.getByRole('button', { name: 'Sign up' }) as HTMLButtonElement;

function type(field: HTMLInputElement, value: string) {
  fireEvent.input(field, { target: { value } });
}

function leave(field: HTMLInputElement) {
  act(() => {
    field.focus();
    field.blur();
  });
}

beforeEach(() => {
  setSettings(settings);
  options = [];
  registerAnswer = () => envelope({ code: 0, msg: '', data: null });
  fetchMock.mockImplementation(async (url) =>
    url.includes('/cfGlobal/') ? envelope({ code: 0, msg: '', data: options }) : registerAnswer(),
  );
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  cleanup();
  clearSession();
  clearQueryCache();
  deleteCookie('guid');
  vi.unstubAllGlobals();
  fetchMock.mockReset();
  getToasts().forEach((toast) => dismissToast(toast.id));
  localStorage.clear();
});

describe('RegisterPage', () => {
  it('asks for 6 to 20 characters and a matching confirmation', () => {
    renderRegister();
    const password = input('Password');
    const confirmation = input('Confirm password');
    type(input('Mobile number'), '0712345678');

    type(password, '12345');
    leave(password);
    expect(screen.getByText('Password must be 6 to 20 characters')).toBeTruthy();
    type(password, '123456');
    expect(screen.queryByText('Password must be 6 to 20 characters')).toBeNull();

    type(confirmation, '1234567');
    leave(confirmation);
    expect(screen.getByText('new and confirmed password do not match')).toBeTruthy();
    expect(submitButton().disabled).toBe(true);

    type(confirmation, '123456');
    expect(screen.queryByText('new and confirmed password do not match')).toBeNull();
    expect(submitButton().disabled).toBe(false);
  });

  it('prefills the invitation code, sends the guid cookie as guidCode and returns like login', async () => {
    setCookie('guid', 'guid-42', 60);
    registerAnswer = () =>
      envelope({
        code: 0,
        msg: '',
        data: { token: 'tok-new', memberInfo: { id: 1, mobile: '0712345678', token: 'tok-new' } },
      });
    renderRegister('/register?code=INV7&r=%2Fdeposit');
    expect(input('Invitation code (optional)').value).toBe('INV7');
    type(input('Mobile number'), '0712345678');
    type(input('Password'), 'secret1');
    type(input('Confirm password'), 'secret1');
    fireEvent.click(submitButton());

    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/deposit'));
    const call = fetchMock.mock.calls.find(([url]) => url.endsWith('/member/reg'));
    expect(String(call?.[1].body)).toBe(
      'mobile=0712345678&password=secret1&confirmPassword=secret1&inviteCode=INV7&guidCode=guid-42',
    );
    expect(getToken()).toBe('tok-new');
  });

  it('reads the invitation code from inviteCode too', () => {
    renderRegister('/register?inviteCode=ABC');
    expect(input('Invitation code (optional)').value).toBe('ABC');
  });

  it('asks for the SMS code when option 160 is on and shows the register tips (1001)', async () => {
    options = [
      option(SYSTEM_OPTION.SMS_CODE_SWITCH, '1'),
      option(SYSTEM_OPTION.REGISTER_TIPS, 'Bonus on first deposit'),
    ];
    renderRegister();
    await waitFor(() => expect(screen.getByLabelText('Verification code')).toBeTruthy());
    expect(screen.getByText('Bonus on first deposit')).toBeTruthy();
    type(input('Mobile number'), '0712345678');
    type(input('Password'), 'secret1');
    type(input('Confirm password'), 'secret1');
    expect(submitButton().disabled).toBe(true);
    type(input('Verification code'), '123456');
    expect(submitButton().disabled).toBe(false);
  });

  it("toasts 'The mobile already exists' from the server", async () => {
    registerAnswer = () =>
      envelope({ code: ERRORS.MOBILE_EXISTS.code, msg: ERRORS.MOBILE_EXISTS.msg, data: null }, 409);
    renderRegister();
    type(input('Mobile number'), '0712345678');
    type(input('Password'), 'secret1');
    type(input('Confirm password'), 'secret1');
    fireEvent.click(submitButton());
    await waitFor(() =>
      expect(getToasts().map((toast) => toast.message)).toEqual(['The mobile already exists']),
    );
    expect(getToken()).toBeUndefined();
  });
});
