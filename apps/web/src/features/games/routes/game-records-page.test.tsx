// @vitest-environment jsdom
import type { GameRecord } from '@app/contracts/games';
import { fireEvent, render, screen } from '@testing-library/preact';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setSession } from '../../../lib/session.ts';
import { setSettings } from '../../../lib/settings.ts';
import { kenyaSettings, loginAnswer, okEnvelope, resetAppState, stubFetch } from '../../../test/fixtures.ts';
import { GameRecordsPage } from './game-records-page.tsx';

const round: GameRecord = {
  id: 9,
  gameId: 2,
  gameName: 'Mines',
  mode: 'launch',
  stake: 2000,
  payout: 3960,
  multiplier: 19800,
  state: 'settled',
  createTime: '2026-11-22T10:00:00.000Z',
  settleTime: '2026-11-22T10:00:01.000Z',
};

const fetchMock = stubFetch();

beforeEach(() => {
  setSettings(kenyaSettings);
  setSession(loginAnswer());
});

afterEach(async () => {
  await resetAppState();
});

describe('GameRecordsPage', () => {
  it('shows the bets, then the wins, of the member', async () => {
    fetchMock.mockImplementation(async (url) =>
      okEnvelope({
        list: url.includes('records/bet') ? [round, { ...round, id: 8, payout: 0 }] : [round],
        total: 2,
        page: 1,
        size: 50,
      }),
    );
    render(
      <MemoryRouter>
        <GameRecordsPage />
      </MemoryRouter>,
    );
    expect(await screen.findAllByTestId('game-record')).toHaveLength(2);
    expect(screen.getAllByText('KES 20.00').length).toBeGreaterThan(0);
    expect(screen.getByText('Paid KES 39.60')).toBeTruthy();
    expect(fetchMock.mock.calls[0]?.[0]).toContain('/game-center/game/records/bet?page=1&size=50&order=desc');

    fireEvent.click(screen.getByRole('tab', { name: 'Wins' }));
    expect(await screen.findByText('+KES 39.60')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([url]) => url.includes('/game-center/game/records/win'))).toBe(true);
  });

  it('says so when there is nothing yet', async () => {
    fetchMock.mockImplementation(async () => okEnvelope({ list: [], total: 0, page: 1, size: 50 }));
    render(
      <MemoryRouter>
        <GameRecordsPage />
      </MemoryRouter>,
    );
    expect((await screen.findByTestId('game-records-empty')).textContent).toContain('No bets yet');
  });
});
