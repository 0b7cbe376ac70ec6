// @vitest-environment jsdom
import { POSITION, type AdvertItem } from '@app/contracts/config';
import { act, fireEvent, render, screen, within } from '@testing-library/preact';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { requestPopup, releasePopup } from '../../../lib/popup-lock.ts';
import { setSettings } from '../../../lib/settings.ts';
import { kenyaSettings, okEnvelope, resetAppState, stubFetch } from '../../../test/fixtures.ts';
import { PROMOTION_POPUP_COOKIE } from '../components/promotion-popup.tsx';
import { PromotionTab } from './promotion-tab.tsx';

const advert = (id: number, overrides: Partial<AdvertItem>): AdvertItem => ({
  id,
  title: `Promotion ${id}`,
  url: `/activities/promotion/${id}`,
  img: `/statics/adverts/p${id}.svg`,
  image: `/statics/adverts/p${id}.svg`,
  typeId: POSITION.PROMOTION_IMAGES,
  sort: id,
  content: '',
  ...overrides,
});

const IMAGES = [
  advert(1, { title: 'Daily Bonus', content: 'daily,coins' }),
  advert(3, { title: 'Cash Rain', content: 'daily' }),
  advert(4, { title: 'Diamond Tasks', content: 'diamonds' }),
];
const MENU = [
  advert(11, { title: 'All', url: '/promotion', typeId: POSITION.PROMOTION_MENU }),
  advert(12, { title: 'Diamonds', url: '/promotion?tag=diamonds', typeId: POSITION.PROMOTION_MENU }),
  advert(13, { title: 'Giveaway', url: '/activities/promotion/7', typeId: POSITION.PROMOTION_MENU }),
];
const POPUP = [
  advert(21, {
    title: 'Sign in every day',
    url: '/activities/promotion/1',
    typeId: POSITION.PROMOTION_POPUP,
  }),
];

const fetchMock = stubFetch();
let failing = false;

function answerWith(byPosition: Record<number, AdvertItem[]>) {
  fetchMock.mockImplementation(async (url) => {
    if (failing) throw new TypeError('network down');
    const position = Number(/(?:typeId|position)=(\d+)/.exec(url)?.[1]);
    return okEnvelope(byPosition[position] ?? []);
  });
}

function renderTab(path = '/promotion') {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/promotion" element={<PromotionTab />} />
        <Route path="/activities/promotion/:id" element={<p>promotion page</p>} />
      </Routes>
    </MemoryRouter>,
  );
}

beforeEach(() => {
  setSettings(kenyaSettings);
  failing = false;
  document.cookie = `${PROMOTION_POPUP_COOKIE}=; max-age=0; path=/`;
  answerWith({
    [POSITION.PROMOTION_IMAGES]: IMAGES,
    [POSITION.PROMOTION_MENU]: MENU,
    [POSITION.PROMOTION_POPUP]: POPUP,
  });
});

afterEach(async () => {
  await resetAppState();
});

describe('the promotion tab', () => {
  it('lists the promotion images to a visitor, each leading to its url', async () => {
    renderTab();
    expect(screen.getByRole('heading', { level: 1, name: 'Promotions' })).toBeTruthy();
    const list = await screen.findByRole('list', { name: 'Promotions' });
    const links = await within(list).findAllByRole('link');
    expect(links.map((link) => [link.getAttribute('aria-label'), link.getAttribute('href')])).toEqual([
      ['Daily Bonus', '/activities/promotion/1'],
      ['Cash Rain', '/activities/promotion/3'],
      ['Diamond Tasks', '/activities/promotion/4'],
    ]);
    fireEvent.click(links[1]!);
    expect(await screen.findByText('promotion page')).toBeTruthy();
  });

  it('filters the images with the promotion menu, and keeps its other entries as links', async () => {
    document.cookie = `${PROMOTION_POPUP_COOKIE}=1; path=/`;
    renderTab();
    const menu = await screen.findByRole('navigation', { name: 'Promotion categories' });
    fireEvent.click(await within(menu).findByRole('link', { name: 'Diamonds' }));
    const list = screen.getByRole('list', { name: 'Promotions' });
    expect(
      within(list)
        .getAllByRole('link')
        .map((link) => link.getAttribute('aria-label')),
    ).toEqual(['Diamond Tasks']);
    expect(within(menu).getByRole('link', { name: 'Diamonds' }).getAttribute('aria-current')).toBe('page');
    fireEvent.click(within(menu).getByRole('link', { name: 'All' }));
    expect(within(list).getAllByRole('link')).toHaveLength(3);
    expect(within(menu).getByRole('link', { name: 'Giveaway' }).getAttribute('href')).toBe(
      '/activities/promotion/7',
    );
  });

  it('shows the promotion popup once per session, and only when the popup lock is free', async () => {
    requestPopup('someone-else');
    const first = renderTab();
    await screen.findAllByRole('link', { name: 'Daily Bonus' });
    expect(screen.queryByTestId('promotion-popup')).toBeNull();
    act(() => releasePopup('someone-else'));
    const popup = await screen.findByTestId('promotion-popup');
    expect(within(popup).getByRole('link', { name: 'Sign in every day' }).getAttribute('href')).toBe(
      '/activities/promotion/1',
    );
    fireEvent.click(within(popup).getByRole('button', { name: 'Close' }));
    expect(screen.queryByTestId('promotion-popup')).toBeNull();
    first.unmount();

    renderTab();
    await screen.findAllByRole('link', { name: 'Daily Bonus' });
    expect(screen.queryByTestId('promotion-popup')).toBeNull();
  });

  it('only logs a failed load and shows the last good copy', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const first = renderTab();
    await screen.findAllByRole('link', { name: 'Daily Bonus' });
    first.unmount();
    const { clearQueryCache } = await import('../../../lib/query.ts');
    clearQueryCache();
    failing = true;
    renderTab();
    const list = await screen.findByRole('list', { name: 'Promotions' });
    expect(await within(list).findAllByRole('link')).toHaveLength(3);
    expect(warn).toHaveBeenCalled();
    expect(screen.queryByRole('alert')).toBeNull();
    warn.mockRestore();
  });
});
