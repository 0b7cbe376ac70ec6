// @vitest-environment jsdom
import type { AdvertItem } from '@app/contracts/config';
import type { DepositChannel, DepositResult, PayItem } from '@app/contracts/deposit';
import { NESTED_DEPOSIT_CLOSE_MESSAGE } from '@app/contracts/deposit-rules';
import { ERRORS } from '@app/contracts/errors';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setSession } from '../../../lib/session.ts';
import { setSettings } from '../../../lib/settings.ts';
import { getToasts } from '../../../lib/toast.ts';
import {
  advanceFakeTime,
  envelope,
  kenyaSettings,
  loginAnswer,
  okEnvelope,
  resetAppState,
  stubFetch,
  typeInto,
} from '../../../test/fixtures.ts';
import { LAST_DEPOSIT_HASH_KEY, orderHash } from '../deposit-flow.ts';
import { DepositPage } from './deposit-page.tsx';
import { DepositResultPage } from './deposit-result-page.tsx';
import { MpesaDepositPage } from './mpesa-deposit-page.tsx';
import { NestedDepositPage } from './nested-deposit-page.tsx';
import { MpesaHallPage, PanpayHallPage } from './pay-hall-page.tsx';
import { PaypayDepositPage } from './paypay-deposit-page.tsx';

const items: PayItem[] = [
  { id: 1, itemId: 1, money: 500, payMoney: 5_000, img: '', hot: false },
  { id: 2, itemId: 2, money: 1_200, payMoney: 10_000, img: '', hot: true },
];
const mpesa: DepositChannel = {
  id: 7,
  channelCode: 'MPESA',
  name: 'M-PESA',
  logoUrl: '',
  memo: 'Enter your M-PESA PIN on the prompt.',
  mobilePattern: '^07',
  wholeUnits: true,
  minAmount: 1_000,
  maxAmount: 25_000_000,
};
const other: DepositChannel = {
  ...mpesa,
  id: 8,
  channelCode: 'MPESA_OTHER',
  name: 'Other',
  memo: 'Any number',
  mobilePattern: '',
};
const popup: AdvertItem = {
  id: 9,
  title: 'Double bonus',
  url: '/promotion',
  img: '/statics/adverts/deposit-popup-bonus.svg',
  image: '/statics/adverts/deposit-popup-bonus.svg',
  typeId: 300102,
  sort: 1,
  content: '',
};

let channels: DepositChannel[];
let results: DepositResult[];
/** Answers the result calls instead of `results` (a refusal). */
let resultAnswer: (() => Response) | undefined;
let topUpAnswer: Response;
let adverts: Record<string, AdvertItem[]>;
let minimumDeposit: string;
/** Whether M-Pesa payments are paused (`pan-pay/status`). */
let paused: boolean;
const fetchMock = stubFetch();

const result = (state: number, extra: Partial<DepositResult> = {}): DepositResult => ({
  transNo: 'D123',
  state,
  message: state === 4 ? 'You cancelled the payment on your phone.' : '',
  payMoney: 10_000,
  coins: 1_200,
  isBonus: 1,
  bonus: 1_200,
  firstDeposit: true,
  createTime: new Date().toISOString(),
  // What the ledger booked once paid: KES 100.00 less its 5 % excise.
  credited: state === 3 ? 9_500 : null,
  excise: state === 3 ? 500 : 0,
  manualPay: { paybill: '174379', account: 'D123' },
  ...extra,
});

function answer(url: string): Response {
  const { pathname, searchParams } = new URL(url, 'http://test');
  if (pathname.endsWith('/payItem/queryAll')) return okEnvelope(items);
  if (pathname.endsWith('/pan-pay/status')) {
    return okEnvelope({
      paused,
      since: paused ? new Date().toISOString() : null,
      source: paused ? 'daraja' : null,
    });
  }
  if (pathname.endsWith('/pan-pay/deposit/channels')) return okEnvelope(channels);
  if (pathname.endsWith('/cfGlobal/queryGlobalByPlatform')) {
    return okEnvelope([
      { id: 1, type: 4011, name: 'minimum deposit', content: minimumDeposit },
      { id: 2, type: 1002, name: 'tips', content: 'Enter your PIN when asked.' },
      { id: 3, type: 4003, name: 'whatsapp', content: '254709123456, +254711000222' },
      { id: 4, type: 4007, name: 'e-mail', content: 'help@winslots.example' },
      { id: 5, type: 3000, name: 'ussd', content: '*334#' },
    ]);
  }
  if (pathname.endsWith('/advertManager/queryAllByTypeId'))
    return okEnvelope(adverts[searchParams.get('typeId') ?? ''] ?? []);
  if (pathname.endsWith('/payOrder/pay')) return topUpAnswer;
  if (pathname.endsWith('/pan-pay/deposit/init'))
    return okEnvelope({ transNo: 'D123', state: 1, message: '', sign: 's' });
  if (pathname.endsWith('/pan-pay/deposit/result') || pathname.endsWith('/get-payment-result')) {
    if (resultAnswer) return resultAnswer();
    return okEnvelope(results.length > 1 ? results.shift() : results[0]);
  }
  if (pathname.endsWith('/payment/v1/forms')) {
    return okEnvelope({
      transNo: 'D123',
      payMoney: 25_000,
      state: 0,
      channelId: 8,
      channelCode: 'MPESA_OTHER',
      channelName: 'Other',
      logoUrl: '',
      phone: '0712345678',
    });
  }
  if (pathname.endsWith('/init-payment')) return okEnvelope(result(1));
  if (pathname.endsWith('/memberInfo/getMemberById'))
    return okEnvelope(loginAnswer({ money: 10_000 }).memberInfo);
  if (pathname.endsWith('/memberInfo/persona')) return okEnvelope({ totalDepositCount: 1 });
  return okEnvelope(null);
}

