// @vitest-environment jsdom
import { POSITION, type AdvertItem } from '@app/contracts/config';
import { fireEvent, render, screen, within } from '@testing-library/preact';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { getPopupHolder } from '../../../lib/popup-lock.ts';
import { setSettings } from '../../../lib/settings.ts';
import { kenyaSettings, loginAnswer, okEnvelope, resetAppState, stubFetch } from '../../../test/fixtures.ts';
import { ProfileCard } from './profile-card.tsx';

const info = (position: number, title: string, content: string): AdvertItem => ({
  id: position,
  title,
  url: '/promotion?tag=coins',
  img: '/statics/adverts/coins-info.svg',
  image: '/statics/adverts/coins-info.svg',
  typeId: position,
  sort: 1,
  content,
});

const fetchMock = stubFetch();
let answers: Record<number, AdvertItem[]>;

beforeEach(() => {
  setSettings(kenyaSettings);
  answers = {
    [POSITION.COIN_EVENT_INFO]: [info(POSITION.COIN_EVENT_INFO, 'Coins', 'Coins are bonus money.')],
    [POSITION.DIAMOND_EVENT_INFO]: [
      info(POSITION.DIAMOND_EVENT_INFO, 'Diamonds', 'Collect them with tasks.'),
    ],
  };
  fetchMock.mockImplementation(async (url) => {
    const position = Number(/typeId=(\d+)/.exec(url)?.[1]);
    return okEnvelope(answers[position] ?? []);
  });
});

afterEach(resetAppState);

function renderCard() {
  const { memberInfo } = loginAnswer({ bonusMoney: 5_000, diamond: 12 });
  render(
    <MemoryRouter>
      <ProfileCard profile={memberInfo} />
    </MemoryRouter>,
  );
}

describe('the coin and diamond event information on Me', () => {
  it('opens how coins and diamonds are earned and spent when the figures are tapped', async () => {
    renderCard();
    fireEvent.click(screen.getByTestId('coins-info'));
    const coins = await screen.findByTestId('event-info');
    expect(within(coins).getByRole('heading', { name: 'Coins' })).toBeTruthy();
    expect(within(coins).getByText('Coins are bonus money.')).toBeTruthy();
    fireEvent.click(within(coins).getByRole('button', { name: 'Close' }));
    expect(screen.queryByTestId('event-info')).toBeNull();

    fireEvent.click(screen.getByTestId('diamonds-info'));
    const diamonds = await screen.findByTestId('event-info');
    expect(within(diamonds).getByText('Collect them with tasks.')).toBeTruthy();
  });

  it('opens nothing, and frees the popup lock, when the operator wrote no information', async () => {
    answers = {};
    renderCard();
    fireEvent.click(screen.getByTestId('diamonds-info'));
    await expect.poll(() => getPopupHolder()).toBeNull();
    expect(screen.queryByTestId('event-info')).toBeNull();
  });
});
