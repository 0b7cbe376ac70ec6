// @vitest-environment jsdom
import type { MenuItem } from '@app/contracts/config';
import { act, render, screen, within } from '@testing-library/preact';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startMemberActivity, stopMemberActivity } from '../../../lib/member-activity.ts';
import { setSession } from '../../../lib/session.ts';
import { setSettings } from '../../../lib/settings.ts';
import {
  advanceFakeTime,
  kenyaSettings,
  loginAnswer,
  okEnvelope,
  resetAppState,
  stubFetch,
} from '../../../test/fixtures.ts';
import { HomePage, type HomeVariant } from './home-page.tsx';

const variant: HomeVariant = {
  Header: () => null,
  logoSrc: '/logo.svg',
  menuLayout: 'round',
  orderBanners: (items) => items,
};
const inbox: MenuItem = {
  id: 1,
  title: 'Inbox',
  url: '/member/messages',
  img: '/statics/menus/inbox.webp',
  image: '',
  typeId: 100102,
  sort: 1,
  content: '',
};

const fetchMock = stubFetch();

beforeEach(() => {
  vi.useFakeTimers();
  setSettings(kenyaSettings);
  fetchMock.mockImplementation(async (url) => {
    const data = url.includes('queryByPosition')
      ? url.includes('position=100102')
        ? [inbox]
        : []
      : url.includes('Count')
        ? { total: 150 }
        : url.includes('kick-out')
          ? { kickedOut: false }
          : [];
    return okEnvelope(data);
  });
});

afterEach(async () => {
  stopMemberActivity();
  await resetAppState();
});

describe('HomePage message badge', () => {
  it("shows the member's unread count on the inbox entry, capped at +99", async () => {
    setSession(loginAnswer());
    render(
      <MemoryRouter initialEntries={['/home']}>
        <HomePage variant={variant} />
      </MemoryRouter>,
    );
    await act(() => startMemberActivity());
    await advanceFakeTime(0);
    const link = screen.getByRole('link', { name: /Inbox/ });
    expect(within(link).getByText('+99')).toBeTruthy();
  });

  it('shows no badge and no ticker to a visitor', async () => {
    render(
      <MemoryRouter initialEntries={['/home']}>
        <HomePage variant={variant} />
      </MemoryRouter>,
    );
    await advanceFakeTime(0);
    const link = screen.getByRole('link', { name: /Inbox/ });
    expect(link.querySelector('.badge')).toBeNull();
    expect(screen.queryByTestId('notice-ticker')).toBeNull();
    expect(fetchMock.mock.calls.some(([url]) => url.includes('memberMessage'))).toBe(false);
  });
});