const calls = (part: string) => fetchMock.mock.calls.filter(([url]) => url.includes(part));
const bodyOf = (part: string) => new URLSearchParams(String(calls(part)[0]?.[1].body ?? ''));

function Where() {
  const location = useLocation();
  return <output data-testid="where">{`${location.pathname}${location.search}`}</output>;
}

function renderAt(path: string) {
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/deposit" element={<DepositPage />} />
        <Route path="/pay/deposit/mpesa" element={<MpesaDepositPage />} />
        <Route path="/pay/deposit/paypay" element={<PaypayDepositPage />} />
        <Route path="/nested-deposit" element={<NestedDepositPage />} />
        <Route path="/pay/hall/mpesa" element={<MpesaHallPage />} />
        <Route path="/pay/hall/panpay" element={<PanpayHallPage />} />
        <Route path="/pay/result" element={<DepositResultPage />} />
        <Route path="*" element={<p>elsewhere</p>} />
      </Routes>
      <Where />
    </MemoryRouter>,
  );
}

const where = () => screen.getByTestId('where').textContent;
const payButton = () => screen.getByRole<HTMLButtonElement>('button', { name: 'Pay' });
const amountField = () => screen.getByLabelText('Or enter an amount') as HTMLInputElement;
/** Pay is enabled (every rule of the form passes) before a test clicks it. */
const payEnabled = () => waitFor(() => expect(payButton().disabled).toBe(false));
const NOT_CONFIRMED =
  'We have not received the confirmation yet. If you paid, your balance updates as soon as M-PESA confirms; see your deposit records.';

beforeEach(() => {
  setSettings(kenyaSettings);
  channels = [mpesa, other];
  results = [result(3)];
  resultAnswer = undefined;
  adverts = {};
  minimumDeposit = '10';
  paused = false;
  topUpAnswer = okEnvelope({ redirectUrl: '/pay/hall/mpesa?transNo=D123&sign=abc', transNo: 'D123' });
  fetchMock.mockImplementation(async (url) => answer(url));
});
afterEach(resetAppState);

