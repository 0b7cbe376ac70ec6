// @vitest-environment jsdom
import { SYSTEM_OPTION, type SystemOption } from '@app/contracts/config';
import { ERRORS } from '@app/contracts/errors';
import type { GiveawayBasic } from '@app/contracts/giveaway';
import { fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { getToken } from '../../../lib/session.ts';
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
import { GiveawayPage } from './giveaway-page.tsx';

const BASIC: GiveawayBasic = {
  id: 1,
  title: 'Welcome gift',
  coins: 500,
  diamonds: 10,
  cash: 0,
  startDate: '2026-01-01',
  endDate: '2099-12-31',
  status: 1,
};
const smsSwitch: SystemOption = {
  id: SYSTEM_OPTION.SMS_CODE_SWITCH,
  type: SYSTEM_OPTION.SMS_CODE_SWITCH,
  name: 'sms',
  content: '1',
};

const fetchMock = stubFetch();
beforeEach(() => {
  setSettings(kenyaSettings);
  fetchMock.mockImplementation(async (url, init) => {
    const { pathname } = new URL(url, 'http://test');
    if (pathname.endsWith('/giveaway/basic')) return okEnvelope(BASIC);
    if (pathname.endsWith('/giveaway/gifts')) {
      if (String(init.body).includes('0712000001')) {
        return envelope(
          {
            code: ERRORS.GIVEAWAY_MOBILE_REGISTERED.code,
            msg: ERRORS.GIVEAWAY_MOBILE_REGISTERED.msg,
            data: null,
          },
          409,
        );
      }
      return okEnvelope({ coins: 500, diamonds: 10, cash: 0 });
    }
    if (pathname.endsWith('/member/sendSms')) return okEnvelope({ resendAfter: 60, expiresIn: 300 });
    if (pathname.endsWith('/giveaway/register')) {
      return okEnvelope({ ...loginAnswer(), token: 'tok-gift', gift: { coins: 500, diamonds: 10, cash: 0 } });
    }
    if (pathname.includes('queryGlobalByPlatform')) return okEnvelope([smsSwitch]);
    return okEnvelope(null);
  });
});
afterEach(async () => {
  await resetAppState();
});

function renderPage() {
  render(
    <MemoryRouter initialEntries={['/activities/giveaway/1']}>
      <Routes>
        <Route path="/activities/giveaway/:id" element={<GiveawayPage />} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('the giveaway page', () => {
  it('shows the gift, checks a new mobile, then registers with the SMS code and gives the gift', async () => {
    renderPage();
    expect((await screen.findByTestId('giveaway-gift')).textContent).toContain('500 coins');
    typeInto(screen.getByLabelText('Mobile number') as HTMLInputElement, '0712345678');
    fireEvent.click(screen.getByText('Get my gift'));
    const code = (await screen.findByLabelText('SMS code')) as HTMLInputElement;
    fireEvent.click(screen.getByText('Send code'));
    typeInto(code, '123456');
    typeInto(screen.getByLabelText('Password (6-20 characters)') as HTMLInputElement, 'secret12');
    fireEvent.click(screen.getByText('Register and claim'));
    expect(await screen.findByTestId('giveaway-success')).toBeTruthy();
    expect(getToken()).toBe('tok-gift');
    const call = fetchMock.mock.calls.find(([url]) => url.endsWith('/giveaway/register'));
    expect(String(call?.[1].body)).toBe('id=1&mobile=0712345678&password=secret12&smsCode=123456');
  });

  it('tells a registered mobile that the welcome bonus is for new users only', async () => {
    renderPage();
    await screen.findByTestId('giveaway-gift');
    typeInto(screen.getByLabelText('Mobile number') as HTMLInputElement, '0712000001');
    fireEvent.click(screen.getByText('Get my gift'));
    await waitFor(() =>
      expect(getToasts().map((toast) => toast.message)).toContain(
        'Your mobile number has been registered, welcome bonus is for new users only',
      ),
    );
    expect(screen.queryByLabelText('SMS code')).toBeNull();
  });
});
