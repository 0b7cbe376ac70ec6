// @vitest-environment jsdom
import { SYSTEM_OPTION, type SystemOption } from '@app/contracts/config';
import { ERRORS } from '@app/contracts/errors';
import { emptyKycRecord, type KycRecord } from '@app/contracts/kyc';
import type { WithdrawChannel } from '@app/contracts/withdraw';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession, setSession } from '../../../lib/session.ts';
import { setSettings } from '../../../lib/settings.ts';
import { getToasts } from '../../../lib/toast.ts';
import {
  envelope,
  kenyaSettings,
  loginAnswer,
  memberProfile,
  okEnvelope,
  resetAppState,
  stubFetch,
  typeInto,
} from '../../../test/fixtures.ts';
import { WithdrawPage } from './withdraw-page.tsx';
import { WithdrawPreviewPage } from './withdraw-preview-page.tsx';

const mpesa: WithdrawChannel = {
  id: 3,
  channelCode: 'MPESA',
  name: 'M-PESA',
  logoUrl: '',
  memo: 'Paid to your registered M-PESA number.',
  mobilePattern: '^07',
  withdrawFeeType: 1,
  withdrawFeeValue: 1,
  wholeUnits: true,
};
const airtel: WithdrawChannel = {
  ...mpesa,
  id: 4,
  channelCode: 'AIRTEL',
  name: 'Airtel Money',
  mobilePattern: '^073',
  withdrawFeeType: 2,
  withdrawFeeValue: 2000,
};

const option = (type: number, content: string): SystemOption => ({
  id: type,
  type,
  name: String(type),
  content,
});

let switchEntries: unknown[];
let channels: WithdrawChannel[];
let options: SystemOption[];
let kyc: KycRecord;
let withdrawMoney: number;
let taxAnswer: (money: number) => number;
let submitAnswer: () => Response;
const fetchMock = stubFetch();

function answer(url: string): Response {
  const { pathname, searchParams } = new URL(url, 'http://test');
  if (pathname.endsWith('/cfSystem/queryByCode')) return okEnvelope(switchEntries);
  if (pathname.endsWith('/cfGlobal/queryGlobalByPlatform')) return okEnvelope(options);
  if (pathname.endsWith('/pan-pay/withdraw/channels')) return okEnvelope(channels);
  if (pathname.endsWith('/memberInfo/getMemberById')) {
    return okEnvelope(memberProfile({ money: withdrawMoney, withdrawMoney }));
  }
  if (pathname.endsWith('/memberInfo/kyc/config')) return okEnvelope({ enable: true, basicFields: [] });
  if (pathname.endsWith('/memberInfo/kyc/fields')) return okEnvelope([]);
  if (pathname.endsWith('/memberInfo/kyc')) return okEnvelope(kyc);
  if (pathname.endsWith('/withdraw/getMemberTax'))
    return okEnvelope(taxAnswer(Number(searchParams.get('money'))));
  if (pathname.endsWith('/pan-pay/withdraw/init')) return submitAnswer();
  if (pathname.endsWith('/pan-pay/status')) {
    return okEnvelope({
      paused,
      since: paused ? '2026-12-02T10:00:00.000Z' : null,
      source: paused ? 'operator' : null,
    });
  }
  return okEnvelope(null);
}

/** Whether M-Pesa payments are paused (`pan-pay/status`). */
let paused = false;

/** The server's answer to a withdrawal of KES 500.00 (sent, its outcome to come). */
const submitted = {
  id: 1,
  withdrawNo: 'W1',
  money: 50_000,
  fee: 500,
  tax: 0,
  payout: 49_500,
  status: 'pending',
  message: '',
};

const requested = (part: string) => fetchMock.mock.calls.filter(([url]) => url.includes(part));

