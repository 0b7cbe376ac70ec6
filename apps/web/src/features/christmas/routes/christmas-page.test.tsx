// @vitest-environment jsdom
import { render, screen } from '@testing-library/preact';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { setSettings } from '../../../lib/settings.ts';
import { kenyaSettings, resetAppState, stubFetch } from '../../../test/fixtures.ts';
import { ChristmasPage } from './christmas-page.tsx';

stubFetch();
afterEach(async () => {
  await resetAppState();
});

function renderAt(path: string, route: string, element: ReactNode) {
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path={route} element={element} />
        <Route path="/home" element={<p>home</p>} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('the Christmas landing', () => {
  it('shows the programmes while the Christmas variant is on, and goes home when it is off', async () => {
    setSettings({ ...kenyaSettings, christmas: true });
    renderAt('/publicize/christmas', '/publicize/christmas', <ChristmasPage />);
    const page = await screen.findByTestId('christmas-page');
    expect([...page.querySelectorAll('a')].map((link) => link.getAttribute('href'))).toEqual([
      '/activities/collect-cards',
      '/activities/daily-bonus',
      '/activities/cash-rain',
      '/activities/refer-friend/1',
      '/promotion',
    ]);
    await resetAppState();
    setSettings({ ...kenyaSettings, christmas: false });
    renderAt('/publicize/christmas', '/publicize/christmas', <ChristmasPage />);
    expect(await screen.findByText('home')).toBeTruthy();
  });
});