describe('DepositPage', () => {
  it('shows packages in a grid, the minimum, the preselected channel’s memo and the tips', async () => {
    setSession(loginAnswer({ mobile: '0712345678' }));
    renderAt('/deposit');
    const grid = await screen.findByTestId('deposit-packages');
    expect(within(grid).getAllByRole('button')).toHaveLength(2);
    expect(screen.getByText('Min. 10.00')).toBeTruthy();
    // 0712… matches M-PESA's pattern: it is preselected and its memo shown.
    expect(screen.getByRole('button', { name: 'M-PESA', pressed: true })).toBeTruthy();
    expect(screen.getByTestId('deposit-memo').textContent).toBe(mpesa.memo);
    expect(screen.getByTestId('deposit-tips').textContent).toContain('Enter your PIN when asked.');
    expect(screen.getByRole('link', { name: 'Records' }).getAttribute('href')).toBe(
      '/account/records/deposit',
    );
    expect((payButton() as HTMLButtonElement).disabled).toBe(true);
  });

  it('keeps only digits and one dot, and disables Pay with a reason for each rule', async () => {
    setSession(loginAnswer());
    renderAt('/deposit');
    await screen.findByTestId('deposit-packages');
    typeInto(amountField(), 'a1.2.34');
    expect(amountField().value).toBe('1.23');
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('The minimum deposit is 10.00'));
    typeInto(amountField(), '150.5');
    expect(screen.getByRole('alert').textContent).toContain('whole shillings');
    expect((payButton() as HTMLButtonElement).disabled).toBe(true);
    typeInto(amountField(), '150');
    expect(screen.queryByRole('alert')).toBeNull();
    expect((payButton() as HTMLButtonElement).disabled).toBe(false);
  });

  it('drops a lone dot, and reads a leading dot as a fraction (.5 is 0.5, never 5)', async () => {
    setSession(loginAnswer());
    renderAt('/deposit');
    await screen.findByTestId('deposit-packages');
    typeInto(amountField(), '.');
    expect(amountField().value).toBe('');
    typeInto(amountField(), '.5');
    expect(amountField().value).toBe('0.5');
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('The minimum deposit is 10.00'));
    typeInto(amountField(), '.50');
    expect(amountField().value).toBe('0.50');
    expect(payButton().disabled).toBe(true);
  });

  it('applies the minimum deposit (4011) to packages too, as the server does', async () => {
    setSession(loginAnswer());
    minimumDeposit = '60';
    renderAt('/deposit');
    fireEvent.click(await screen.findByRole('button', { name: /Pay 50\.00/ }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(
        'This package is below the minimum deposit of 60.00',
      ),
    );
    expect(payButton().disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: /Pay 100\.00/ }));
    expect(screen.queryByRole('alert')).toBeNull();
    await payEnabled();
  });

  it('shows the swipe advert (300101) as a row of linked images', async () => {
    adverts = {
      '300101': [
        { ...popup, id: 21, title: 'Weekend bonus', url: '/promotion', typeId: 300101, img: '/a.svg' },
        { ...popup, id: 22, title: 'Refer a friend', url: '/me', typeId: 300101, img: '', image: '/b.svg' },
      ],
    };
    renderAt('/deposit');
    const swipe = await screen.findByTestId('deposit-swipe');
    expect(swipe.getAttribute('aria-label')).toBe('Deposit offers');
    const images = within(swipe).getAllByRole('img');
    expect(images.map((image) => [image.getAttribute('alt'), image.getAttribute('src')])).toEqual([
      ['Weekend bonus', '/a.svg'],
      ['Refer a friend', '/b.svg'],
    ]);
    expect(
      within(swipe)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['/promotion', '/me']);
    expect(calls('typeId=300101')).toHaveLength(1);
  });

  it('shows no swipe advert when the operator has none', async () => {
    renderAt('/deposit');
    await screen.findByTestId('deposit-packages');
    await waitFor(() => expect(calls('typeId=300101')).toHaveLength(1));
    expect(screen.queryByTestId('deposit-swipe')).toBeNull();
  });

  it('lists the support contacts: each WhatsApp number, the e-mail and contact us', async () => {
    renderAt('/deposit');
    const help = await screen.findByRole('region', { name: 'Help with deposits' });
    await waitFor(() => expect(within(help).getAllByRole('link')).toHaveLength(4));
    const links = within(help)
      .getAllByRole('link')
      .map((link) => [link.textContent?.trim(), link.getAttribute('href')]);
    expect(links).toEqual([
      ['WhatsApp +254709123456', 'https://wa.me/254709123456'],
      ['WhatsApp +254711000222', 'https://wa.me/254711000222'],
      ['help@winslots.example', 'mailto:help@winslots.example'],
      ['Contact us', '/pages/branch/contact-us'],
    ]);
    const whatsApp = within(help).getAllByRole('link')[0]!;
    expect(whatsApp.getAttribute('target')).toBe('_blank');
    expect(whatsApp.getAttribute('rel')).toBe('noopener noreferrer');
  });

  it('tops up the chosen package and opens the payment hall the answer names', async () => {
    setSession(loginAnswer());
    renderAt('/deposit');
    fireEvent.click(await screen.findByRole('button', { name: /Pay 100\.00/ }));
    expect(amountField().value).toBe('100');
    await payEnabled();
    fireEvent.click(payButton());
    await waitFor(() => expect(where()).toBe('/pay/hall/mpesa?transNo=D123&sign=abc'));
    const body = bodyOf('/payOrder/pay');
    expect(Object.fromEntries(body)).toEqual({ itemId: '2', payMoney: '10000', payChannel: '7' });
  });

  it('asks a visitor to log in before paying', async () => {
    renderAt('/deposit');
    await screen.findByTestId('deposit-packages');
    typeInto(amountField(), '50');
    fireEvent.click(payButton());
    const dialog = await screen.findByTestId('confirm-dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(where()).toBe('/login?r=%2Fdeposit'));
    expect(calls('/payOrder/pay')).toHaveLength(0);
  });

  it('toasts the server’s message when the top-up fails, and Pay works again', async () => {
    setSession(loginAnswer());
    topUpAnswer = envelope({ code: 3015, msg: 'busy', data: null }, 409);
    renderAt('/deposit');
    await screen.findByTestId('deposit-packages');
    typeInto(amountField(), '50');
    await payEnabled();
    fireEvent.click(payButton());
    await waitFor(() =>
      expect(getToasts().map((toast) => toast.message)).toContain(
        'A payment is already waiting on this phone: finish it or wait a minute, then try again',
      ),
    );
    expect((payButton() as HTMLButtonElement).disabled).toBe(false);
    expect(where()).toBe('/deposit');
  });

  it('offers the way to verify when the market’s identity gate refuses the deposit (KYC_REQUIRED)', async () => {
    setSession(loginAnswer());
    topUpAnswer = envelope(
      { code: ERRORS.KYC_REQUIRED.code, msg: ERRORS.KYC_REQUIRED.msg, data: null },
      ERRORS.KYC_REQUIRED.status,
    );
    renderAt('/deposit');
    await screen.findByTestId('deposit-packages');
    typeInto(amountField(), '50');
    await payEnabled();
    fireEvent.click(payButton());
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Please complete your identity verification first');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Verify now' }));
    await waitFor(() => expect(where()).toBe('/me/settings/kyc'));
  });

  it('alerts that the method is unavailable when there is no channel', async () => {
    channels = [];
    renderAt('/deposit');
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('unavailable because of a technical problem');
  });

  it('shows the popup advert once per session', async () => {
    adverts = { '300102': [popup] };
    renderAt('/deposit');
    const dialog = await screen.findByTestId('deposit-popup-advert');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(sessionStorage.getItem('deposit_popup_seen')).toBe('1');
    sessionStorage.clear();
  });

  it('shows four channels a row and the rest behind More', async () => {
    channels = [1, 2, 3, 4, 5].map((id) => ({ ...other, id, name: `Channel ${id}` }));
    renderAt('/deposit');
    const picker = await screen.findByTestId('deposit-channels');
    expect(within(picker).getAllByRole('button')).toHaveLength(4);
    fireEvent.click(screen.getByRole('button', { name: 'More' }));
    expect(within(picker).getAllByRole('button')).toHaveLength(5);
  });
});