beforeEach(() => {
  setSettings(kenyaSettings);
  setSession(loginAnswer({ mobile: '0712345678' }));
  switchEntries = [{ code: 6002, content: { enable: true, message: 'Closed for maintenance' } }];
  channels = [mpesa];
  options = [
    option(SYSTEM_OPTION.WITHDRAW_LIMIT, '100:150000:1'),
    option(SYSTEM_OPTION.WITHDRAW_TAX_SWITCH, '1'),
    option(SYSTEM_OPTION.WITHDRAW_TAX_AMOUNT, '20'),
    option(SYSTEM_OPTION.TAX_EXPLANATION, 'Kenya withholds 20% of winnings.'),
    option(SYSTEM_OPTION.WITHDRAW_TIPS, 'Paid within minutes.'),
  ];
  kyc = {
    ...emptyKycRecord('national-id-selfie'),
    status: 'verified',
    submittedAt: '2026-01-01T00:00:00.000Z',
  };
  withdrawMoney = 100_000;
  taxAnswer = () => 0;
  paused = false;
  submitAnswer = () => okEnvelope(submitted);
  fetchMock.mockImplementation(async (url) => answer(url));
});

afterEach(resetAppState);

function Where() {
  const location = useLocation();
  return <p data-testid="where">{`${location.pathname}${location.search}`}</p>;
}

function renderAt(path: string, entries: string[] = [path]) {
  render(
    <MemoryRouter initialEntries={entries} initialIndex={entries.length - 1}>
      <Routes>
        <Route path="/home" element={<p>home</p>} />
        <Route path="/me" element={<p>me</p>} />
        <Route path="/withdraw" element={<WithdrawPage />} />
        <Route path="/account/withdraw" element={<WithdrawPage />} />
        <Route path="/account/withdraw-preview" element={<WithdrawPreviewPage />} />
        <Route path="/account/records/withdraw" element={<p>records</p>} />
      </Routes>
      <Where />
    </MemoryRouter>,
  );
}

const amountField = () => screen.getByRole<HTMLInputElement>('textbox', { name: /Amount/ });
const withdrawButton = () => screen.getByRole('button', { name: 'Withdraw' });
/** The button waits for the tax of the typed amount (debounced, then asked for). */
const withdrawEnabled = () => waitFor(() => expect(withdrawButton().hasAttribute('disabled')).toBe(false));

/** The form with the system options loaded (the limit shows as the placeholder). */
async function formReady() {
  await screen.findByTestId('withdraw-available');
  await waitFor(() => expect(amountField().getAttribute('placeholder')).toBe('100-150000'));
}

