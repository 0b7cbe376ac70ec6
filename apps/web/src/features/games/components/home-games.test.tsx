// @vitest-environment jsdom
import type { FirstScreen } from '@app/contracts/first-screen';
import type { Game, Lobby } from '@app/contracts/games';
import { GAME_PATHS } from '@app/contracts/paths';
import { act, fireEvent, render, screen, within } from '@testing-library/preact';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setSession } from '../../../lib/session.ts';
import { setSettings } from '../../../lib/settings.ts';
import {
  advanceFakeTime,
  envelope,
  kenyaSettings,
  loginAnswer,
  okEnvelope,
  resetAppState,
  stubFetch,
} from '../../../test/fixtures.ts';
import { HomeGames, type GameLayout } from './home-games.tsx';

function game(id: number, overrides: Partial<Game> = {}): Game {
  return {
    id,
    supplierId: 'winslots',
    name: `Game ${id}`,
    cover: `/statics/games/${id}.webp`,
    largeCover: `/statics/games/${id}.svg`,
    hasDemo: true,
    label: 0,
    onlineUsers: 0,
    source: 'inhouse',
    ...overrides,
  };
}

const many = Array.from({ length: 12 }, (_, index) => game(index + 1));
const lobby: Lobby = {
  games: [
    ...many,
    game(50, { name: 'Neon Sevens', hasDemo: false, label: 1, onlineUsers: 7, source: 'provider' }),
  ],
  categories: [
    { id: 1, name: 'Hot', cover: '', games: [50, 1, 2], stickyGames: [50] },
    { id: 2, name: 'Slots', cover: '', games: many.map((entry) => entry.id), stickyGames: [] },
    { id: 3, name: 'Empty', cover: '', games: [], stickyGames: [] },
  ],
};

const fetchMock = stubFetch();

beforeEach(() => {
  setSettings(kenyaSettings);
  fetchMock.mockImplementation(async (url) =>
    url.includes('recent-games') ? okEnvelope([game(2)]) : okEnvelope(lobby),
  );
});

afterEach(async () => {
  await resetAppState();
});

function renderGames(layout: GameLayout) {
  return render(
    <MemoryRouter initialEntries={['/home']}>
      <HomeGames layout={layout} />
    </MemoryRouter>,
  );
}

