// @vitest-environment jsdom
import { render, screen } from '@testing-library/preact';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setSession } from '../../../lib/session.ts';
import { setSettings } from '../../../lib/settings.ts';
import { kenyaSettings, loginAnswer, okEnvelope, resetAppState, stubFetch } from '../../../test/fixtures.ts';
import { SettingsPage } from './settings-page.tsx';

const fetchMock = stubFetch();
let enable: boolean;

beforeEach(() => {
  setSettings({ ...kenyaSettings, languages: ['en', 'fr'] });
  setSession(loginAnswer());
  enable = true;
  fetchMock.mockImplementation(async (url) =>
    url.endsWith('/kyc/config')
      ? okEnvelope({ enable, basicFields: [] })
      : okEnvelope({ status: 'pending', values: {}, submittedAt: null }),
  );
});

afterEach(resetAppState);

function renderSettings() {
  render(
    <MemoryRouter initialEntries={['/me/settings']}>
      <SettingsPage />
    </MemoryRouter>,
  );
}

describe('SettingsPage', () => {
  it('lists password, mobile number, identity verification with its status, licence, limits, a break, closing the account and language', async () => {
    renderSettings();
    const href = (name: RegExp) => screen.getByRole('link', { name }).getAttribute('href');
    expect(href(/Change password/)).toBe('/password/modify');
    // Confirm it's you first, then the mobile step, which comes back to the settings.
    expect(href(/Change mobile number/)).toBe(
      `/authentication/branch?next=${encodeURIComponent('/account/mobile/%2Fme%2Fsettings/changeMobile')}`,
    );
    expect(href(/Identity verification/)).toBe('/me/settings/kyc');
    expect(href(/Licence/)).toBe('/me/settings/license');
    expect(href(/My limits/)).toBe('/me/settings/limits');
    expect(href(/Take a break/)).toBe('/me/settings/break');
    expect(href(/Close my account/)).toBe('/me/settings/exclusion');
    // A form sent and no photo yet (issue 25 §1): not verified yet.
    expect((await screen.findByTestId('settings-kyc-status')).textContent).toBe('Not verified yet');
    expect(screen.getByRole('group', { name: 'Language' })).toBeTruthy();
  });

  it('says verification is not available when KYC is off', async () => {
    enable = false;
    renderSettings();
    expect((await screen.findByTestId('settings-kyc-status')).textContent).toBe('Not available');
  });
});
