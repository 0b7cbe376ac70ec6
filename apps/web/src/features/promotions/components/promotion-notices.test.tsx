// @vitest-environment jsdom
import { siteDayOf } from '@app/contracts/market-calendar';
import { POSITION, type AdvertItem } from '@app/contracts/config';
import { act, fireEvent, render, screen, within } from '@testing-library/preact';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getBanner } from '../../../lib/banner.ts';
import { setProfile, setSession } from '../../../lib/session.ts';
import { setSettings } from '../../../lib/settings.ts';
import { kenyaSettings, loginAnswer, okEnvelope, resetAppState, stubFetch } from '../../../test/fixtures.ts';
import { COIN_EVENT_SEEN_KEY, PromotionNotices } from './promotion-notices.tsx';

const COIN_INFO: AdvertItem = {
  id: 1,
  title: 'Coins',
  url: '/promotion?tag=coins',
  img: '/statics/adverts/coins-info.svg',
  image: '/statics/adverts/coins-info.svg',
  typeId: POSITION.COIN_EVENT_INFO,
  sort: 1,
  content: 'Coins are bonus money.',
};

const fetchMock = stubFetch();

beforeEach(() => {
  setSettings(kenyaSettings);
  fetchMock.mockImplementation(async (url) =>
    okEnvelope(url.includes(`typeId=${POSITION.COIN_EVENT_INFO}`) ? [COIN_INFO] : []),
  );
});

afterEach(resetAppState);

function renderNotices(path = '/home') {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <PromotionNotices />
    </MemoryRouter>,
  );
}

describe('the site day on the phone', () => {
  it('turns over at the market’s reset hour, in its time zone', () => {
    const nairobi = { ...kenyaSettings.country, timeZone: 'Africa/Nairobi' };
    // 20:59 UTC is 23:59 in Nairobi (UTC+3); 21:00 UTC is the next day there.
    expect(
      siteDayOf(new Date('2026-11-25T20:59:00Z'), {
        ...nairobi,
        promotions: { ...nairobi.promotions, resetHour: 0 },
      }),
    ).toBe('2026-11-25');
    expect(
      siteDayOf(new Date('2026-11-25T21:00:00Z'), {
        ...nairobi,
        promotions: { ...nairobi.promotions, resetHour: 0 },
      }),
    ).toBe('2026-11-26');
    // With a 06:00 reset, 05:59 in Nairobi still belongs to the day before.
    expect(
      siteDayOf(new Date('2026-11-26T02:59:00Z'), {
        ...nairobi,
        promotions: { ...nairobi.promotions, resetHour: 6 },
      }),
    ).toBe('2026-11-25');
  });
});

describe('the coins event popup', () => {
  it('shows the coin event information once per site day to a member who has coins', async () => {
    setSession(loginAnswer({ bonusMoney: 2_500 }));
    const first = renderNotices();
    const popup = await screen.findByTestId('coin-event-popup');
    expect(within(popup).getByText('Coins are bonus money.')).toBeTruthy();
    expect(localStorage.getItem(COIN_EVENT_SEEN_KEY)).toBe(siteDayOf(new Date(), kenyaSettings.country));
    fireEvent.click(within(popup).getByRole('button', { name: 'Close' }));
    expect(screen.queryByTestId('coin-event-popup')).toBeNull();
    first.unmount();

    renderNotices();
    await act(async () => undefined);
    expect(screen.queryByTestId('coin-event-popup')).toBeNull();
  });

  it('comes back on the next site day', async () => {
    localStorage.setItem(COIN_EVENT_SEEN_KEY, '2000-01-01');
    setSession(loginAnswer({ bonusMoney: 2_500 }));
    renderNotices('/me');
    expect(await screen.findByTestId('coin-event-popup')).toBeTruthy();
  });

  it('is not shown to a member without coins, nor inside a game or a form', async () => {
    setSession(loginAnswer({ bonusMoney: 0 }));
    const first = renderNotices();
    await act(async () => undefined);
    expect(screen.queryByTestId('coin-event-popup')).toBeNull();
    first.unmount();
    setSession(loginAnswer({ bonusMoney: 2_500 }));
    renderNotices('/casino/launch/12');
    await act(async () => undefined);
    expect(screen.queryByTestId('coin-event-popup')).toBeNull();
  });
});

describe('the reward banner', () => {
  it('tells the member what landed when their coins or diamonds rise, and leads to Me', async () => {
    localStorage.setItem(COIN_EVENT_SEEN_KEY, '9999-12-31');
    const answer = loginAnswer({ bonusMoney: 1_000, diamond: 3 });
    setSession(answer);
    renderNotices();
    await act(async () => undefined);
    expect(getBanner()).toBeUndefined();

    await act(async () => setProfile({ ...answer.memberInfo, bonusMoney: 1_500, diamond: 3 }));
    await vi.waitFor(() => expect(getBanner()?.message).toBe('You received 5.00 coins'));
    expect(getBanner()).toMatchObject({ to: '/me', testId: 'reward-banner' });

    await act(async () => setProfile({ ...answer.memberInfo, bonusMoney: 1_500, diamond: 8 }));
    await vi.waitFor(() => expect(getBanner()?.message).toBe('You received 5 diamonds'));

    // Spending (an exchange) is no reward.
    const shown = getBanner()?.id;
    await act(async () => setProfile({ ...answer.memberInfo, bonusMoney: 500, diamond: 0 }));
    expect(getBanner()?.id).toBe(shown);
  });
});
