// @vitest-environment jsdom
import type { AppSettings } from '@app/contracts/config';
import { COUNTRY_PROFILES } from '@app/contracts/country';
import { ERRORS } from '@app/contracts/errors';
import type { Profile } from '@app/contracts/member';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession, getProfile, getToken, setSession } from '../../../lib/session.ts';
import { setSettings } from '../../../lib/settings.ts';
import { dismissToast, getToasts } from '../../../lib/toast.ts';
import { ModifyMobilePage } from './modify-mobile-page.tsx';

const settings: AppSettings = {
  country: COUNTRY_PROFILES.KE,
  theme: 'winslots',
  christmas: false,
  languages: ['en'],
  brandName: 'WinSlots',
  disallowedSuppliers: [],
};

const profile: Profile = {
  id: 7,
  mobile: '0712345678',
  money: 0,
  withdrawMoney: 0,
  bonusMoney: 0,
  diamond: 0,
  levelId: 1,
  nickName: '',
  img: '',
  score: 0,
  hasPinCode: false,
  token: 'tok-7',
  guid: '',
  inviteCode: '',
};

const PAGE = '/account/mobile/%2Fme%2Fsettings/changeMobile';

function envelope(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

const ok = (data: unknown) => envelope({ code: 0, msg: 'success', data });
const fetchMock = vi.fn<(input: string, init: RequestInit) => Promise<Response>>();
let modifyAnswer: () => Response;

function Where() {
  const location = useLocation();
  return <p data-testid="where">{`${location.pathname}${location.search}`}</p>;
}

function renderAt(entry = PAGE) {
  render(
    <MemoryRouter initialEntries={[entry]}>
      <Routes>
        <Route path="/account/mobile/:redirect/:title" element={<ModifyMobilePage />} />
        <Route path="*" element={<Where />} />
      </Routes>
    </MemoryRouter>,
  );
}

const input = (label: string) => screen.getByLabelText(label, { selector: 'input' }) as HTMLInputElement;
const button = (name: string | RegExp) => screen.getByRole('button', { name }) as HTMLButtonElement;
const callTo = (path: string) =>
  fetchMock.mock.calls.find(([url]) => url === `/api/member-service/member/${path}`);

function type(field: HTMLInputElement, value: string) {
  fireEvent.input(field, { target: { value } });
}

function leave(field: HTMLInputElement) {
  act(() => {
    field.focus();
    field.blur();
  });
}

async function fillAndSave() {
  type(input('New mobile number'), '0798765432');
  fireEvent.click(button('Send code'));
  await waitFor(() => expect(button(/Resend in 60 s/)).toBeTruthy());
  type(input('Verification code'), '654321');
  fireEvent.click(button('Save'));
}

beforeEach(() => {
  setSettings(settings);
  setSession({ token: 'tok-7', memberInfo: profile });
  modifyAnswer = () => ok({ ...profile, mobile: '0798765432' });
  fetchMock.mockImplementation(async (url) =>
    url.endsWith('/sendSms') ? ok({ resendAfter: 60, expiresIn: 300 }) : modifyAnswer(),
  );
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(async () => {
  await act(() => new Promise<void>((resolve) => requestAnimationFrame(() => resolve())));
  cleanup();
  clearSession();
  vi.unstubAllGlobals();
  fetchMock.mockReset();
  getToasts().forEach((toast) => dismissToast(toast.id));
  localStorage.clear();
});

describe('/account/mobile/{redirect}/{title}', () => {
  it('proves the new number with a mobile code, saves it into the session and goes to redirect', async () => {
    renderAt();
    expect(screen.getByRole('heading', { name: 'Change mobile number' })).toBeTruthy();
    await fillAndSave();

    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/me/settings'));
    expect(String(callTo('sendSms')?.[1].body)).toBe('mobile=0798765432&type=mobile');
    expect(String(callTo('modifyMobile')?.[1].body)).toBe('mobile=0798765432&smsCode=654321');
    expect(getProfile()?.mobile).toBe('0798765432');
    expect(getToken()).toBe('tok-7');
    expect(getToasts().map((toast) => toast.message)).toContain('Your mobile number has been changed.');
  });

  it('without a recent re-authentication (2020) sends the member to confirm it is them, then back here', async () => {
    modifyAnswer = () =>
      envelope({ code: ERRORS.REAUTH_REQUIRED.code, msg: ERRORS.REAUTH_REQUIRED.msg, data: null }, 409);
    renderAt();
    await fillAndSave();

    await waitFor(() =>
      expect(screen.getByTestId('where').textContent).toBe(
        `/authentication/branch?next=${encodeURIComponent(PAGE)}`,
      ),
    );
    expect(getProfile()?.mobile).toBe('0712345678');
  });

  it("toasts 'The mobile already exists' when the new number is taken, and stays", async () => {
    fetchMock.mockImplementation(async () =>
      envelope({ code: ERRORS.MOBILE_EXISTS.code, msg: ERRORS.MOBILE_EXISTS.msg, data: null }, 409),
    );
    renderAt();
    type(input('New mobile number'), '0798765432');
    fireEvent.click(button('Send code'));
    await waitFor(() =>
      expect(getToasts().map((toast) => toast.message)).toEqual(['The mobile already exists']),
    );
    expect(screen.queryByTestId('where')).toBeNull();
  });

  it('follows the country rules: Send code and Save wait for a valid number, named on blur', () => {
    renderAt();
    const mobile = input('New mobile number');
    type(mobile, '12345');
    leave(mobile);
    expect(screen.getByRole('alert').textContent).toBe('Incorrect format of mobile');
    expect(button('Send code').disabled).toBe(true);
    type(input('Verification code'), '654321');
    expect(button('Save').disabled).toBe(true);
  });

  it('goes to the settings after a redirect that leaves the site, and shows only our own titles', async () => {
    renderAt(`/account/mobile/${encodeURIComponent('https://evil.example/')}/Send%20us%20your%20PIN`);
    expect(screen.getByRole('heading', { name: 'Change mobile number' })).toBeTruthy();
    expect(screen.queryByText(/PIN/)).toBeNull();
    await fillAndSave();
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/me/settings'));
  });
});
