// @vitest-environment jsdom
import { ERRORS } from '@app/contracts/errors';
import { fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setSession } from '../../../lib/session.ts';
import { setSettings } from '../../../lib/settings.ts';
import { getToasts } from '../../../lib/toast.ts';
import {
  envelope,
  kenyaSettings,
  loginAnswer,
  okEnvelope,
  resetAppState,
  stubFetch,
  typeInto,
} from '../../../test/fixtures.ts';
import { encodeReauthData } from '../reauth-data.ts';
import { AuthenticationBranchPage } from './authentication-branch-page.tsx';
import { AuthenticationSmsPage } from './authentication-sms-page.tsx';

const MOBILE_STEP = '/account/mobile/%2Fme%2Fsettings/changeMobile';

const fetchMock = stubFetch();

function Where() {
  const location = useLocation();
  return <p data-testid="where">{`${location.pathname}${location.search}`}</p>;
}

function renderAt(entry: string) {
  render(
    <MemoryRouter initialEntries={[entry]}>
      <Routes>
        <Route path="/authentication/branch" element={<AuthenticationBranchPage />} />
        <Route path="/authentication/sms/:data" element={<AuthenticationSmsPage />} />
        <Route path="*" element={<Where />} />
      </Routes>
    </MemoryRouter>,
  );
}

const input = (label: string) => screen.getByLabelText(label, { selector: 'input' }) as HTMLInputElement;
const button = (name: string | RegExp) => screen.getByRole('button', { name }) as HTMLButtonElement;
const bodyOf = (path: string) =>
  String(fetchMock.mock.calls.find(([url]) => url === `/api/member-service/member/${path}`)?.[1].body);

beforeEach(() => {
  setSettings(kenyaSettings);
  setSession(loginAnswer({ id: 7, token: 'tok-7' }));
  fetchMock.mockImplementation(async (url) =>
    url.endsWith('/sendSms')
      ? okEnvelope({ resendAfter: 60, expiresIn: 300 })
      : okEnvelope({ validSeconds: 300 }),
  );
});

afterEach(resetAppState);

describe('/authentication/branch', () => {
  it('confirms with the password, then goes to next', async () => {
    renderAt(`/authentication/branch?next=${encodeURIComponent(MOBILE_STEP)}`);
    expect(screen.getByRole('heading', { name: "Confirm it's you" })).toBeTruthy();
    expect(button('Confirm').disabled).toBe(true);
    typeInto(input('Password'), 'secret');
    fireEvent.click(button('Confirm'));

    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe(MOBILE_STEP));
    expect(fetchMock).toHaveBeenCalledOnce();
    expect(bodyOf('reauthenticate')).toBe('password=secret');
  });

  it('stays and tells a wrong password', async () => {
    fetchMock.mockResolvedValue(
      envelope({ code: ERRORS.LOGIN_FAILED.code, msg: ERRORS.LOGIN_FAILED.msg, data: null }, 400),
    );
    renderAt(`/authentication/branch?next=${encodeURIComponent(MOBILE_STEP)}`);
    typeInto(input('Password'), 'wrong1');
    fireEvent.click(button('Confirm'));
    await waitFor(() =>
      expect(getToasts().map((toast) => toast.message)).toEqual(['Incorrect mobile or password']),
    );
    expect(screen.queryByTestId('where')).toBeNull();
  });

  it('goes to the settings when next leaves the site', async () => {
    renderAt('/authentication/branch?next=https%3A%2F%2Fevil.example%2F');
    typeInto(input('Password'), 'secret');
    fireEvent.keyDown(input('Password'), { key: 'Enter' });
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/me/settings'));
  });

  it('offers the SMS code, carrying next in the data segment', () => {
    renderAt(`/authentication/branch?next=${encodeURIComponent(MOBILE_STEP)}`);
    const link = screen.getByRole('link', { name: 'Use an SMS code instead' });
    expect(link.getAttribute('href')).toBe(`/authentication/sms/${encodeReauthData({ next: MOBILE_STEP })}`);
  });
});

describe('/authentication/sms/{data}', () => {
  it("sends a reauth code to the member's own number, then confirms with it and goes to next", async () => {
    renderAt(`/authentication/sms/${encodeReauthData({ next: MOBILE_STEP })}`);
    expect(screen.getByTestId('reauth-sms-intro').textContent).toContain('0712****78');
    expect(screen.queryByText(/0712345678/)).toBeNull();

    fireEvent.click(button('Send code'));
    await waitFor(() => expect(button(/Resend in 60 s/).disabled).toBe(true));
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/member-service/member/sendSms');
    expect(bodyOf('sendSms')).toBe('mobile=0712345678&type=reauth');

    expect(button('Confirm').disabled).toBe(true);
    typeInto(input('Verification code'), '123456');
    fireEvent.click(button('Confirm'));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe(MOBILE_STEP));
    expect(bodyOf('reauthenticate')).toBe('smsCode=123456');
  });

  it('goes to the settings when the data cannot be read', async () => {
    renderAt('/authentication/sms/not-our-data');
    typeInto(input('Verification code'), '123456');
    fireEvent.click(button('Confirm'));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/me/settings'));
  });

  it('tells a wrong code and stays', async () => {
    fetchMock.mockResolvedValue(
      envelope({ code: ERRORS.SMS_CODE_INVALID.code, msg: ERRORS.SMS_CODE_INVALID.msg, data: null }, 400),
    );
    renderAt(`/authentication/sms/${encodeReauthData({ next: MOBILE_STEP })}`);
    typeInto(input('Verification code'), '000000');
    fireEvent.click(button('Confirm'));
    await waitFor(() =>
      expect(getToasts().map((toast) => toast.message)).toEqual(['Incorrect or expired verification code']),
    );
    expect(screen.queryByTestId('where')).toBeNull();
  });
});