describe('pull to refresh', () => {
  it('reloads packages and channels when pulled down from the top', async () => {
    renderAt('/deposit');
    await screen.findByTestId('deposit-packages');
    const before = calls('/payItem/queryAll').length;
    const area = screen.getByTestId('pull-to-refresh').parentElement!;
    fireEvent.touchStart(area, { touches: [{ clientY: 10 }] });
    fireEvent.touchMove(area, { touches: [{ clientY: 200 }] });
    expect(screen.getByTestId('pull-to-refresh').textContent).toBe('Release to refresh');
    fireEvent.touchEnd(area);
    await waitFor(() => expect(calls('/payItem/queryAll').length).toBe(before + 1));
    expect(calls('/pan-pay/deposit/channels').length).toBeGreaterThanOrEqual(2);
  });

  it('does nothing for a short pull', async () => {
    renderAt('/deposit');
    await screen.findByTestId('deposit-packages');
    const before = calls('/payItem/queryAll').length;
    const area = screen.getByTestId('pull-to-refresh').parentElement!;
    fireEvent.touchStart(area, { touches: [{ clientY: 10 }] });
    fireEvent.touchMove(area, { touches: [{ clientY: 40 }] });
    fireEvent.touchEnd(area);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(calls('/payItem/queryAll').length).toBe(before);
  });
});

