// @vitest-environment jsdom
import { act, fireEvent, render, screen, waitFor } from '@testing-library/preact';
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
  fetchMock.mockImplementation(async () => okEnvelope({ endsAt: null }));
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
    length: screen.getByLabelText('How long') as HTMLSelectElement,
    input: screen.getByLabelText('Your closing phrase') as HTMLInputElement,
    button: screen.getByRole('button', { name: 'Exclude myself' }) as HTMLButtonElement,
  };
}

/** A browser fires change on a select; the testing library would turn change into input for compat. */
function choose(select: HTMLSelectElement, value: string) {
  select.value = value;
  act(() => void select.dispatchEvent(new Event('change', { bubbles: true })));
}

const RULE = 'Letters and digits only, 5 to 10 characters';

describe('ExclusionPage', () => {
  it('explains what self-exclusion means and offers the market’s lengths and permanently', () => {
    const { length } = renderExclusion();
    expect(screen.getByText(/logged out at once, on every phone/)).toBeTruthy();
    expect(screen.getByText(/or open another account/)).toBeTruthy();
    expect(screen.getByText(/bonuses are forfeited/)).toBeTruthy();
    expect([...length.options].map((option) => option.textContent)).toEqual([
      'Choose a length',
      '6 months',
      '1 year',
      '2 years',
      '3 years',
      '5 years',
      'Permanently',
    ]);
  });

  it('asks for a length before anything is sent', () => {
    const { length, input, button } = renderExclusion();
    typeInto(input, 'Bye2026');
    expect(button.disabled).toBe(true);
    choose(length, '6');
    expect(button.disabled).toBe(false);
  });

  it('takes 5 to 10 letters and digits, and names the rule when the phrase is wrong', () => {
    const { length, input, button } = renderExclusion();
    choose(length, '6');
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
    const { length, input, button } = renderExclusion();
    choose(length, 'permanent');
    typeInto(input, 'Bye2026');
    fireEvent.click(button);
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByTestId('confirm-dialog')).toBeNull());
    expect(fetchMock).not.toHaveBeenCalled();
    expect(getToken()).toBe('tok-1');
  });

  it('after confirming six months, posts the phrase and the length, clears the session, says until when and goes home', async () => {
    fetchMock.mockImplementation(async () => okEnvelope({ endsAt: Date.UTC(2027, 5, 2, 9, 30) }));
    const forgotten = vi.fn();
    const unregister = onSessionClear(forgotten);
    const { length, input, button } = renderExclusion();
    choose(length, '6');
    typeInto(input, 'Bye2026');
    fireEvent.click(button);
    expect((await screen.findAllByText(/Exclude yourself for 6 months\?/)).length).toBeGreaterThan(0);
    fireEvent.click(await screen.findByRole('button', { name: 'Exclude me' }));

    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/home'));
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/member-service/self-exclusion/submit');
    expect(init.method).toBe('POST');
    expect(String(init.body)).toBe('content=Bye2026&months=6');
    expect(getToken()).toBeUndefined();
    expect(forgotten).toHaveBeenCalledOnce();
    expect(getToasts().map((toast) => toast.message)).toEqual([
      expect.stringMatching(/^You have excluded yourself until 2 Jun 2027, .+\. Take care of yourself\.$/),
    ]);
    unregister();
  });

  it('permanently sends no length', async () => {
    const { length, input, button } = renderExclusion();
    choose(length, 'permanent');
    typeInto(input, 'Bye2026');
    fireEvent.click(button);
    expect((await screen.findAllByText(/Exclude yourself permanently\?/)).length).toBeGreaterThan(0);
    fireEvent.click(await screen.findByRole('button', { name: 'Exclude me' }));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/home'));
    expect(String(fetchMock.mock.calls[0]![1].body)).toBe('content=Bye2026');
    expect(getToasts().map((toast) => toast.message)).toEqual([
      'You have excluded yourself permanently. Take care of yourself.',
    ]);
  });

  it('a failure toasts and keeps the session', async () => {
    fetchMock.mockImplementation(async () => envelope({ code: 1500, msg: 'boom', data: null }, 500));
    const { length, input, button } = renderExclusion();
    choose(length, '12');
    typeInto(input, 'Bye2026');
    fireEvent.click(button);
    fireEvent.click(await screen.findByRole('button', { name: 'Exclude me' }));
    await waitFor(() =>
      expect(getToasts().map((toast) => toast.message)).toEqual(['Please try again later']),
    );
    expect(getToken()).toBe('tok-1');
    expect(screen.queryByTestId('where')).toBeNull();
  });
});
