// @vitest-environment jsdom
import { ERRORS } from '@app/contracts/errors';
import type { Appeal, AppealTimeline } from '@app/contracts/feedback';
import type { DepositRecord } from '@app/contracts/payment-records';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setSession } from '../../../lib/session.ts';
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
import { AppealPage } from './appeal-page.tsx';
import { TimelinePage } from './timeline-page.tsx';

const ORDER: DepositRecord = {
  id: 42,
  transNo: 'D20261122001',
  payMoney: 50_000,
  coins: 0,
  channelCode: 'MPESA',
  channelName: 'M-PESA',
  state: 4,
  message: 'The request was cancelled by the user',
  receipt: null,
  transactionId: null,
  excise: 0,
  credited: null,
  createTime: '2026-11-22T08:00:00.000Z',
};

const PROOF_URL = '/api/account-service/feedback/images/aaaa.png';
const PROOF = new Blob(['proof bytes'], { type: 'image/png' });

function timeline(overrides: Partial<AppealTimeline> = {}): AppealTimeline {
  return {
    id: 7,
    orderId: 42,
    transNo: ORDER.transNo,
    payMoney: ORDER.payMoney,
    receipt: 'QGH7XK2M1P',
    content: 'I paid but nothing arrived',
    images: [PROOF_URL],
    state: 'submitted',
    createTime: '2026-11-22T09:00:00.000Z',
    updateTime: '2026-11-22T09:00:00.000Z',
    events: [
      { id: 1, state: 'submitted', actor: 'member', note: '', createTime: '2026-11-22T09:00:00.000Z' },
    ],
    ...overrides,
  };
}

let order: DepositRecord | undefined;
let appeals: Appeal[] = [];
let submitAnswer: () => Response;
let addAnswer: () => Response;
let shown: AppealTimeline | undefined;

const fetchMock = stubFetch();
// Previews of chosen files (Files), and the proof fetched from the server (a Blob).
const createObjectUrl = vi.fn((file: Blob) => (file instanceof File ? 'blob:preview' : 'blob:proof'));
const revokeObjectUrl = vi.fn();
const calls = (path: string) =>
  fetchMock.mock.calls.filter(([url]) => new URL(url, 'http://t').pathname.endsWith(path));
const notFound = () => envelope({ code: ERRORS.NOT_FOUND.code, msg: 'Not found', data: null }, 404);

beforeEach(() => {
  setSettings(kenyaSettings);
  setSession(loginAnswer());
  order = ORDER;
  appeals = [];
  shown = timeline();
  submitAnswer = () => okEnvelope(timeline());
  addAnswer = () => okEnvelope(timeline());
  fetchMock.mockImplementation(async (url) => {
    const { pathname } = new URL(url, 'http://t');
    if (pathname.endsWith('/payOrder/detail')) return order ? okEnvelope(order) : notFound();
    if (pathname.endsWith('/feedback/by-order')) return okEnvelope(appeals);
    if (pathname.endsWith('/feedback/deposit')) return submitAnswer();
    if (pathname.endsWith('/feedback/images/add')) return addAnswer();
    if (pathname.endsWith('/feedback/timeline')) return shown ? okEnvelope(shown) : notFound();
    if (pathname === PROOF_URL) return new Response(PROOF, { headers: { 'content-type': 'image/png' } });
    return okEnvelope(null);
  });
  vi.stubGlobal(
    'URL',
    Object.assign(URL, { createObjectURL: createObjectUrl, revokeObjectURL: revokeObjectUrl }),
  );
});

afterEach(resetAppState);

function renderAt(path: string) {
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/feedback/deposit/:id" element={<AppealPage />} />
        <Route path="/feedback/timeline/:id" element={<TimelinePage />} />
      </Routes>
    </MemoryRouter>,
  );
}

function imageOf(bytes: number, name = 'proof.png'): File {
  const file = new File(['x'], name, { type: 'image/png' });
  Object.defineProperty(file, 'size', { value: bytes });
  return file;
}

/** The browser's `change` of a file input (not fireEvent.change: preact/compat renames it to `input`). */
function pick(...files: File[]) {
  const picker = screen.getByTestId('appeal-file');
  Object.defineProperty(picker, 'files', { configurable: true, value: files });
  fireEvent(picker, new Event('change', { bubbles: true }));
}

