/**
 * Shared setup for the web unit tests: the settings, member and server answers most tests start from,
 * the fetch stub, typing into and leaving form fields, and the teardown of the app's module-level state.
 *
 * Only test files import this module, so it is never part of the app build, and its name does not match
 * the test pattern (`*.test.{ts,tsx}`), so vitest does not run it as a test file.
 */
import type { AppSettings } from '@app/contracts/config';
import { COUNTRY_PROFILES } from '@app/contracts/country';
import type { LoginResponse, Profile } from '@app/contracts/member';
import { act, cleanup, fireEvent } from '@testing-library/preact';
import { afterEach, beforeEach, vi, type Mock } from 'vitest';
import { hideBanner } from '../lib/banner.ts';
import { resetPopupLock } from '../lib/popup-lock.ts';
import { clearQueryCache } from '../lib/query.ts';
import { clearSession } from '../lib/session.ts';
import { dismissToast, getToasts } from '../lib/toast.ts';

/** The WinSlots brand in Kenya, in English only: the site most tests run as. */
export const kenyaSettings: AppSettings = {
  country: COUNTRY_PROFILES.KE,
  theme: 'winslots',
  christmas: false,
  languages: ['en'],
  brandName: 'WinSlots',
  disallowedSuppliers: [],
};

/** A logged-in member (id 1, mobile 0712345678, token tok-1) with no money, diamonds or nickname yet. */
export function memberProfile(overrides: Partial<Profile> = {}): Profile {
  return {
    id: 1,
    mobile: '0712345678',
    money: 0,
    withdrawMoney: 0,
    bonusMoney: 0,
    diamond: 0,
    tickets: 0,
    levelId: 1,
    nickName: '',
    img: '',
    score: 0,
    hasPinCode: false,
    token: 'tok-1',
    guid: '',
    inviteCode: '',
    ...overrides,
  };
}

/** The server's answer to a login (and what `setSession` takes): {@link memberProfile} and its token. */
export function loginAnswer(overrides: Partial<Profile> = {}): LoginResponse {
  const memberInfo = memberProfile(overrides);
  return { token: memberInfo.token, memberInfo };
}

/** An HTTP answer with `body` as JSON, such as the API's `{ code, msg, data }` envelope. */
export function envelope(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** A successful API answer: HTTP 200 with `{ code: 0, msg: '', data }`. */
export function okEnvelope(data: unknown): Response {
  return envelope({ code: 0, msg: '', data });
}

export type FetchMock = Mock<(input: string, init: RequestInit) => Promise<Response>>;

/**
 * A mock that stands in for `fetch` in every test of the file: it is installed before each test, and
 * after each test the real `fetch` comes back and the mock forgets its calls and answers. Give it
 * answers with `mockImplementation` in the file's `beforeEach` or in a test.
 *
 * Call it at the top level of the file, before the file's own hooks: vitest runs after-hooks in reverse
 * order, so `fetch` stays stubbed until the file's `afterEach` (and `resetAppState`) has finished.
 */
export function stubFetch(): FetchMock {
  const fetchMock: FetchMock = vi.fn();
  beforeEach(() => {
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    fetchMock.mockReset();
  });
  return fetchMock;
}

/** Lets fake time pass inside act, so renders and effects caused by what ran in that time are flushed. */
export async function advanceFakeTime(ms: number): Promise<void> {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

/** Types `value` into a text field: sets it and fires one `input` event, as a browser does. */
export function typeInto(field: HTMLInputElement, value: string): void {
  fireEvent.input(field, { target: { value } });
}

/** Focus leaves the field as in a browser (preact/compat listens to focusout for onBlur). */
export function leaveField(field: HTMLElement): void {
  act(() => {
    field.focus();
    field.blur();
  });
}

/**
 * Preact runs effects after the next animation frame (with a timer as a fallback). Letting that frame
 * come while the page still exists means no effect or timer fires after the test environment is gone.
 */
async function letNextFrameRun(): Promise<void> {
  if (vi.isFakeTimers()) await advanceFakeTime(20);
  else await act(() => new Promise<void>((resolve) => requestAnimationFrame(() => resolve())));
}

/**
 * The common `afterEach` of a test that renders: waits for Preact's pending frame, unmounts, then logs
 * out (which also runs the stores' logout callbacks) and forgets cached queries, the popup lock, the
 * notification banner, toasts and local storage, and goes back to real timers.
 */
export async function resetAppState(): Promise<void> {
  await letNextFrameRun();
  cleanup();
  clearSession();
  clearQueryCache();
  resetPopupLock();
  hideBanner();
  getToasts().forEach((toast) => dismissToast(toast.id));
  vi.useRealTimers();
  localStorage.clear();
}