describe('payment halls', () => {
  it('mpesa: waits for the phone, polls, and opens the result page', async () => {
    setSession(loginAnswer());
    results = [result(1), result(3)];
    vi.useFakeTimers();
    renderAt('/pay/hall/mpesa?transNo=D123&sign=abc');
    expect(screen.getByTestId('deposit-waiting').textContent).toContain('Check your phone');
    await advanceFakeTime(0);
    expect(calls('/get-payment-result')).toHaveLength(1);
    await advanceFakeTime(5_000);
    await waitFor(() => expect(where()).toMatch(/^\/pay\/result\?status=1&no=D123&bonus=1200&isBonus=1/));
    expect(Object.fromEntries(bodyOf('/get-payment-result'))).toEqual({ transNo: 'D123', sign: 'abc' });
  });

  it('mpesa: shows the amount, the order number and the prompt’s timer; Cancel leads back to deposit', async () => {
    setSession(loginAnswer());
    results = [result(1)];
    vi.useFakeTimers();
    renderAt('/pay/hall/mpesa?transNo=D123&sign=abc');
    await advanceFakeTime(0);
    expect(screen.getByTestId('deposit-hall-amount').textContent).toBe('KES 100.00');
    expect(screen.getByTestId('deposit-hall-number').textContent).toBe('D123');
    expect(screen.getByTestId('deposit-hall-timer').textContent).toBe('1:00');
    // Pay-by-hand waits folded while the prompt is fresh.
    expect(screen.getByTestId('deposit-manual-pay').hasAttribute('open')).toBe(false);
    await advanceFakeTime(15_000);
    expect(screen.getByTestId('deposit-hall-timer').textContent).toBe('0:45');
    expect(screen.getByText(/a PIN entered on the prompt still pays/)).toBeTruthy();
    fireEvent.click(screen.getByRole('link', { name: 'Cancel' }));
    expect(where()).toBe('/deposit');
  });

  it('mpesa: when the prompt does not come, the paybill, the account and the USSD code (3000) to pay by hand', async () => {
    setSession(loginAnswer());
    results = [result(1)];
    vi.useFakeTimers();
    renderAt('/pay/hall/mpesa?transNo=D123&sign=abc');
    await advanceFakeTime(0);
    await advanceFakeTime(60_000);
    expect(screen.getByTestId('deposit-hall-timer').textContent).toBe('0:00');
    const manual = screen.getByTestId('deposit-manual-pay');
    expect(manual.hasAttribute('open')).toBe(true);
    expect(screen.getByTestId('deposit-manual-paybill').textContent).toBe('174379');
    expect(screen.getByTestId('deposit-manual-account').textContent).toBe('D123');
    expect(screen.getByTestId('deposit-manual-ussd').textContent).toContain('*334#');
    expect(within(manual).getByRole('link', { name: '*334#' }).getAttribute('href')).toBe('tel:*334%23');
  });

  it('mpesa: a failed prompt keeps the hall with its reason and sends the prompt again as a new order', async () => {
    setSession(loginAnswer());
    results = [result(4)];
    const base = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (url, init) =>
      url.includes('/prompt-again')
        ? okEnvelope({ redirectUrl: '/pay/hall/mpesa?transNo=D124&sign=def', transNo: 'D124' })
        : base(url, init),
    );
    renderAt('/pay/hall/mpesa?transNo=D123&sign=abc');
    expect((await screen.findByTestId('deposit-hall-failed')).textContent).toBe(
      'You cancelled the payment on your phone.',
    );
    expect(where()).toBe('/pay/hall/mpesa?transNo=D123&sign=abc');
    expect(screen.getByTestId('deposit-manual-pay').hasAttribute('open')).toBe(true);
    results = [result(1, { transNo: 'D124' })];
    fireEvent.click(screen.getByRole('button', { name: 'Send the prompt again' }));
    await waitFor(() => expect(where()).toBe('/pay/hall/mpesa?transNo=D124&sign=def'));
    expect(Object.fromEntries(bodyOf('/prompt-again'))).toEqual({ transNo: 'D123', sign: 'abc' });
    // The new order's hall: waiting again, nothing of the failed order left on screen.
    await waitFor(() => expect(screen.getByTestId('deposit-hall-number').textContent).toBe('D124'));
    expect(screen.queryByTestId('deposit-hall-failed')).toBeNull();
    expect(screen.getByTestId('deposit-waiting')).toBeTruthy();
  });

  it('mpesa: an order the server does not know (404) stops the wait, shows why and leads back to deposit', async () => {
    setSession(loginAnswer());
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    fetchMock.mockImplementation(async (url) =>
      url.includes('/get-payment-result')
        ? envelope({ code: ERRORS.NOT_FOUND.code, msg: 'Not found', data: null }, 404)
        : answer(url),
    );
    renderAt('/pay/hall/mpesa?transNo=NOPE&sign=abc');
    const refused = await screen.findByTestId('deposit-hall-refused');
    expect(refused.textContent).toBe('Not found');
    expect(screen.queryByTestId('deposit-waiting')).toBeNull();
    expect(calls('/get-payment-result')).toHaveLength(1);
    fireEvent.click(screen.getByRole('link', { name: 'Back to deposit' }));
    await waitFor(() => expect(where()).toBe('/deposit'));
  });

  it('mpesa: gives up after 30 polls 5 s apart and opens the result as not confirmed', async () => {
    setSession(loginAnswer());
    results = [result(1)];
    vi.useFakeTimers();
    renderAt('/pay/hall/mpesa?transNo=D123&sign=abc');
    await advanceFakeTime(0);
    expect(calls('/get-payment-result')).toHaveLength(1);
    await advanceFakeTime(28 * 5_000);
    expect(calls('/get-payment-result')).toHaveLength(29);
    expect(where()).toBe('/pay/hall/mpesa?transNo=D123&sign=abc');
    await advanceFakeTime(5_000);
    expect(calls('/get-payment-result')).toHaveLength(30);
    await waitFor(() => expect(where()).toMatch(/^\/pay\/result\?/));
    const query = new URLSearchParams(where()!.split('?')[1]);
    expect(Object.fromEntries(query)).toMatchObject({ status: '0', no: 'D123', msg: NOT_CONFIRMED });
    // No 31st poll, and no balance refresh for an unpaid order.
    await advanceFakeTime(60_000);
    expect(calls('/get-payment-result')).toHaveLength(30);
    expect(calls('/getMemberById')).toHaveLength(0);
  });

  it('panpay: asks for the paying number, prompts it, then waits', async () => {
    setSession(loginAnswer());
    results = [result(1)];
    renderAt('/pay/hall/panpay?transNo=D123&sign=abc');
    const phone = (await screen.findByLabelText('M-PESA number that pays')) as HTMLInputElement;
    expect(phone.value).toBe('0712345678');
    typeInto(phone, '0722000111');
    fireEvent.click(screen.getByRole('button', { name: 'Send the payment prompt' }));
    await screen.findByTestId('deposit-waiting');
    const body = Object.fromEntries(bodyOf('/init-payment'));
    expect(body).toMatchObject({ payToken: 'D123', sign: 'abc', payChannelId: '8' });
    expect(JSON.parse(body.extendInfo ?? '')).toEqual({ phone: '0722000111' });
  });
});

describe('NestedDepositPage', () => {
  it('goes amount → waiting → result, refreshing the balance, and posts close to the parent', async () => {
    setSession(loginAnswer());
    results = [result(1), result(3, { bonus: 0, isBonus: 0, coins: 0 })];
    renderAt('/nested-deposit');
    typeInto(await screen.findByLabelText('Or enter an amount'), '100');
    await payEnabled();
    vi.useFakeTimers();
    fireEvent.click(payButton());
    await advanceFakeTime(0);
    expect(screen.getByTestId('deposit-waiting')).toBeTruthy();
    // The top-up names hall mpesa: the member's own number was prompted, so no number is asked.
    expect(Object.fromEntries(bodyOf('/payOrder/pay'))).toEqual({ payMoney: '10000', payChannel: '7' });
    expect(calls('/payment/v1/forms')).toHaveLength(0);
    await advanceFakeTime(5_000);
    expect(calls('/pan-pay/deposit/result')).toHaveLength(2);
    await advanceFakeTime(100);
    expect(calls('/getMemberById')).toHaveLength(1);
    // The result shows 3 s after the balance refresh.
    expect(screen.queryByTestId('deposit-result')).toBeNull();
    await advanceFakeTime(3_000);
    expect(screen.getByTestId('deposit-result').textContent).toContain('Deposit successful');

    const posted = vi.fn();
    const parent = { postMessage: posted } as unknown as Window;
    vi.spyOn(window, 'parent', 'get').mockReturnValue(parent);
    fireEvent.click(screen.getAllByRole('button', { name: 'Close' })[0]!);
    expect(posted).toHaveBeenCalledWith({ type: NESTED_DEPOSIT_CLOSE_MESSAGE }, window.location.origin);
  });

  it('shows failure when the poll ends without payment', async () => {
    setSession(loginAnswer());
    results = [result(4)];
    renderAt('/nested-deposit');
    typeInto(await screen.findByLabelText('Or enter an amount'), '100');
    await payEnabled();
    vi.useFakeTimers();
    fireEvent.click(payButton());
    await advanceFakeTime(100);
    await advanceFakeTime(100);
    await advanceFakeTime(3_000);
    expect(screen.getByTestId('deposit-result').textContent).toContain('Deposit failed');
    expect(screen.getByTestId('deposit-result').textContent).toContain(
      'You cancelled the payment on your phone.',
    );
  });
});

