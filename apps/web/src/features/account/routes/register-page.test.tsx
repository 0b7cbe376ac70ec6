// @vitest-environment jsdom
import type { SystemOption } from '@app/contracts/config';
import { SYSTEM_OPTION } from '@app/contracts/config';
import { COUNTRY_PROFILES } from '@app/contracts/country';
import { ERRORS } from '@app/contracts/errors';
import { cpfOf } from '@app/contracts/kyc';
import { fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { deleteCookie, setCookie } from '../../../lib/cookies.ts';
import { getToken } from '../../../lib/session.ts';
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
import { RegisterPage } from './register-page.tsx';

const option = (type: number, content: string): SystemOption => ({
  id: type,
  type,
  name: String(type),
  content,
});

const fetchMock = stubFetch();
let options: SystemOption[] = [];
let registerAnswer: () => Response = () => okEnvelope(null);

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

beforeEach(() => {
  setSettings(kenyaSettings);
  options = [];
  registerAnswer = () => okEnvelope(null);
  fetchMock.mockImplementation(async (url) =>
    url.includes('/cfGlobal/') ? okEnvelope(options) : registerAnswer(),
  );
});

afterEach(async () => {
  await resetAppState();
  deleteCookie('guid');
});

describe('RegisterPage', () => {
  it('asks for 6 to 20 characters and a matching confirmation', () => {
    renderRegister();
    const password = input('Password');
    const confirmation = input('Confirm password');
    typeInto(input('Mobile number'), '0712345678');

    typeInto(password, '12345');
    leaveField(password);
    expect(screen.getByText('Password must be 6 to 20 characters')).toBeTruthy();
    typeInto(password, '123456');
    expect(screen.queryByText('Password must be 6 to 20 characters')).toBeNull();

    typeInto(confirmation, '1234567');
    leaveField(confirmation);
    expect(screen.getByText('new and confirmed password do not match')).toBeTruthy();
    expect(submitButton().disabled).toBe(true);

    typeInto(confirmation, '123456');
    expect(screen.queryByText('new and confirmed password do not match')).toBeNull();
    expect(submitButton().disabled).toBe(false);
  });

  it('prefills the invitation code, sends the guid cookie as guidCode and returns like login', async () => {
    setCookie('guid', 'guid-42', 60);
    registerAnswer = () => okEnvelope(loginAnswer({ token: 'tok-new' }));
    renderRegister('/register?code=INV7&r=%2Fdeposit');
    expect(input('Invitation code (optional)').value).toBe('INV7');
    typeInto(input('Mobile number'), '0712345678');
    typeInto(input('Password'), 'secret1');
    typeInto(input('Confirm password'), 'secret1');
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
    typeInto(input('Mobile number'), '0712345678');
    typeInto(input('Password'), 'secret1');
    typeInto(input('Confirm password'), 'secret1');
    expect(submitButton().disabled).toBe(true);
    typeInto(input('Verification code'), '123456');
    expect(submitButton().disabled).toBe(false);
  });

  it("toasts 'The mobile already exists' from the server", async () => {
    registerAnswer = () =>
      envelope({ code: ERRORS.MOBILE_EXISTS.code, msg: ERRORS.MOBILE_EXISTS.msg, data: null }, 409);
    renderRegister();
    typeInto(input('Mobile number'), '0712345678');
    typeInto(input('Password'), 'secret1');
    typeInto(input('Confirm password'), 'secret1');
    fireEvent.click(submitButton());
    await waitFor(() =>
      expect(getToasts().map((toast) => toast.message)).toEqual(['The mobile already exists']),
    );
    expect(getToken()).toBeUndefined();
  });

  it('asks a market that verifies before the account exists for the CPF, a selfie and a deposit limit, and sends them as JSON', async () => {
    setSettings({ ...kenyaSettings, country: COUNTRY_PROFILES.BR });
    registerAnswer = () => okEnvelope(loginAnswer({ token: 'tok-br' }));
    renderRegister();
    typeInto(input('Mobile number'), '11912345678');
    typeInto(input('Password'), 'secret1');
    typeInto(input('Confirm password'), 'secret1');
    const cpf = await screen.findByLabelText('CPF', { selector: 'input' });
    typeInto(input('First name'), 'Maria');
    typeInto(input('Surname'), 'Silva');
    typeInto(input('Date of birth'), '05031990');
    const good = cpfOf('123456780');
    // The check digits are the shared rule's: a wrong last digit is refused on the phone already.
    typeInto(cpf as HTMLInputElement, `${good.slice(0, 10)}${(Number(good[10]) + 1) % 10}`);
    leaveField(cpf);
    expect(screen.getByText('This CPF is not valid: check its last two digits')).toBeTruthy();
    typeInto(cpf as HTMLInputElement, good);
    expect(submitButton().disabled).toBe(true);

    const selfie = new File([new Uint8Array([137, 80, 78, 71])], 'me.png', { type: 'image/png' });
    // As a browser fires it (the testing library's change would become an input event under compat).
    const picker = screen.getByTestId('register-selfie');
    Object.defineProperty(picker, 'files', { configurable: true, value: [selfie] });
    fireEvent(picker, new Event('change', { bubbles: true }));
    await screen.findByAltText('Your photo');
    expect(submitButton().disabled).toBe(true);
    expect(screen.getByTestId('register-limits-needed')).toBeTruthy();
    typeInto(screen.getByTestId('register-limit-day') as HTMLInputElement, '200');
    await waitFor(() => expect(submitButton().disabled).toBe(false));
    fireEvent.click(submitButton());

    await waitFor(() => expect(getToken()).toBe('tok-br'));
    const call = fetchMock.mock.calls.find(([url]) => url.endsWith('/member/reg'));
    const body = JSON.parse(String(call?.[1].body));
    expect(body).toMatchObject({
      mobile: '11912345678',
      identity: {
        values: { firstName: 'Maria', surname: 'Silva', dateOfBirth: '19900305', IdCardNumber: good },
        photo: expect.stringMatching(/^data:image\/png;base64,/),
      },
      limits: [{ name: 'deposit:day', amount: 200_00 }],
    });
  });
});