describe('appeal page', () => {
  it('shows the deposit, and sends receipt, description and the first image, then the others, then the timeline', async () => {
    renderAt('/feedback/deposit/42');
    const summary = await screen.findByTestId('deposit-summary');
    expect(summary.textContent).toContain('D20261122001');
    expect(summary.textContent).toContain('KES 500.00');
    expect(summary.textContent).toContain('Failed');

    const send = await screen.findByRole('button', { name: 'Send appeal' });
    expect(send.hasAttribute('disabled')).toBe(true);
    typeInto(screen.getByLabelText('M-PESA receipt (optional)') as HTMLInputElement, 'qgh7-xk2m1p');
    expect((screen.getByLabelText('M-PESA receipt (optional)') as HTMLInputElement).value).toBe('QGH7XK2M1P');
    typeInto(screen.getByLabelText('What happened?') as HTMLInputElement, 'I paid but nothing arrived');
    expect(send.hasAttribute('disabled')).toBe(true);
    const first = imageOf(1_000, 'one.png');
    const second = imageOf(2_000, 'two.png');
    pick(first, second);
    expect(screen.getAllByTestId('appeal-image')).toHaveLength(2);
    expect(send.hasAttribute('disabled')).toBe(false);

    fireEvent.click(send);
    await screen.findByTestId('appeal-detail');
    const [[, submitted]] = calls('/feedback/deposit') as [[string, RequestInit]];
    const body = submitted.body as FormData;
    expect(body.get('orderId')).toBe('42');
    expect(body.get('receipt')).toBe('QGH7XK2M1P');
    expect(body.get('content')).toBe('I paid but nothing arrived');
    expect(body.getAll('file')).toEqual([first]);
    const [[, added]] = calls('/feedback/images/add') as [[string, RequestInit]];
    expect((added.body as FormData).get('id')).toBe('7');
    expect((added.body as FormData).get('file')).toBe(second);
    expect(getToasts().map((toast) => toast.message)).toEqual(['Your appeal was sent']);
  });

  it('refuses an image above 10 MB before sending it, and a fourth image', async () => {
    renderAt('/feedback/deposit/42');
    await screen.findByRole('button', { name: 'Send appeal' });
    pick(imageOf(10 * 1024 * 1024 + 1));
    expect(screen.queryAllByTestId('appeal-image')).toHaveLength(0);
    expect(getToasts().map((toast) => toast.message)).toEqual(['The file is larger than 10 MB']);
    pick(imageOf(10 * 1024 * 1024), imageOf(1), imageOf(2), imageOf(3));
    expect(screen.getAllByTestId('appeal-image')).toHaveLength(3);
    expect(getToasts().map((toast) => toast.message)).toContain('At most 3 images');
    expect(screen.queryByRole('button', { name: 'Add an image' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Remove image 2' }));
    expect(screen.getAllByTestId('appeal-image')).toHaveLength(2);
  });

  it('checks the receipt and the description when the field is left', async () => {
    renderAt('/feedback/deposit/42');
    const receipt = (await screen.findByLabelText('M-PESA receipt (optional)')) as HTMLInputElement;
    typeInto(receipt, 'QGH7');
    leaveField(receipt);
    expect(screen.getByText('The M-PESA receipt has 10 letters and digits')).toBeTruthy();
    const content = screen.getByLabelText('What happened?');
    leaveField(content);
    expect(screen.getByText('Cannot be empty, please fill in!')).toBeTruthy();
  });

  it('toasts a refusal and stays on the form', async () => {
    submitAnswer = () =>
      envelope({ code: ERRORS.APPEAL_OPEN.code, msg: ERRORS.APPEAL_OPEN.msg, data: null }, 409);
    renderAt('/feedback/deposit/42');
    typeInto((await screen.findByLabelText('What happened?')) as HTMLInputElement, 'x');
    pick(imageOf(10));
    fireEvent.click(screen.getByRole('button', { name: 'Send appeal' }));
    await waitFor(() => expect(getToasts()).toHaveLength(1));
    expect(getToasts()[0]?.kind).toBe('error');
    expect(screen.getByRole('button', { name: 'Send appeal' })).toBeTruthy();
    expect(calls('/feedback/images/add')).toEqual([]);
  });

  it('points to the open appeal instead of a new form', async () => {
    appeals = [timeline({ id: 9, state: 'processing' })];
    renderAt('/feedback/deposit/42');
    const open = await screen.findByTestId('appeal-open');
    expect(within(open).getByRole('link', { name: 'See its progress' }).getAttribute('href')).toBe(
      '/feedback/timeline/9',
    );
    expect(screen.queryByRole('button', { name: 'Send appeal' })).toBeNull();
  });

  it('shows a rejected appeal and its answer above the form, not a blank form', async () => {
    appeals = [timeline({ id: 7, state: 'rejected' }), timeline({ id: 8, state: 'rejected' })];
    renderAt('/feedback/deposit/42');
    const rejected = await screen.findByTestId('appeal-rejected');
    expect(rejected.textContent).toContain('Your last appeal of this deposit was rejected');
    expect(within(rejected).getByRole('link', { name: 'See the answer' }).getAttribute('href')).toBe(
      '/feedback/timeline/8',
    );
    expect(screen.getByRole('button', { name: 'Send appeal' })).toBeTruthy();
  });

  it('says a paid deposit has nothing to appeal, and a missing (or another member’s) one does not exist', async () => {
    order = { ...ORDER, state: 3 };
    renderAt('/feedback/deposit/42');
    expect((await screen.findByTestId('appeal-paid')).textContent).toContain('nothing to appeal');
    await resetAppState();

    setSettings(kenyaSettings);
    setSession(loginAnswer());
    order = undefined;
    renderAt('/feedback/deposit/43');
    expect((await screen.findByTestId('appeal-not-found')).textContent).toContain('does not exist');
  });
});

describe('timeline page', () => {
  it('shows the appeal and its history oldest first, with notes and who wrote them', async () => {
    shown = timeline({
      state: 'rejected',
      events: [
        { id: 1, state: 'submitted', actor: 'member', note: '', createTime: '2026-11-22T09:00:00.000Z' },
        {
          id: 2,
          state: 'processing',
          actor: 'operator',
          note: 'Checking',
          createTime: '2026-11-22T10:00:00.000Z',
        },
        {
          id: 3,
          state: 'rejected',
          actor: 'operator',
          note: 'No payment found',
          createTime: '2026-11-22T11:00:00.000Z',
        },
      ],
    });
    renderAt('/feedback/timeline/7');
    const detail = await screen.findByTestId('appeal-detail');
    expect(detail.textContent).toContain('Rejected');
    expect(detail.textContent).toContain('QGH7XK2M1P');
    expect(detail.textContent).toContain('I paid but nothing arrived');
    // The proof is fetched with the member's session header (an <img> could not send it).
    await waitFor(() =>
      expect(within(detail).getByRole('img', { name: 'Proof image 1' }).getAttribute('src')).toBe(
        'blob:proof',
      ),
    );
    const [[, sent]] = calls('/feedback/images/aaaa.png') as [[string, RequestInit]];
    expect(new Headers(sent.headers).get('token')).toBe(loginAnswer().token);
    const events = screen.getAllByTestId('timeline-event').map((event) => event.textContent);
    expect(events[0]).toContain('Appeal sent · by you');
    expect(events[1]).toContain('Support is reviewing it · by support');
    expect(events[1]).toContain('Checking');
    expect(events[2]).toContain('Rejected · by support');
    expect(events[2]).toContain('No payment found');
  });

  it('releases the proof image when the page is left', async () => {
    revokeObjectUrl.mockClear();
    renderAt('/feedback/timeline/7');
    const detail = await screen.findByTestId('appeal-detail');
    await waitFor(() =>
      expect(within(detail).getByRole('img', { name: 'Proof image 1' }).getAttribute('src')).toBe(
        'blob:proof',
      ),
    );
    expect(revokeObjectUrl).not.toHaveBeenCalledWith('blob:proof');
    cleanup();
    expect(revokeObjectUrl).toHaveBeenCalledWith('blob:proof');
  });

  it('says when the appeal does not exist or is not the member’s', async () => {
    shown = undefined;
    renderAt('/feedback/timeline/8');
    expect((await screen.findByTestId('timeline-not-found')).textContent).toContain('does not exist');
  });
});
