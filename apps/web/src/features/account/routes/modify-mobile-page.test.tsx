// @vitest-environment jsdom
import { ERRORS } from '@app/contracts/errors';
import { fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { getProfile, getToken, setSession } from '../../../lib/session.ts';
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
import { ModifyMobilePage } from './modify-mobile-page.tsx';

const member = loginAnswer({ id: 7, token: 'tok-7' });

const PAGE = '/account/mobile/%2Fme%2Fsettings/changeMobile';

const fetchMock = stubFetch();
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

async function fillAndSave() {
  typeInto(input('New mobile number'), '0798765432');
  fireEvent.click(button('Send code'));
  await waitFor(() => expect(button(/Resend in 60 s/)).toBeTruthy());
  typeInto(input('Verification code'), '654321');
  fireEvent.click(button('Save'));
}

beforeEach(() => {
  setSettings(kenyaSettings);
  setSession(member);
  modifyAnswer = () => okEnvelope({ ...member.memberInfo, mobile: '0798765432' });
  fetchMock.mockImplementation(async (url) =>
    url.endsWith('/sendSms') ? okEnvelope({ resendAfter: 60, expiresIn: 300 }) : modifyAnswer(),
  );
});

afterEach(resetAppState);

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
    typeInto(input('New mobile number'), '0798765432');
    fireEvent.click(button('Send code'));
    await waitFor(() =>
      expect(getToasts().map((toast) => toast.message)).toEqual(['The mobile already exists']),
    );
    expect(screen.queryByTestId('where')).toBeNull();
  });

  it('follows the country rules: Send code and Save wait for a valid number, named on blur', () => {
    renderAt();
    const mobile = input('New mobile number');
    typeInto(mobile, '12345');
    leaveField(mobile);
    expect(screen.getByRole('alert').textContent).toBe('Incorrect format of mobile');
    expect(button('Send code').disabled).toBe(true);
    typeInto(input('Verification code'), '654321');
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