describe('NestedDepositPage: the 30-poll cap and a pay-service channel', () => {
  it('gives up after 30 polls, refreshes the balance, and shows "not confirmed" 3 s later', async () => {
    setSession(loginAnswer());
    results = [result(1)];
    renderAt('/nested-deposit');
    typeInto(await screen.findByLabelText('Or enter an amount'), '100');
    await payEnabled();
    vi.useFakeTimers();
    fireEvent.click(payButton());
    await advanceFakeTime(0);
    await advanceFakeTime(29 * 5_000);
    expect(calls('/pan-pay/deposit/result')).toHaveLength(30);
    await advanceFakeTime(100);
    expect(calls('/getMemberById')).toHaveLength(1);
    expect(screen.queryByTestId('deposit-result')).toBeNull();
    await advanceFakeTime(3_000);
    const shown = screen.getByTestId('deposit-result');
    expect(shown.textContent).toContain('Deposit failed');
    expect(shown.textContent).toContain(NOT_CONFIRMED);
    await advanceFakeTime(60_000);
    expect(calls('/pan-pay/deposit/result')).toHaveLength(30);
  });

  it('asks which number pays when the top-up names the panpay hall, and prompts that number', async () => {
    setSession(loginAnswer());
    topUpAnswer = okEnvelope({ redirectUrl: '/pay/hall/panpay?transNo=D123&sign=abc', transNo: 'D123' });
    results = [result(1), result(3)];
    renderAt('/nested-deposit');
    await screen.findByTestId('deposit-channels');
    fireEvent.click(screen.getByRole('button', { name: 'Other' }));
    typeInto(amountField(), '250');
    await payEnabled();
    fireEvent.click(payButton());

    // Still step 1: nothing was prompted yet, the member says which number pays.
    const phone = (await screen.findByLabelText('M-PESA number that pays')) as HTMLInputElement;
    const steps = screen.getByRole('list', { name: 'Deposit steps' });
    expect(steps.querySelector('[aria-current="step"]')?.textContent).toBe('1. Amount');
    expect(Object.fromEntries(bodyOf('/payOrder/pay'))).toEqual({ payMoney: '25000', payChannel: '8' });
    expect(Object.fromEntries(bodyOf('/payment/v1/forms'))).toEqual({ payToken: 'D123', sign: 'abc' });
    expect(phone.value).toBe('0712345678');
    expect(calls('/init-payment')).toHaveLength(0);
    expect(where()).toBe('/nested-deposit');

    typeInto(phone, '0722000111');
    fireEvent.click(screen.getByRole('button', { name: 'Send the payment prompt' }));
    await screen.findByTestId('deposit-waiting');
    expect(steps.querySelector('[aria-current="step"]')?.textContent).toBe('2. Waiting');
    const body = Object.fromEntries(bodyOf('/init-payment'));
    expect(body).toMatchObject({ payToken: 'D123', sign: 'abc', payChannelId: '8' });
    expect(JSON.parse(body.extendInfo ?? '')).toEqual({ phone: '0722000111' });
    await waitFor(() => expect(calls('/pan-pay/deposit/result').length).toBeGreaterThanOrEqual(1));
  });

  it('keeps the number step when the pay service refuses the number, with the server’s message', async () => {
    setSession(loginAnswer());
    topUpAnswer = okEnvelope({ redirectUrl: '/pay/hall/panpay?transNo=D123&sign=abc', transNo: 'D123' });
    const base = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (url, init) =>
      url.includes('/init-payment')
        ? envelope({ code: ERRORS.INVALID_MOBILE.code, msg: 'bad', data: null }, 400)
        : base(url, init),
    );
    renderAt('/nested-deposit');
    await screen.findByTestId('deposit-channels');
    fireEvent.click(screen.getByRole('button', { name: 'Other' }));
    typeInto(amountField(), '250');
    await payEnabled();
    fireEvent.click(payButton());
    typeInto((await screen.findByLabelText('M-PESA number that pays')) as HTMLInputElement, '123');
    fireEvent.click(screen.getByRole('button', { name: 'Send the payment prompt' }));
    await waitFor(() =>
      expect(getToasts().map((toast) => toast.message)).toEqual(['Incorrect format of mobile']),
    );
    expect(screen.getByLabelText('M-PESA number that pays')).toBeTruthy();
    expect(screen.queryByTestId('deposit-waiting')).toBeNull();
  });
});