describe('WithdrawPage', () => {
  it('shows a visitor the login-required view', async () => {
    act(() => clearSession());
    renderAt('/withdraw');
    expect(await screen.findByTestId('login-required')).toBeTruthy();
    expect(requested('/cfSystem/queryByCode')).toHaveLength(0);
  });

  it('alerts with the 6002 message when withdrawals are off, then goes back', async () => {
    switchEntries = [{ code: 6002, content: { enable: false, message: 'Closed for maintenance' } }];
    renderAt('/withdraw');
    const alert = await screen.findByTestId('alert-dialog');
    expect(alert.textContent).toContain('Closed for maintenance');
    fireEvent.click(within(alert).getByRole('button', { name: 'OK' }));
    // Back: to the previous page, or home when the page was opened directly (as here).
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/home'));
    expect(requested('/pan-pay/withdraw/channels')).toHaveLength(0);
  });

  it("treats anything but exactly one 6002 entry as 'uninitialized'", async () => {
    switchEntries = [];
    renderAt('/withdraw');
    expect((await screen.findByTestId('alert-dialog')).textContent).toContain('uninitialized');
  });

  it('shows the refreshed withdrawable balance, one channel without a picker, and the limit as placeholder', async () => {
    withdrawMoney = 123_456;
    renderAt('/withdraw');
    await waitFor(() => expect(screen.getByTestId('withdraw-available').textContent).toBe('KES 1,234.56'));
    expect(screen.queryByRole('radio')).toBeNull();
    expect(screen.getByText('M-PESA')).toBeTruthy();
    expect(screen.getByTestId('withdraw-account').textContent).toBe('0712****78');
    await formReady();
    expect(screen.getByText('Paid within minutes.')).toBeTruthy();
  });

  it('keeps digits only (8 at most) and shows the fee as value% with the actual amount', async () => {
    renderAt('/withdraw');
    await formReady();
    typeInto(amountField(), '5a0.0');
    expect(amountField().value).toBe('500');
    typeInto(amountField(), '1234567890');
    expect(amountField().value).toBe('12345678');
    typeInto(amountField(), '500');
    expect(screen.getByTestId('withdraw-fee').textContent).toBe('1% (KES 5.00)');
    await withdrawEnabled();
    expect(screen.getByTestId('withdraw-actual').textContent).toBe('KES 495.00');
  });

  it('asks the server for the tax after typing stops, resets it when cleared, and explains it (4065)', async () => {
    taxAnswer = (money) => (money === 60_000 ? 2_050 : 0);
    renderAt('/withdraw');
    await formReady();
    typeInto(amountField(), '6');
    typeInto(amountField(), '60');
    typeInto(amountField(), '600');
    await waitFor(() => expect(screen.getByTestId('withdraw-tax').textContent).toBe('KES 20.50'));
    // Debounced: only the last amount was asked about.
    expect(requested('/withdraw/getMemberTax').map(([url]) => url)).toEqual([
      expect.stringContaining('money=60000'),
    ]);
    // 600 − 6 fee − 20.50 tax = 573.50, paid as whole shillings.
    expect(screen.getByTestId('withdraw-actual').textContent).toBe('KES 573.00');
    typeInto(amountField(), '');
    expect(screen.getByTestId('withdraw-tax').textContent).toBe('KES 0.00');

    fireEvent.click(screen.getByRole('button', { name: 'What is this tax?' }));
    expect((await screen.findByTestId('tax-dialog')).textContent).toContain(
      'Kenya withholds 20% of winnings.',
    );
  });

  it('never takes the tax as 0 while it is asked for: the lines wait and Withdraw stays disabled', async () => {
    let answerTax: (tax: number) => void = () => undefined;
    const base = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (url, init) =>
      url.includes('/withdraw/getMemberTax')
        ? new Promise<Response>((resolve) => {
            answerTax = (tax) => resolve(okEnvelope(tax));
          })
        : base(url, init),
    );
    renderAt('/withdraw');
    await formReady();
    typeInto(amountField(), '600');
    expect(screen.getByTestId('withdraw-tax').textContent).toBe('Calculating…');
    expect(screen.getByTestId('withdraw-actual').textContent).toBe('Calculating…');
    expect(withdrawButton().hasAttribute('disabled')).toBe(true);
    // The request is out (after the debounce) and still unanswered: still nothing to press.
    await waitFor(() => expect(requested('/withdraw/getMemberTax')).toHaveLength(1));
    fireEvent.click(withdrawButton());
    expect(screen.queryByTestId('withdraw-overlay')).toBeNull();
    expect(requested('/pan-pay/withdraw/init')).toHaveLength(0);
    expect(screen.getByTestId('withdraw-actual').textContent).toBe('Calculating…');

    act(() => answerTax(2_050));
    await withdrawEnabled();
    expect(screen.getByTestId('withdraw-tax').textContent).toBe('KES 20.50');
    expect(screen.getByTestId('withdraw-actual').textContent).toBe('KES 573.00');
    // A new amount waits again for its own tax.
    typeInto(amountField(), '700');
    expect(withdrawButton().hasAttribute('disabled')).toBe(true);
    expect(screen.getByTestId('withdraw-actual').textContent).toBe('Calculating…');
  });

  it('toasts a failed tax request with the server’s message, and asks again on Try again', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    let failTax = true;
    const base = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (url, init) =>
      url.includes('/withdraw/getMemberTax') && failTax
        ? envelope({ code: ERRORS.RATE_LIMITED.code, msg: 'slow down', data: null }, 429)
        : base(url, init),
    );
    taxAnswer = () => 1_000;
    renderAt('/withdraw');
    await formReady();
    typeInto(amountField(), '500');
    await waitFor(() =>
      expect(getToasts().map((toast) => toast.message)).toContain('Please try again later'),
    );
    expect(withdrawButton().hasAttribute('disabled')).toBe(true);
    failTax = false;
    fireEvent.click(within(screen.getByTestId('withdraw-tax')).getByRole('button', { name: 'Try again' }));
    await withdrawEnabled();
    expect(screen.getByTestId('withdraw-tax').textContent).toBe('KES 10.00');
    expect(requested('/withdraw/getMemberTax')).toHaveLength(2);
  });

  it('toasts the server’s message when the channels fail to load, and keeps a retry', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const base = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (url, init) =>
      url.includes('/pan-pay/withdraw/channels')
        ? envelope({ code: ERRORS.PROVIDER_UNAVAILABLE.code, msg: 'down', data: null }, 502)
        : base(url, init),
    );
    renderAt('/account/withdraw', ['/me', '/account/withdraw']);
    const expected = 'The payment provider is not answering, please try again later';
    await waitFor(() => expect(getToasts().map((toast) => toast.message)).toEqual([expected]));
    // The page itself still offers to try again.
    expect(screen.getByRole('alert').textContent).toContain(expected);
    fetchMock.mockImplementation(async (url) => answer(url));
    fireEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    await formReady();
    expect(getToasts()).toHaveLength(1);
  });

  it('disables Withdraw below the minimum and above the withdrawable balance', async () => {
    withdrawMoney = 50_000;
    renderAt('/withdraw');
    await waitFor(() => expect(screen.getByTestId('withdraw-available').textContent).toBe('KES 500.00'));
    await formReady();
    expect(withdrawButton().hasAttribute('disabled')).toBe(true);
    typeInto(amountField(), '99');
    expect(withdrawButton().hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('alert').textContent).toBe('Enter an amount from 100 to 150000');
    typeInto(amountField(), '501');
    expect(withdrawButton().hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('alert').textContent).toBe('Your withdrawable balance is too low');
    typeInto(amountField(), '500');
    await withdrawEnabled();
  });

  it("shows the picker for several channels and alerts 'Select payment' without one", async () => {
    channels = [airtel, { ...mpesa, mobilePattern: '^011' }];
    renderAt('/withdraw');
    await formReady();
    expect(screen.getAllByRole('radio')).toHaveLength(2);
    typeInto(amountField(), '500');
    await withdrawEnabled();
    fireEvent.click(withdrawButton());
    expect((await screen.findByTestId('alert-dialog')).textContent).toContain('Select payment');
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    fireEvent.click(screen.getByRole('radio', { name: 'Airtel Money' }));
    expect(screen.getByTestId('withdraw-fee').textContent).toBe('KES 20.00');
  });

  it('disables Withdraw when the amount does not exceed a fixed fee', async () => {
    channels = [{ ...mpesa, withdrawFeeType: 2, withdrawFeeValue: 50_000 }];
    renderAt('/withdraw');
    await formReady();
    typeInto(amountField(), '500');
    expect(screen.getByRole('alert').textContent).toBe('The amount does not cover the fee');
    expect(withdrawButton().hasAttribute('disabled')).toBe(true);
    typeInto(amountField(), '501');
    await withdrawEnabled();
  });

  it("says 'not support' for a channel with an unknown fee type", async () => {
    channels = [{ ...mpesa, withdrawFeeType: 5 }];
    renderAt('/withdraw');
    await formReady();
    typeInto(amountField(), '500');
    expect(screen.getByRole('alert').textContent).toBe('not support');
    expect(withdrawButton().hasAttribute('disabled')).toBe(true);
  });

  it('WinSlots: submits at once, confirms with the amounts and a records link, and refreshes the balance', async () => {
    renderAt('/withdraw');
    await waitFor(() => expect(screen.getByTestId('withdraw-available').textContent).toBe('KES 1,000.00'));
    await formReady();
    typeInto(amountField(), '500');
    await withdrawEnabled();
    withdrawMoney = 50_000;
    fireEvent.click(withdrawButton());
    const done = await screen.findByTestId('withdraw-done');
    expect(done.textContent).toContain('You asked to withdraw KES 500.00');
    expect(within(done).getByTestId('withdraw-done-actual').textContent).toBe('KES 495.00');
    expect(within(done).getByRole('link', { name: 'Withdraw records' }).getAttribute('href')).toBe(
      '/account/records/withdraw',
    );
    const [, init] = requested('/pan-pay/withdraw/init')[0]!;
    const body = new URLSearchParams(String(init.body));
    expect(Object.fromEntries(body)).toMatchObject({ money: '50000', channel: 'MPESA', payChannel: '3' });
    await waitFor(() => expect(screen.getByTestId('withdraw-available').textContent).toBe('KES 500.00'));
    fireEvent.click(within(done).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByTestId('withdraw-overlay')).toBeNull());
    expect(amountField().value).toBe('');
  });

  it('M-Pesa paused: the notice above the form, and the queued withdrawal’s message in the confirmation', async () => {
    paused = true;
    const queued = 'M-PESA is under maintenance: your withdrawal is queued and will be paid when it is back';
    submitAnswer = () => okEnvelope({ ...submitted, message: queued });
    renderAt('/withdraw');
    expect((await screen.findByTestId('payments-paused')).textContent).toContain(
      'M-PESA is under maintenance',
    );
    await formReady();
    typeInto(amountField(), '500');
    await withdrawEnabled();
    fireEvent.click(withdrawButton());
    const done = await screen.findByTestId('withdraw-done');
    expect(within(done).getByTestId('withdraw-done-message').textContent).toBe(queued);
  });

  it('WinSlots: a refused withdrawal is a toast with the server message, and the overlay closes', async () => {
    submitAnswer = () =>
      envelope({ code: ERRORS.INSUFFICIENT_BALANCE.code, msg: 'Insufficient balance', data: null }, 409);
    renderAt('/withdraw');
    await formReady();
    typeInto(amountField(), '500');
    await withdrawEnabled();
    fireEvent.click(withdrawButton());
    await waitFor(() =>
      expect(getToasts().map((toast) => toast.message)).toContain('Insufficient balance, please recharge'),
    );
    await waitFor(() => expect(screen.queryByTestId('withdraw-overlay')).toBeNull());
  });

  it('forces the KYC popup when the member has not verified, and closing it leaves the page', async () => {
    kyc = emptyKycRecord('national-id-selfie');
    renderAt('/withdraw');
    const popup = await screen.findByTestId('kyc-popup');
    fireEvent.click(within(popup).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/home'));
  });

  it('opens the KYC popup when the server answers KYC_REQUIRED', async () => {
    submitAnswer = () =>
      envelope({ code: ERRORS.KYC_REQUIRED.code, msg: ERRORS.KYC_REQUIRED.msg, data: null }, 409);
    renderAt('/withdraw');
    await formReady();
    typeInto(amountField(), '500');
    await withdrawEnabled();
    fireEvent.click(withdrawButton());
    expect(await screen.findByTestId('kyc-popup')).toBeTruthy();
  });

  it('sends a member whose details wait for the photo to the verification page on KYC_REQUIRED', async () => {
    kyc = { ...emptyKycRecord('national-id-selfie'), status: 'pending', submittedAt: 'x' };
    submitAnswer = () =>
      envelope({ code: ERRORS.KYC_REQUIRED.code, msg: ERRORS.KYC_REQUIRED.msg, data: null }, 409);
    renderAt('/withdraw');
    await formReady();
    typeInto(amountField(), '500');
    await withdrawEnabled();
    fireEvent.click(withdrawButton());
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/me/settings/kyc'));
  });
});

