// @vitest-environment jsdom
import type { ReferralSummary } from '@app/contracts/referral';
import { fireEvent, render, screen, waitFor } from '@testing-library/preact';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { getCookie } from '../../../lib/cookies.ts';
import { setSession } from '../../../lib/session.ts';
import { setSettings } from '../../../lib/settings.ts';
import { kenyaSettings, loginAnswer, okEnvelope, resetAppState, stubFetch } from '../../../test/fixtures.ts';
import { InvitationLanding } from './invitation-landing.tsx';
import { ReferFriendPage } from './refer-friend-page.tsx';

const SUMMARY: ReferralSummary = {
  id: 1,
  enable: true,
  inviteCode: 'ABCD2345',
  reward: { cash: 50_00, coins: 0 },
  qualification: { minDeposit: 100_00, minWager: 200_00 },
  holdDays: 7,
  invitees: [
    {
      mobile: '0712****78',
      channel: 4,
      state: 'registered',
      registeredAt: '2026-11-20T10:00:00.000Z',
      deposited: 50_00,
      wagered: 0,
      dueAt: null,
      paidAt: null,
      cash: 0,
      coins: 0,
    },
    {
      mobile: '0722****11',
      channel: 1,
      state: 'paid',
      registeredAt: '2026-11-19T10:00:00.000Z',
      deposited: 100_00,
      wagered: 200_00,
      dueAt: '2026-11-26T10:00:00.000Z',
      paidAt: '2026-11-26T10:00:05.000Z',
      cash: 50_00,
      coins: 0,
    },
  ],
  rewarded: 1,
  earned: { cash: 50_00, coins: 0 },
};

const fetchMock = stubFetch();
beforeEach(() => {
  setSettings(kenyaSettings);
  document.cookie = 'guid=; Max-Age=0; Path=/';
  fetchMock.mockImplementation(async (url) => {
    const { pathname } = new URL(url, 'http://test');
    if (pathname.endsWith('/invitation/visit')) return okEnvelope({ valid: true });
    if (pathname.endsWith('/invite/1')) return okEnvelope(SUMMARY);
    return okEnvelope(null);
  });
});
afterEach(async () => {
  await resetAppState();
});

function renderAt(path: string, route: string, element: ReactNode) {
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path={route} element={element} />
        <Route path="/home" element={<p>home</p>} />
        <Route path="/register" element={<p>register</p>} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('the invitation landing', () => {
  it('records the visit with its channel, keeps code and channel in the guid cookie and leads to sign-up', async () => {
    renderAt('/invitation/abcd2345/4', '/invitation/:code/:channel', <InvitationLanding />);
    const signUp = await screen.findByTestId('invitation-sign-up');
    expect(signUp.getAttribute('href')).toBe('/register?code=ABCD2345&r=%2Fhome');
    await waitFor(() => expect(getCookie('guid')).toBe('ABCD2345.4'));
    const call = fetchMock.mock.calls.find(([url]) => url.endsWith('/invitation/visit'));
    expect(String(call?.[1].body)).toBe('code=abcd2345&channel=4');
    expect(screen.getByTestId('invitation-landing').className).toContain('invitation--winslots');
  });

  it('takes the LuckyWin layout on the theme-specific registration landing, and ignores a bad channel', async () => {
    setSettings({ ...kenyaSettings, theme: 'luckywin' });
    renderAt('/activities/register/ABCD2345/9', '/activities/register/:code/:channel', <InvitationLanding />);
    const landing = await screen.findByTestId('invitation-landing');
    expect(landing.className).toContain('invitation--luckywin');
    expect(screen.getByTestId('invitation-sign-up').getAttribute('href')).toBe('/register?r=%2Fhome');
    expect(getCookie('guid')).toBeUndefined();
    expect(fetchMock.mock.calls.some(([url]) => url.endsWith('/invitation/visit'))).toBe(false);
  });
});

describe('refer a friend', () => {
  it('shows the terms, the code, the friends and the share popup with each channel’s invitation link', async () => {
    setSession(loginAnswer());
    renderAt('/activities/refer-friend/1', '/activities/refer-friend/:id', <ReferFriendPage />);
    expect((await screen.findByTestId('referral-how')).textContent).toContain('deposits at least KES 100.00');
    expect(screen.getByTestId('referral-how').textContent).toContain('7 days later you receive KES 50.00');
    expect(screen.getByTestId('invite-code').textContent).toBe('ABCD2345');
    expect(screen.getAllByTestId('invitee-state').map((node) => node.textContent)).toEqual([
      'Signed up',
      'Rewarded',
    ]);
    fireEvent.click(screen.getByText('Share'));
    const popup = await screen.findByTestId('referral-share');
    const links = [...popup.querySelectorAll('a')];
    expect(links.map((link) => [link.textContent, link.dataset.channel])).toEqual([
      ['Facebook', '1'],
      ['LinkedIn', '2'],
      ['Twitter', '3'],
      ['WhatsApp', '4'],
      ['SMS', '5'],
    ]);
    const origin = window.location.origin;
    expect(links[3]?.getAttribute('href')).toBe(
      `https://wa.me/?text=${encodeURIComponent(`Sign up on WinSlots with my code ABCD2345 ${origin}/invitation/ABCD2345/4`)}`,
    );
    expect(links[0]?.getAttribute('href')).toContain(
      `u=${encodeURIComponent(`${origin}/invitation/ABCD2345/1`)}`,
    );
  });
});
