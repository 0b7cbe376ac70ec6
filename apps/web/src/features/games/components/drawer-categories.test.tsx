// @vitest-environment jsdom
import type { Game, Lobby } from '@app/contracts/games';
import { render, screen, within } from '@testing-library/preact';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setSettings } from '../../../lib/settings.ts';
import { kenyaSettings, okEnvelope, resetAppState, stubFetch } from '../../../test/fixtures.ts';
import { DrawerCategories } from './drawer-categories.tsx';

const game = (id: number): Game => ({
  id,
  supplierId: 'winslots',
  name: `Game ${id}`,
  cover: '',
  largeCover: '',
  hasDemo: true,
  label: 0,
  onlineUsers: 0,
  source: 'inhouse',
});

const many = Array.from({ length: 120 }, (_, index) => game(index + 1));
const lobby: Lobby = {
  games: many,
  categories: [
    { id: 4, name: 'Slots', cover: '/statics/menus/slots.webp', games: [1, 2, 3], stickyGames: [] },
    { id: 5, name: 'Everything', cover: '', games: many.map((entry) => entry.id), stickyGames: [] },
    { id: 6, name: 'Nothing', cover: '', games: [], stickyGames: [] },
  ],
};

const fetchMock = stubFetch();

beforeEach(() => {
  setSettings(kenyaSettings);
  fetchMock.mockImplementation(async () => okEnvelope(lobby));
});

afterEach(async () => {
  await resetAppState();
});

describe('DrawerCategories', () => {
  it('lists the categories with games, their counts capped at +99, linking to the category page on WinSlots', async () => {
    const onNavigate = vi.fn();
    render(
      <MemoryRouter>
        <DrawerCategories layout="rows" onNavigate={onNavigate} />
      </MemoryRouter>,
    );
    const nav = await screen.findByTestId('drawer-categories');
    const links = within(nav).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/categories/4/games',
      '/categories/5/games',
    ]);
    expect(within(links[0] as HTMLElement).getByLabelText('Games: 3').textContent).toBe('3');
    expect(within(links[1] as HTMLElement).getByLabelText('Games: 120').textContent).toBe('+99');
  });

  it('picks the category tab on the LuckyWin home page', async () => {
    render(
      <MemoryRouter>
        <DrawerCategories layout="tabs" onNavigate={() => undefined} />
      </MemoryRouter>,
    );
    const nav = await screen.findByTestId('drawer-categories');
    expect(within(nav).getAllByRole('link')[0]?.getAttribute('href')).toBe('/home?category=4');
  });
});
