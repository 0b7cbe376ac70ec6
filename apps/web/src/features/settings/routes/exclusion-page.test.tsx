// @vitest-environment jsdom
import { fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getToken, onSessionClear, setSession } from '../../../lib/session.ts';
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
import { ExclusionPage } from './exclusion-page.tsx';

const fetchMock = stubFetch();

beforeEach(() => {
  setSettings(kenyaSettings);
  setSession(loginAnswer());
  fetchMock.mockImplementation(async () => okEnvelope(null));
});

afterEach(resetAppState);

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
    typeInto(input, 'abcd');
    leaveField(input);
    expect(screen.getByText(RULE)).toBeTruthy();
    expect(button.disabled).toBe(true);
    typeInto(input, 'abc d1');
    expect(button.disabled).toBe(true);
    typeInto(input, 'ab-cd1');
    expect(button.disabled).toBe(true);
    typeInto(input, 'Bye2026');
    expect(screen.queryByText(RULE)).toBeNull();
    expect(button.disabled).toBe(false);
  });

  it('asks first; cancelling sends nothing', async () => {
    const { input, button } = renderExclusion();
    typeInto(input, 'Bye2026');
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
    typeInto(input, 'Bye2026');
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
    typeInto(input, 'Bye2026');
    fireEvent.click(button);
    fireEvent.click(await screen.findByRole('button', { name: 'Close account' }));
    await waitFor(() =>
      expect(getToasts().map((toast) => toast.message)).toEqual(['Please try again later']),
    );
    expect(getToken()).toBe('tok-1');
    expect(screen.queryByTestId('where')).toBeNull();
  });
});