describe('LuckyWin: Next and the preview page', () => {
  beforeEach(() => {
    setSettings({ ...kenyaSettings, theme: 'luckywin', brandName: 'LuckyWin' });
  });

  it('Next goes to the preview with the parameters, which submits and confirms', async () => {
    taxAnswer = () => 0;
    renderAt('/withdraw');
    await formReady();
    expect(screen.queryByTestId('withdraw-actual')).toBeNull();
    typeInto(amountField(), '500');
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Next' }).hasAttribute('disabled')).toBe(false),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() =>
      expect(screen.getByTestId('where').textContent).toContain('/account/withdraw-preview?'),
    );
    const search = new URLSearchParams(screen.getByTestId('where').textContent!.split('?')[1]);
    expect(Object.fromEntries(search)).toEqual({
      payType: '3',
      channelCode: 'MPESA',
      account: '0712****78',
      coins: '500',
      fee: '500',
      money: '50000',
      enableTaxOfWithdraw: '1',
    });
    expect(screen.getByTestId('preview-money').textContent).toBe('KES 500.00');
    await waitFor(() => expect(screen.getByTestId('preview-net').textContent).toBe('KES 495.00'));
    withdrawMoney = 50_000;
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    const done = await screen.findByTestId('withdraw-done');
    expect(within(done).getByTestId('withdraw-done-actual').textContent).toBe('KES 495.00');
    await waitFor(() =>
      expect(within(done).getByTestId('withdraw-available').textContent).toBe('KES 500.00'),
    );
  });

  it('the preview waits for the tax: no net and no Confirm until it is known', async () => {
    let answerTax: (tax: number) => void = () => undefined;
    const base = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (url, init) =>
      url.includes('/withdraw/getMemberTax')
        ? new Promise<Response>((resolve) => {
            answerTax = (tax) => resolve(okEnvelope(tax));
          })
        : base(url, init),
    );
    const search = 'payType=3&channelCode=MPESA&account=0712****78&coins=500&fee=500&money=50000';
    renderAt(`/account/withdraw-preview?${search}&enableTaxOfWithdraw=1`);
    await waitFor(() => expect(requested('/withdraw/getMemberTax')).toHaveLength(1));
    expect(screen.getByTestId('preview-tax').textContent).toBe('Calculating…');
    expect(screen.getByTestId('preview-net').textContent).toBe('Calculating…');
    const confirm = screen.getByRole('button', { name: 'Confirm' });
    expect(confirm.hasAttribute('disabled')).toBe(true);
    fireEvent.click(confirm);
    expect(requested('/pan-pay/withdraw/init')).toHaveLength(0);

    act(() => answerTax(1_000));
    // 500 − 5 fee − 10 tax, paid in whole shillings.
    await waitFor(() => expect(screen.getByTestId('preview-net').textContent).toBe('KES 485.00'));
    expect(screen.getByTestId('preview-tax').textContent).toBe('KES 10.00');
    expect(screen.getByRole('button', { name: 'Confirm' }).hasAttribute('disabled')).toBe(false);
  });
});

