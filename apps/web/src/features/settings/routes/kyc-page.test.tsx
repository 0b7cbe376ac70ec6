// @vitest-environment jsdom
import { COUNTRY_PROFILES } from '@app/contracts/country';
import { ERRORS } from '@app/contracts/errors';
import { emptyKycRecord, type KycField, type KycRecord } from '@app/contracts/kyc';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
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
} from '../../../test/fixtures.ts';
import { KycPage } from './kyc-page.tsx';

// Served out of index order: the form must sort them.
const FIELDS: KycField[] = [
  { index: 1, name: 'surname', required: true },
  { index: 0, name: 'firstName', required: true },
  { index: 2, name: 'dateOfBirth', required: true },
  { index: 3, name: 'ID_TYPE', required: true },
  { index: 4, name: 'ID_NUMBER', required: true },
  { index: 5, name: 'email', required: false },
];

const NONE: KycRecord = emptyKycRecord('national-id-selfie');

type Call = { url: string; method: string; body: URLSearchParams | undefined };
const calls: Call[] = [];
const fetchMock = stubFetch();
let enable: boolean;
let records: KycRecord[];
let submitAnswer: () => Response;
let verifyAnswer: () => Response;
const verified: { photo: string }[] = [];

beforeEach(() => {
  setSettings({ ...kenyaSettings, country: COUNTRY_PROFILES.GH });
  setSession(loginAnswer({ mobile: '0241234567' }));
  enable = true;
  records = [NONE];
  submitAnswer = () => okEnvelope({ ...NONE, status: 'pending' });
  verifyAnswer = () => okEnvelope({ ...NONE, status: 'verified' });
  verified.length = 0;
  fetchMock.mockImplementation(async (url, init) => {
    const method = init.method ?? 'GET';
    calls.push({ url, method, body: init.body instanceof URLSearchParams ? init.body : undefined });
    if (url.endsWith('/memberInfo/kyc/config')) return okEnvelope({ enable, basicFields: [] });
    if (url.endsWith('/memberInfo/kyc/fields')) return okEnvelope(FIELDS);
    if (url.endsWith('/memberInfo/kyc') && method === 'POST') return submitAnswer();
    if (url.endsWith('/memberInfo/kyc/verify')) {
      verified.push(JSON.parse(String(init.body)) as { photo: string });
      return verifyAnswer();
    }
    if (url.endsWith('/memberInfo/kyc')) {
      const record = records.length > 1 ? records.shift()! : records[0]!;
      return okEnvelope(record);
    }
    return envelope({ code: 1004, msg: 'Not found', data: null }, 404);
  });
});

afterEach(async () => {
  await resetAppState();
  calls.length = 0;
});

function renderKyc() {
  render(
    <MemoryRouter initialEntries={['/me/settings/kyc']}>
      <KycPage />
    </MemoryRouter>,
  );
}

async function openForm() {
  renderKyc();
  fireEvent.click(await screen.findByRole('button', { name: 'Verify now' }));
  const popup = await screen.findByRole('dialog', { name: 'Verify your identity' });
  await within(popup).findByLabelText(/First name/);
  return popup;
}

function type(label: RegExp, value: string) {
  const input = screen.getByLabelText(label);
  if (input instanceof HTMLSelectElement) {
    // A browser fires change on a select; the testing library would turn change into input for compat.
    input.value = value;
    act(() => void input.dispatchEvent(new Event('change', { bubbles: true })));
  } else {
    fireEvent.input(input, { target: { value } });
  }
  return input as HTMLInputElement;
}

function fillValid() {
  type(/First name/, 'Ama');
  type(/Surname/, 'Mensah');
  type(/Date of birth/, '01021990');
  type(/ID type/, 'Ghana Card');
  type(/ID number/, 'GHA-123456789-0');
}

const submitButton = () => screen.getByRole('button', { name: 'Submit' }) as HTMLButtonElement;
const toastMessages = () => getToasts().map((toast) => toast.message);

