// @vitest-environment jsdom
import type { AppSettings } from '@app/contracts/config';
import { COUNTRY_PROFILES } from '@app/contracts/country';
import type { Profile } from '@app/contracts/member';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetPopupLock } from '../../../lib/popup-lock.ts';
import { clearSession, getToken, onSessionClear, setSession } from '../../../lib/session.ts';
import { setSettings } from '../../../lib/settings.ts';
import { dismissToast, getToasts } from '../../../lib/toast.ts';
import { ExclusionPage } from './exclusion-page.tsx';

const settings: AppSettings = {
  country: COUNTRY_PROFILES.KE,
  theme: 'winslots',
  christmas: false,
  languages: ['en'],
  brandName: 'WinSlots',
  disallowedSuppliers: [],
};

function envelope(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

const fetchMock = vi.fn<(input: string, init: RequestInit) => Promise<Response>>();

beforeEach(() => {
  setSettings(settings);
  setSession({ token: 'tok-1', memberInfo: { id: 1, mobile: '0712345678' } as Profile });
  fetchMock.mockImplementation(async () => envelope({ code: 0, msg: '', data: null }));
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(async () => {
  await act(() => new Promise<void>((resolve) => requestAnimationFrame(() => resolve())));
  cleanup();
  clearSession();
  resetPopupLock();
  vi.unstubAllGlobals();
  fetchMock.mockReset();
  getToasts().forEach((toast) => dismissToast(toast.id));
  localStorage.clear();
});

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

function renderExclusion() {
  render(
    <MemoryRouter initialEntries={['/me/settings/exclusion']}>
      <Routes>
        <Route path="/me/settings/exclusion" element={<ExclusionPage />} />
        <Route path="*" element={<Where />} />
      </Routes>
    </MemoryRouter>,
  );
  return {
    input: screen.getByLabelText('Your closing phrase') as HTMLInputElement,
    button: screen.getByRole('button', { name: 'Close my account' }) as HTMLButtonElement,
  };
}

function type(input: HTMLInputElement, value: string) {
  fireEvent.input(input, { target: { value } });
}

function leave(input: HTMLInputElement) {
  act(() => {
    input.focus();
    input.blur();
  });
}

const RULE = 'Letters and digits only, 5 to 10 characters';

describe('ExclusionPage', () => {
  it('explains what closing means', () => {
    renderExclusion();
    expect(screen.getByText(/logged out at once, on every phone/)).toBeTruthy();
    expect(screen.getByText(/no longer log in/)).toBeTruthy();
  });

  it('takes 5 to 10 letters and digits, and names the rule when the phrase is wrong', () => {
    const { input, button } = renderExclusion();
    expect(button.disabled).toBe(true);
    type(input, 'abcd');
    leave(input);
    expect(screen.getByText(RULE)).toBeTruthy();
    expect(button.disabled).toBe(true);
    type(input, 'abc d1');
    expect(button.disabled).toBe(true);
    type(input, 'ab-cd1');
    expect(button.disabled).toBe(true);
    type(input, 'Bye2026');
    expect(screen.queryByText(RULE)).toBeNull();
    expect(button.disabled).toBe(false);
  });

  it('asks first; cancelling sends nothing', async () => {
    const { input, button } = renderExclusion();
    type(input, 'Bye2026');
    fireEvent.click(button);
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByTestId('confirm-dialog')).toBeNull());
    expect(fetchMock).not.toHaveBeenCalled();
    expect(getToken()).toBe('tok-1');
  });

  it('after confirming, posts the phrase, clears the session, says so and goes home', async () => {
    const forgotten = vi.fn();
    const unregister = onSessionClear(forgotten);
    const { input, button } = renderExclusion();
    type(input, 'Bye2026');
    fireEvent.click(button);
    fireEvent.click(await screen.findByRole('button', { name: 'Close account' }));

    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/home'));
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/member-service/self-exclusion/submit');
    expect(init.method).toBe('POST');
    expect(String(init.body)).toBe('content=Bye2026');
    expect(getToken()).toBeUndefined();
    expect(forgotten).toHaveBeenCalledOnce();
    expect(getToasts().map((toast) => toast.message)).toEqual([
      'Your account is closed. Take care of yourself.',
    ]);
    unregister();
  });

  it('a failure toasts and keeps the session', async () => {
    fetchMock.mockImplementation(async () => envelope({ code: 1500, msg: 'boom', data: null }, 500));
    const { input, button } = renderExclusion();
    type(input, 'Bye2026');
    fireEvent.click(button);
    fireEvent.click(await screen.findByRole('button', { name: 'Close account' }));
    await waitFor(() =>
      expect(getToasts().map((toast) => toast.message)).toEqual(['Please try again later']),
    );
    expect(getToken()).toBe('tok-1');
    expect(screen.queryByTestId('where')).toBeNull();
  });
});
