// @vitest-environment jsdom
import type { AppSettings } from '@app/contracts/config';
import { COUNTRY_PROFILES } from '@app/contracts/country';
import type { Profile } from '@app/contracts/member';
import { act, cleanup, render, screen } from '@testing-library/preact';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearQueryCache } from '../../../lib/query.ts';
import { clearSession, setSession } from '../../../lib/session.ts';
import { setSettings } from '../../../lib/settings.ts';
import { SettingsPage } from './settings-page.tsx';

const settings: AppSettings = {
  country: COUNTRY_PROFILES.KE,
  theme: 'winslots',
  christmas: false,
  languages: ['en', 'fr'],
  brandName: 'WinSlots',
  disallowedSuppliers: [],
};

function envelope(data: unknown): Response {
  return new Response(JSON.stringify({ code: 0, msg: '', data }), {
    headers: { 'Content-Type': 'application/json' },
  });
}

let enable: boolean;

beforeEach(() => {
  setSettings(settings);
  setSession({ token: 'tok-1', memberInfo: { id: 1, mobile: '0712345678' } as Profile });
  enable = true;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) =>
      url.endsWith('/kyc/config')
        ? envelope({ enable, basicFields: [] })
        : envelope({ status: 'pending', values: {}, submittedAt: null }),
    ),
  );
});

afterEach(async () => {
  await act(() => new Promise<void>((resolve) => requestAnimationFrame(() => resolve())));
  cleanup();
  clearSession();
  clearQueryCache();
  vi.unstubAllGlobals();
});

function renderSettings() {
  render(
    <MemoryRouter initialEntries={['/me/settings']}>
      <SettingsPage />
    </MemoryRouter>,
  );
}

describe('SettingsPage', () => {
  it('lists password, mobile number, identity verification with its status, licence, closing the account and language', async () => {
    renderSettings();
    const href = (name: RegExp) => screen.getByRole('link', { name }).getAttribute('href');
    expect(href(/Change password/)).toBe('/password/modify');
    // Confirm it's you first, then the mobile step, which comes back to the settings.
    expect(href(/Change mobile number/)).toBe(
      `/authentication/branch?next=${encodeURIComponent('/account/mobile/%2Fme%2Fsettings/changeMobile')}`,
    );
    expect(href(/Identity verification/)).toBe('/me/settings/kyc');
    expect(href(/Licence/)).toBe('/me/settings/license');
    expect(href(/Close my account/)).toBe('/me/settings/exclusion');
    expect((await screen.findByTestId('settings-kyc-status')).textContent).toBe('Pending review');
    expect(screen.getByRole('group', { name: 'Language' })).toBeTruthy();
  });

  it('says verification is not available when KYC is off', async () => {
    enable = false;
    renderSettings();
    expect((await screen.findByTestId('settings-kyc-status')).textContent).toBe('Not available');
  });
});