describe('deposit pages by address', () => {
  it('/pay/deposit/mpesa: only the M-PESA channel, its title, and Pay opens the mpesa hall', async () => {
    setSession(loginAnswer());
    renderAt('/pay/deposit/mpesa');
    const picker = await screen.findByTestId('deposit-channels');
    expect(screen.getByRole('heading', { name: 'M-PESA deposit' })).toBeTruthy();
    expect(
      within(picker)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['M-PESA']);
    typeInto(amountField(), '50');
    await payEnabled();
    fireEvent.click(payButton());
    await waitFor(() => expect(where()).toBe('/pay/hall/mpesa?transNo=D123&sign=abc'));
    expect(Object.fromEntries(bodyOf('/payOrder/pay'))).toEqual({ payMoney: '5000', payChannel: '7' });
  });

  it('/pay/deposit/paypay goes to the deposit tab while the paypay setting is off', async () => {
    renderAt('/pay/deposit/paypay');
    await waitFor(() => expect(where()).toBe('/deposit'));
  });

  it('/pay/deposit/paypay when on: the pay-service channels, and Pay opens the panpay hall', async () => {
    setSettings({ ...kenyaSettings, paypay: true });
    setSession(loginAnswer());
    topUpAnswer = okEnvelope({ redirectUrl: '/pay/hall/panpay?transNo=D123&sign=abc', transNo: 'D123' });
    renderAt('/pay/deposit/paypay');
    const picker = await screen.findByTestId('deposit-channels');
    expect(screen.getByRole('heading', { name: 'Pay from any number' })).toBeTruthy();
    expect(
      within(picker)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Other']);
    expect(screen.getByTestId('deposit-memo').textContent).toBe('Any number');
    fireEvent.click(screen.getByRole('button', { name: /Pay 100\.00/ }));
    await payEnabled();
    fireEvent.click(payButton());
    await waitFor(() => expect(where()).toBe('/pay/hall/panpay?transNo=D123&sign=abc'));
    expect(Object.fromEntries(bodyOf('/payOrder/pay'))).toEqual({
      itemId: '2',
      payMoney: '10000',
      payChannel: '8',
    });
    expect(await screen.findByLabelText('M-PESA number that pays')).toBeTruthy();
  });
});

describe('DepositResultPage', () => {
  type DataLayerWindow = Window & { dataLayer?: unknown[] };
  const shown = () => screen.getByTestId('deposit-result').textContent ?? '';
  const settled = () =>
    waitFor(() => expect(screen.getByTestId('deposit-result').getAttribute('aria-busy')).toBeNull());

  it('on the server-confirmed first success: what was credited, coin gift, balance and count refreshed, hash stored', async () => {
    setSession(loginAnswer());
    (window as DataLayerWindow).dataLayer = [];
    renderAt('/pay/result?status=1&no=D123&bonus=1200&isBonus=1&msg=');
    await waitFor(() => expect(shown()).toContain('Deposit successful'));
    // What the ledger booked, not the amount asked: KES 95.00 of KES 100.00, the excise shown.
    expect(screen.getByTestId('deposit-result-credited').textContent).toBe('KES 95.00');
    expect(screen.getByTestId('deposit-result-excise').textContent).toBe('−KES 5.00');
    expect(screen.getByTestId('deposit-result-paid').textContent).toBe('KES 100.00');
    expect(new URL(calls('/pan-pay/deposit/result')[0]![0], 'http://test').searchParams.get('transNo')).toBe(
      'D123',
    );
    expect((await screen.findByTestId('coin-gift')).textContent).toContain('12.00 coins');
    await waitFor(() =>
      expect((window as DataLayerWindow).dataLayer).toContainEqual(
        expect.objectContaining({ event: 'first_deposit' }),
      ),
    );
    expect(calls('/getMemberById')).toHaveLength(1);
    expect(localStorage.getItem(LAST_DEPOSIT_HASH_KEY)).toBe(orderHash('D123'));
    delete (window as DataLayerWindow).dataLayer;
  });

  it('does not repeat the success actions for an order already handled', async () => {
    setSession(loginAnswer());
    localStorage.setItem(LAST_DEPOSIT_HASH_KEY, orderHash('D123'));
    renderAt('/pay/result?status=1&no=D123&bonus=1200&isBonus=1');
    await waitFor(() => expect(shown()).toContain('Deposit successful'));
    expect(screen.queryByTestId('coin-gift')).toBeNull();
    expect(calls('/memberInfo/persona')).toHaveLength(0);
  });

  it('a forged status=1 without an order shows no success, no gift and no developer toast', async () => {
    setSession(loginAnswer());
    renderAt('/pay/result?status=1&bonus=500000&isBonus=1');
    await settled();
    expect(shown()).not.toContain('Deposit successful');
    expect(shown()).toContain('No deposit to show');
    expect(screen.getByRole('link', { name: 'Records' }).getAttribute('href')).toBe(
      '/account/records/deposit',
    );
    expect(screen.queryByTestId('coin-gift')).toBeNull();
    expect(getToasts()).toEqual([]);
    expect(calls('/pan-pay/deposit/result')).toHaveLength(0);
    expect(localStorage.getItem(LAST_DEPOSIT_HASH_KEY)).toBeNull();
  });

  it('status=1 naming an order that is not the member’s (404) or not paid: no success', async () => {
    setSession(loginAnswer());
    resultAnswer = () => envelope({ code: 1004, msg: 'Not found', data: null }, 404);
    renderAt('/pay/result?status=1&no=DSOMEONEELSE');
    await settled();
    expect(shown()).toContain('No deposit to show');
    expect(shown()).not.toContain('Deposit successful');
    cleanup();

    resultAnswer = undefined;
    results = [result(1), result(3)];
    renderAt('/pay/result?status=1&no=D123&bonus=1200&isBonus=1');
    await waitFor(() => expect(shown()).toContain('Waiting for M-PESA'));
    expect(shown()).not.toContain('Deposit successful');
    expect(screen.queryByTestId('coin-gift')).toBeNull();
    expect(localStorage.getItem(LAST_DEPOSIT_HASH_KEY)).toBeNull();
    // Check again: now the server confirms it, and only now is it a success.
    fireEvent.click(screen.getByRole('button', { name: 'Check again' }));
    await waitFor(() => expect(shown()).toContain('Deposit successful'));
  });

  it("shows the failure with the server's reason, not the link's", async () => {
    setSession(loginAnswer());
    results = [result(4)];
    renderAt('/pay/result?status=0&no=D123&msg=Anything%20a%20link%20says');
    await waitFor(() => expect(shown()).toContain('Deposit failed'));
    expect(shown()).toContain('You cancelled the payment on your phone.');
    expect(shown()).not.toContain('Anything a link says');
  });

  it('a visitor is asked to log in, and sees no success', async () => {
    renderAt('/pay/result?status=1&no=D123');
    await settled();
    expect(shown()).not.toContain('Deposit successful');
    expect(screen.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe(
      '/login?r=%2Fpay%2Fresult%3Fno%3DD123',
    );
  });
});

describe('the deposit’s tax lines (issue 12 §5)', () => {
  const lines = () => screen.getByTestId('deposit-tax');
  const line = (id: string) => screen.getByTestId(id).textContent;

  it('Kenya: you pay X, excise 5 %, credited X less it, before Pay; none while the amount cannot be paid', async () => {
    setSession(loginAnswer());
    renderAt('/deposit');
    await screen.findByTestId('deposit-packages');
    typeInto(amountField(), '5');
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('The minimum deposit is 10.00'));
    expect(screen.queryByTestId('deposit-tax')).toBeNull();

    typeInto(amountField(), '150');
    await waitFor(() => expect(line('deposit-tax-credited')).toBe('KES 142.50'));
    expect(line('deposit-tax-paid')).toBe('KES 150.00');
    expect(line('deposit-tax-excise')).toBe('−KES 7.50');
    expect(within(lines()).getByText('Excise duty (5%)')).toBeTruthy();
    expect(within(lines()).getByText('Credited to your balance')).toBeTruthy();

    // A package: the excise is on its price; its coins are not money and come whole.
    fireEvent.click(screen.getByRole('button', { name: /Pay 100\.00/ }));
    await waitFor(() => expect(line('deposit-tax-credited')).toBe('KES 95.00'));
    expect(line('deposit-tax-excise')).toBe('−KES 5.00');
  });

  it('a market whose law taxes no deposit shows no tax lines', async () => {
    setSettings({
      ...kenyaSettings,
      country: { ...kenyaSettings.country, taxes: { deposit: null, withdrawal: null } },
    });
    setSession(loginAnswer());
    renderAt('/deposit');
    await screen.findByTestId('deposit-packages');
    typeInto(amountField(), '150');
    await payEnabled();
    expect(screen.queryByTestId('deposit-tax')).toBeNull();
  });
});

describe('M-Pesa payments paused (issue 24 §3)', () => {
  it('the deposit page carries the notice; the hall says the queued deposit waits for the end of the maintenance, with no timer', async () => {
    paused = true;
    results = [result(5)];
    setSession(loginAnswer({ mobile: '0712345678' }));
    renderAt('/deposit');
    const notice = await screen.findByTestId('payments-paused');
    expect(notice.textContent).toContain(
      'M-PESA is under maintenance. Deposits and withdrawals are still accepted',
    );
    cleanup();
    renderAt('/pay/hall/mpesa?transNo=D123&sign=abc');
    await waitFor(() =>
      expect(screen.getByTestId('deposit-hall-queued').textContent).toContain(
        'your deposit is queued and we will prompt your phone when it is back',
      ),
    );
    expect(screen.queryByTestId('deposit-hall-timer')).toBeNull();
    expect(screen.queryByTestId('deposit-waiting')).toBeNull();
  });

  it('without a pause: no notice, and a queued deposit says the prompt comes shortly', async () => {
    results = [result(5)];
    setSession(loginAnswer({ mobile: '0712345678' }));
    renderAt('/deposit');
    await screen.findByTestId('deposit-packages');
    await waitFor(() => expect(calls('/pan-pay/status')).not.toHaveLength(0));
    expect(screen.queryByTestId('payments-paused')).toBeNull();
    cleanup();
    renderAt('/pay/hall/mpesa?transNo=D123&sign=abc');
    await waitFor(() =>
      expect(screen.getByTestId('deposit-hall-queued').textContent).toBe(
        'M-PESA is busy right now: we will prompt your phone shortly. Keep this page open.',
      ),
    );
  });
});