describe('the withdrawal tax line: the law, then the operator’s options (issue 12 §5)', () => {
  it('Kenya: 5 % of the gross, asked from the server, even with option 4025 off', async () => {
    options = options.map((entry) =>
      entry.type === SYSTEM_OPTION.WITHDRAW_TAX_SWITCH
        ? option(SYSTEM_OPTION.WITHDRAW_TAX_SWITCH, '0')
        : entry,
    );
    taxAnswer = (money) => (money * 5) / 100;
    renderAt('/withdraw');
    await formReady();
    typeInto(amountField(), '500');
    await waitFor(() => expect(screen.getByTestId('withdraw-tax').textContent).toBe('KES 25.00'));
    expect(screen.getByText('Withholding tax (5%)')).toBeTruthy();
    // 500 − 5 fee − 25 tax.
    expect(screen.getByTestId('withdraw-actual').textContent).toBe('KES 470.00');
    expect(requested('/withdraw/getMemberTax')).toHaveLength(1);
  });

  const noLaw = () =>
    setSettings({
      ...kenyaSettings,
      country: { ...kenyaSettings.country, taxes: { deposit: null, withdrawal: null } },
    });

  it('a market whose law sets none: option 4025 on shows 4026’s rate', async () => {
    noLaw();
    renderAt('/withdraw');
    await formReady();
    expect(screen.getByText('Withholding tax (20%)')).toBeTruthy();
  });

  it('a market whose law sets none: without option 4025 on, no tax line and no tax asked', async () => {
    noLaw();
    options = options.filter((entry) => entry.type !== SYSTEM_OPTION.WITHDRAW_TAX_SWITCH);
    renderAt('/withdraw');
    await formReady();
    typeInto(amountField(), '500');
    await withdrawEnabled();
    expect(screen.queryByTestId('withdraw-tax')).toBeNull();
    expect(requested('/withdraw/getMemberTax')).toHaveLength(0);
  });
});