describe('KycPage', () => {
  it('shows the status, and the fields in index order with the required ones marked', async () => {
    const popup = await openForm();
    expect(screen.getByTestId('kyc-status').textContent).toBe('Not verified');
    const labels = [...popup.querySelectorAll('label')].map((label) => label.textContent);
    expect(labels).toEqual([
      'First name *',
      'Surname *',
      'Date of birth *',
      'ID type *',
      'ID number *',
      'E-mail',
    ]);
    expect(screen.getByLabelText(/Date of birth/).getAttribute('placeholder')).toBe('dd-mm-yyyy');
  });

  it('enables submit only when every required field is filled', async () => {
    await openForm();
    expect(submitButton().disabled).toBe(true);
    type(/First name/, 'Ama');
    type(/Surname/, 'Mensah');
    type(/Date of birth/, '01021990');
    type(/ID type/, 'Passport');
    expect(submitButton().disabled).toBe(true);
    type(/ID number/, 'P1234567');
    expect(submitButton().disabled).toBe(false);
    type(/ID number/, ' ');
    expect(submitButton().disabled).toBe(true);
  });

  it('shows a rule under a field when it loses focus', async () => {
    await openForm();
    leaveField(type(/First name/, 'ama'));
    expect(screen.getByText('Only letters are allowed for names!')).toBeTruthy();
    leaveField(type(/First name/, 'Ama'));
    expect(screen.queryByText('Only letters are allowed for names!')).toBeNull();
  });

  it('switches the id number placeholder and rule for a Ghana Card', async () => {
    await openForm();
    const idNumber = screen.getByLabelText(/ID number/);
    expect(idNumber.getAttribute('placeholder')).not.toBe('GHA-123456789-0');
    type(/ID type/, 'Passport');
    leaveField(type(/ID number/, 'P1234567'));
    expect(screen.queryByRole('alert')).toBeNull();
    type(/ID type/, 'Ghana Card');
    expect(idNumber.getAttribute('placeholder')).toBe('GHA-123456789-0');
    leaveField(idNumber);
    expect(screen.getByText(/GHA- followed by 9 digits/)).toBeTruthy();
  });

  it('Kenya: the document types of the country profile, each with its rule under the number', async () => {
    setSettings({ ...kenyaSettings, country: COUNTRY_PROFILES.KE });
    await openForm();
    const types = [...(screen.getByLabelText(/ID type/) as HTMLSelectElement).options].map((o) => o.text);
    expect(types).toEqual(['Choose an ID type', 'National ID', 'Maisha Namba', 'Passport', 'Alien ID']);
    type(/ID type/, 'National ID');
    const idNumber = screen.getByLabelText(/ID number/);
    expect(idNumber.getAttribute('placeholder')).toBe('12345678');
    expect(idNumber.getAttribute('inputmode')).toBe('numeric');
    const hint = document.getElementById(idNumber.getAttribute('aria-describedby') ?? '');
    expect(hint?.textContent).toBe('A national ID number is 7 or 8 digits');
    // An 8-digit second-generation ID passes; 9 digits are refused with the same rule.
    leaveField(type(/ID number/, '12345678'));
    expect(screen.queryByRole('alert')).toBeNull();
    leaveField(type(/ID number/, '123456789'));
    expect(screen.getByRole('alert').textContent).toBe('A national ID number is 7 or 8 digits');
    type(/ID type/, 'Maisha Namba');
    expect(idNumber.getAttribute('placeholder')).toBe('10012345678901');
  });

  it('shows the date as dd-mm-yyyy and posts it as yyyymmdd with field{index} values; ok → Success and reload', async () => {
    records = [
      NONE,
      { ...NONE, status: 'pending', values: { firstName: 'Ama', dateOfBirth: '19900201' }, submittedAt: 'x' },
    ];
    await openForm();
    fillValid();
    expect((screen.getByLabelText(/Date of birth/) as HTMLInputElement).value).toBe('01-02-1990');
    fireEvent.click(submitButton());

    await waitFor(() => expect(toastMessages()).toEqual(['Success']));
    const post = calls.find((call) => call.method === 'POST');
    expect(post?.url).toBe('/api/account-service/memberInfo/kyc');
    expect(Object.fromEntries(post!.body!)).toEqual({
      field0: 'Ama',
      field1: 'Mensah',
      field2: '19900201',
      field3: 'Ghana Card',
      field4: 'GHA-123456789-0',
      field5: '',
    });
    // The record is read again and the popup closes; the pending record is shown read-only.
    await waitFor(() => expect(screen.getByTestId('kyc-status').textContent).toBe('Not verified yet'));
    expect(
      calls.filter((call) => call.url.endsWith('/memberInfo/kyc') && call.method === 'GET'),
    ).toHaveLength(2);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Verify now' })).toBeNull();
    expect(screen.getByTestId('kyc-values').textContent).toContain('01-02-1990');
  });

  it("a refused answer toasts 'Please check the content' and keeps the form open", async () => {
    submitAnswer = () =>
      envelope(
        {
          code: ERRORS.KYC_INVALID.code,
          msg: 'Please check the content',
          data: null,
          errors: [{ field: 'field1', message: 'Only letters are allowed for names!' }],
        },
        400,
      );
    await openForm();
    fillValid();
    fireEvent.click(submitButton());
    await waitFor(() => expect(toastMessages()).toEqual(['Please check the content']));
    expect(screen.getByRole('dialog', { name: 'Verify your identity' })).toBeTruthy();
    expect((screen.getByLabelText(/Surname/) as HTMLInputElement).value).toBe('Mensah');
  });

  it("a form that breaks a rule is not sent: 'Please check the content' and each field's message", async () => {
    await openForm();
    fillValid();
    type(/First name/, 'ama');
    type(/ID number/, 'GHA-1');
    fireEvent.click(submitButton());
    await waitFor(() => expect(toastMessages()).toEqual(['Please check the content']));
    expect(screen.getByText('Only letters are allowed for names!')).toBeTruthy();
    expect(screen.getByText(/GHA- followed by 9 digits/)).toBeTruthy();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it("another failure toasts the server's message", async () => {
    submitAnswer = () => envelope({ code: 2099, msg: 'Your identity is already verified', data: null }, 400);
    await openForm();
    fillValid();
    fireEvent.click(submitButton());
    await waitFor(() => expect(toastMessages()).toEqual(['Your identity is already verified']));
  });

  it('is not closed by a tap outside, only by its close button or Escape', async () => {
    await openForm();
    fireEvent.click(screen.getByTestId('kyc-popup-backdrop'));
    expect(screen.getByRole('dialog', { name: 'Verify your identity' })).toBeTruthy();
    fireEvent.keyDown(document, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    fireEvent.click(screen.getByRole('button', { name: 'Verify now' }));
    const popup = await screen.findByRole('dialog', { name: 'Verify your identity' });
    fireEvent.click(within(popup).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('says verification is not available when the config is off', async () => {
    enable = false;
    renderKyc();
    expect(await screen.findByText('Identity verification is not available at the moment.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Verify now' })).toBeNull();
  });

  it('shows a verified record as verified, without the form', async () => {
    records = [{ ...NONE, status: 'verified', values: { firstName: 'Ama' }, submittedAt: 'x' }];
    renderKyc();
    await waitFor(() => expect(screen.getByTestId('kyc-status').textContent).toBe('Verified'));
    expect(screen.queryByRole('button', { name: 'Verify now' })).toBeNull();
  });

  it('asks a pending member for the selfie, sends it, and shows the answer', async () => {
    const pending = { ...NONE, status: 'pending' as const, values: { firstName: 'Ama' }, submittedAt: 'x' };
    records = [pending, { ...pending, status: 'verified' }];
    renderKyc();
    expect(await screen.findByRole('heading', { name: 'Take a selfie' })).toBeTruthy();
    const send = screen.getByRole('button', { name: 'Send for verification' }) as HTMLButtonElement;
    expect(send.disabled).toBe(true);
    const file = new File([new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10, 0, 0, 0, 13])], 'me.png', {
      type: 'image/png',
    });
    // As a browser fires it (the testing library's change would become an input event under compat).
    const picker = screen.getByTestId('kyc-photo-file');
    Object.defineProperty(picker, 'files', { configurable: true, value: [file] });
    fireEvent(picker, new Event('change', { bubbles: true }));
    await screen.findByRole('img', { name: 'Your photo' });
    fireEvent.click(send);
    await waitFor(() => expect(verified).toHaveLength(1));
    expect(verified[0]?.photo).toMatch(/^data:image\/png;base64,/);
    await waitFor(() => expect(screen.getByTestId('kyc-status').textContent).toBe('Verified'));
  });

  it('shows why a verification was refused, with the operator’s note', async () => {
    records = [
      { ...NONE, status: 'rejected', reason: 'operator', note: 'The photo is too dark', submittedAt: 'x' },
    ];
    renderKyc();
    expect((await screen.findByTestId('kyc-reason')).textContent).toBe(
      'Our team could not accept your verification.',
    );
    expect(screen.getByTestId('kyc-note').textContent).toBe('Message from our team: The photo is too dark');
    expect(screen.getByRole('button', { name: 'Submit again' })).toBeTruthy();
  });
});
