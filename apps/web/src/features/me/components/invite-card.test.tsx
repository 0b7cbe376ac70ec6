// @vitest-environment jsdom
import { fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setSettings } from '../../../lib/settings.ts';
import { getToasts } from '../../../lib/toast.ts';
import { kenyaSettings, resetAppState } from '../../../test/fixtures.ts';
import { InviteCard } from './invite-card.tsx';

beforeEach(() => {
  setSettings(kenyaSettings);
});
afterEach(async () => {
  await resetAppState();
  vi.unstubAllGlobals();
});

describe('the invitation code on Me', () => {
  it('shows the code, copies it, and leads to the share popup and the programme', async () => {
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    render(
      <MemoryRouter>
        <InviteCard code="ABCD2345" />
      </MemoryRouter>,
    );
    expect(screen.getByTestId('me-invite-code').textContent).toBe('ABCD2345');
    expect(screen.getByRole('link', { name: 'Share' }).getAttribute('href')).toBe(
      '/activities/invite/1/share',
    );
    expect(screen.getByRole('link', { name: 'Refer a friend' }).getAttribute('href')).toBe(
      '/activities/refer-friend/1',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Copy' }));
    await waitFor(() => expect(getToasts().map((toast) => toast.message)).toContain('Copied'));
    expect(writeText).toHaveBeenCalledWith('ABCD2345');
  });

  it('shows nothing before the profile has a code', () => {
    render(
      <MemoryRouter>
        <InviteCard code={undefined} />
      </MemoryRouter>,
    );
    expect(screen.queryByTestId('invite-card')).toBeNull();
  });
});
