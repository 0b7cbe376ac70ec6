// @vitest-environment jsdom
import { ERRORS } from '@app/contracts/errors';
import type { PromotionPage as PromotionPageData } from '@app/contracts/promotion-pages';
import { fireEvent, render, screen, within } from '@testing-library/preact';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setSettings } from '../../../lib/settings.ts';
import { envelope, kenyaSettings, okEnvelope, resetAppState, stubFetch } from '../../../test/fixtures.ts';
import { PromotionPage } from './promotion-page.tsx';

const PAGES: Record<number, PromotionPageData> = {
  1: {
    id: 1,
    title: 'Daily Bonus',
    image: '/statics/adverts/promotion-daily-bonus.svg',
    description: 'Sign in once a day to collect coins.',
    rules: '1. One sign-in per day.\n\n2. Missing a day starts the cycle again.',
    url: '/activities/daily-bonus',
    action: 'Sign in',
  },
  9: {
    id: 9,
    title: 'Weekend spin',
    image: '',
    description: '',
    rules: '',
    url: '/games/coin-spin/1',
    action: '',
  },
};

const fetchMock = stubFetch();

beforeEach(() => {
  setSettings(kenyaSettings);
  fetchMock.mockImplementation(async (url) => {
    const id = Number(/id=(\d+)/.exec(url)?.[1]);
    const page = PAGES[id];
    if (page) return okEnvelope(page);
    const { code, msg, status } = ERRORS.PROMOTION_PAGE_NOT_FOUND;
    return envelope({ code, msg, data: null }, status);
  });
});

afterEach(async () => {
  await resetAppState();
});

function renderPage(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/activities/promotion/:id" element={<PromotionPage />} />
        <Route path="/promotion" element={<p>promotion tab</p>} />
        <Route path="/activities/daily-bonus" element={<p>daily bonus</p>} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('a promotion page', () => {
  it('shows the programme, its rules dialog and the way into it', async () => {
    renderPage('/activities/promotion/1');
    const page = await screen.findByTestId('promotion-page');
    expect(screen.getByRole('heading', { level: 1, name: 'Daily Bonus' })).toBeTruthy();
    expect(within(page).getByText('Sign in once a day to collect coins.')).toBeTruthy();
    fireEvent.click(within(page).getByRole('button', { name: 'Rules' }));
    const rules = await screen.findByTestId('rules-dialog');
    expect(within(rules).getByText('1. One sign-in per day.')).toBeTruthy();
    expect(within(rules).getByText('2. Missing a day starts the cycle again.')).toBeTruthy();
    fireEvent.click(within(rules).getByRole('button', { name: 'OK' }));
    expect(screen.queryByTestId('rules-dialog')).toBeNull();
    fireEvent.click(within(page).getByRole('link', { name: 'Sign in' }));
    expect(await screen.findByText('daily bonus')).toBeTruthy();
  });

  it('says "rule missing" when the operator wrote no rules, and offers Join now', async () => {
    renderPage('/activities/promotion/9');
    const page = await screen.findByTestId('promotion-page');
    expect(within(page).getByRole('link', { name: 'Join now' }).getAttribute('href')).toBe(
      '/games/coin-spin/1',
    );
    fireEvent.click(within(page).getByRole('button', { name: 'Rules' }));
    const rules = await screen.findByTestId('rules-dialog');
    expect(within(rules).getByText('rule missing')).toBeTruthy();
  });

  it('answers an unknown or malformed id with a clear page leading back to the promotions', async () => {
    for (const path of ['/activities/promotion/404', '/activities/promotion/abc']) {
      const view = renderPage(path);
      const notFound = await screen.findByTestId('promotion-not-found');
      expect(notFound.textContent).toContain('This promotion does not exist or has ended.');
      expect(within(notFound).getByRole('link', { name: 'See all promotions' }).getAttribute('href')).toBe(
        '/promotion',
      );
      view.unmount();
    }
    // The malformed id never reached the server.
    expect(fetchMock.mock.calls.filter(([url]) => url.includes('id=abc'))).toHaveLength(0);
  });
});