describe('HomeGames on WinSlots (rows)', () => {
  it('shows each category with games as a row of at most 9, with a more link when there are more', async () => {
    renderGames('rows');
    const rows = await screen.findAllByTestId('game-row');
    expect(rows.map((row) => row.getAttribute('aria-label'))).toEqual(['Hot', 'Slots']);
    const slots = rows[1] as HTMLElement;
    expect(within(slots).getAllByTestId('game-card')).toHaveLength(9);
    expect(within(slots).getByRole('link', { name: 'All 12' }).getAttribute('href')).toBe(
      '/categories/2/games',
    );
    expect(within(rows[0] as HTMLElement).queryByRole('link', { name: /^All/ })).toBeNull();
  });

  it('shows labels, players online, and Demo only for a game with a demo', async () => {
    renderGames('rows');
    const card = await screen.findByRole('article', { name: 'Neon Sevens' });
    expect(within(card).getByText('New')).toBeTruthy();
    expect(within(card).getByText('7 online')).toBeTruthy();
    expect(within(card).queryByRole('link', { name: 'Demo' })).toBeNull();
    expect(within(card).getByRole('link', { name: 'Play' }).getAttribute('href')).toBe(
      '/casino/launch/50?show=1&refresh=1',
    );
    const other = screen.getAllByRole('article', { name: 'Game 1' })[0] as HTMLElement;
    expect(within(other).getByRole('link', { name: 'Demo' }).getAttribute('href')).toBe('/casino/demo/1');
  });

  it('opens the launch popup with cover, name and Demo only when the game has one', async () => {
    renderGames('rows');
    fireEvent.click(await screen.findByRole('button', { name: 'Open Neon Sevens' }));
    const popup = await screen.findByTestId('launch-popup');
    expect(within(popup).getByRole('heading', { name: 'Neon Sevens' })).toBeTruthy();
    expect(popup.querySelector('img')?.getAttribute('src')).toBe('/statics/games/50.svg');
    expect(within(popup).queryByRole('link', { name: 'Demo' })).toBeNull();
    expect(within(popup).getByRole('link', { name: 'Play' })).toBeTruthy();
    fireEvent.click(within(popup).getByRole('button', { name: 'Close' }));
    await act(() => Promise.resolve());
    expect(screen.queryByTestId('launch-popup')).toBeNull();

    fireEvent.click(screen.getAllByRole('button', { name: 'Open Game 1' })[0] as HTMLElement);
    const demoPopup = await screen.findByTestId('launch-popup');
    expect(within(demoPopup).getByRole('link', { name: 'Demo' }).getAttribute('href')).toBe('/casino/demo/1');
  });

  it('never asks for my games for a visitor', async () => {
    renderGames('rows');
    await screen.findAllByTestId('game-row');
    expect(screen.queryByRole('region', { name: 'My games' })).toBeNull();
    expect(fetchMock.mock.calls.some(([url]) => url.includes('recent-games'))).toBe(false);
  });

  it('renders the rows at once from the lobby written into the page, without calling the API', () => {
    const page = window as Window & { __FIRST_SCREEN__?: FirstScreen };
    page.__FIRST_SCREEN__ = {
      generatedAt: Date.now(),
      language: 'en',
      responses: { [GAME_PATHS.lobby]: lobby },
    };
    try {
      renderGames('rows');
      expect(screen.getAllByTestId('game-row').map((row) => row.getAttribute('aria-label'))).toEqual([
        'Hot',
        'Slots',
      ]);
      expect(fetchMock.mock.calls.some(([url]) => url.includes('lobby'))).toBe(false);
    } finally {
      delete page.__FIRST_SCREEN__;
    }
  });

  it("renders a member's rows at once from my games written into the page; never for another member", async () => {
    const page = window as Window & { __FIRST_SCREEN__?: FirstScreen };
    page.__FIRST_SCREEN__ = {
      generatedAt: Date.now(),
      language: 'en',
      responses: { [GAME_PATHS.lobby]: lobby, [GAME_PATHS.recentGames]: [game(2)] },
    };
    try {
      setSession(loginAnswer());
      const { unmount } = renderGames('rows');
      expect(screen.getAllByTestId('game-row').map((row) => row.getAttribute('aria-label'))).toEqual([
        'My games',
        'Hot',
        'Slots',
      ]);
      expect(fetchMock.mock.calls.some(([url]) => url.includes('recent-games'))).toBe(false);
      unmount();

      // Another member logs in on this page: the written games are not theirs; theirs are asked for.
      setSession(loginAnswer({ token: 'another-members-token' }));
      renderGames('rows');
      expect(screen.queryAllByTestId('game-row')).toHaveLength(0);
      await screen.findAllByTestId('game-row');
      expect(fetchMock.mock.calls.some(([url]) => url.includes('recent-games'))).toBe(true);
    } finally {
      delete page.__FIRST_SCREEN__;
    }
  });

  it("keeps a member's rows back until my games answers, so they do not move down when it comes", async () => {
    setSession(loginAnswer());
    let answerMyGames: (answer: Response) => void = () => undefined;
    fetchMock.mockImplementation((url) =>
      url.includes('recent-games')
        ? new Promise<Response>((resolve) => {
            answerMyGames = resolve;
          })
        : Promise.resolve(okEnvelope(lobby)),
    );
    renderGames('rows');
    await act(() => Promise.resolve());
    expect(screen.getByRole('list', { name: 'Loading…' }).getAttribute('aria-busy')).toBe('true');
    expect(screen.queryAllByTestId('game-row')).toHaveLength(0);

    await act(() => answerMyGames(okEnvelope([game(2)])));
    const rows = await screen.findAllByTestId('game-row');
    expect(rows.map((row) => row.getAttribute('aria-label'))).toEqual(['My games', 'Hot', 'Slots']);
  });

  it('adds my games first for a logged-in member who has played', async () => {
    setSession(loginAnswer());
    renderGames('rows');
    await screen.findByRole('region', { name: 'My games' });
    expect(screen.getAllByTestId('game-row').map((row) => row.getAttribute('aria-label'))).toEqual([
      'My games',
      'Hot',
      'Slots',
    ]);
    expect(fetchMock.mock.calls.some(([url]) => url.includes('recent-games'))).toBe(true);
  });
});

describe('HomeGames on LuckyWin (tabs)', () => {
  it('shows the tabs of categories with games and a two-column grid of the chosen one', async () => {
    renderGames('tabs');
    const tabs = await screen.findAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['Hot', 'Slots']);
    expect(screen.getAllByTestId('game-card')).toHaveLength(3);
    fireEvent.click(tabs[1] as HTMLElement);
    expect(screen.getAllByTestId('game-card')).toHaveLength(12);
    expect(tabs[1]?.getAttribute('aria-selected')).toBe('true');
  });
});

describe('HomeGames loading', () => {
  it('retries a failed lobby load after 1 s and 2 s, then shows the games', async () => {
    vi.useFakeTimers();
    let lobbyCalls = 0;
    fetchMock.mockImplementation(async () => {
      lobbyCalls += 1;
      return lobbyCalls < 3 ? envelope({ code: 1503, msg: 'down', data: null }, 503) : okEnvelope(lobby);
    });
    renderGames('tabs');
    await advanceFakeTime(0);
    expect(lobbyCalls).toBe(1);
    expect(screen.queryAllByTestId('game-card')).toHaveLength(0);
    await advanceFakeTime(999);
    expect(lobbyCalls).toBe(1);
    await advanceFakeTime(1);
    expect(lobbyCalls).toBe(2);
    await advanceFakeTime(2000);
    expect(lobbyCalls).toBe(3);
    expect(screen.getAllByTestId('game-card').length).toBeGreaterThan(0);
  });
});

describe('app-store builds', () => {
  it('show the policy banner when the server names disallowed suppliers, and only then', async () => {
    renderGames('tabs');
    await screen.findAllByRole('tab');
    expect(screen.queryByTestId('policy-banner')).toBeNull();
    await resetAppState();

    setSettings({ ...kenyaSettings, disallowedSuppliers: ['hub88sim'] });
    fetchMock.mockImplementation(async () => okEnvelope(lobby));
    renderGames('tabs');
    expect((await screen.findByTestId('policy-banner')).textContent).toContain('app store policy');
  });
});
