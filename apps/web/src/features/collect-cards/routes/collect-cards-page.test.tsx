// @vitest-environment jsdom
import type {
  CollectCardsConfig,
  CollectCardsDrawResult,
  CollectCardsMember,
} from '@app/contracts/collect-cards';
import { ERRORS } from '@app/contracts/errors';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { getProfile, setSession } from '../../../lib/session.ts';
import { setSettings } from '../../../lib/settings.ts';
import {
  envelope,
  kenyaSettings,
  loginAnswer,
  okEnvelope,
  resetAppState,
  stubFetch,
} from '../../../test/fixtures.ts';
import { CollectCardsPage } from './collect-cards-page.tsx';

function config(overrides: Partial<CollectCardsConfig> = {}): CollectCardsConfig {
  return {
    id: 1,
    enable: true,
    status: 1,
    startAt: null,
    endAt: null,
    cards: [30, 25, 20, 15, 10].map((weight, index) => ({ card: index + 1, weight, chance: weight })),
    giftAmount: 50_00,
    costChance: 50_00,
    depositChance: 1,
    freeChance: true,
    expectedChances: 14.42,
    expectedCost: 721_05,
    notices: true,
    currency: 'KES',
    ...overrides,
  };
}

function memberState(overrides: Partial<CollectCardsMember> = {}): CollectCardsMember {
  return {
    id: 1,
    cardSet: '1,3',
    chances: 1,
    sets: 0,
    free: true,
    fairness: { serverSeedHash: 'ab'.repeat(32), clientSeed: 'seed', nonce: 3 },
    bonusMoney: 120_00,
    ...overrides,
  };
}

let cfg: CollectCardsConfig;
let member: CollectCardsMember;
let posts: { path: string; body: string }[];
let drawAnswer: CollectCardsDrawResult | undefined;
const fetchMock = stubFetch();

beforeEach(() => {
  setSettings(kenyaSettings);
  cfg = config();
  member = memberState();
  posts = [];
  drawAnswer = undefined;
  fetchMock.mockImplementation(async (url, init) => {
    const { pathname } = new URL(url, 'http://test');
    if (init.method === 'POST') posts.push({ path: pathname, body: String(init.body) });
    if (pathname.endsWith('/collect-cards/cfg')) return okEnvelope(cfg);
    if (pathname.endsWith('/collect-cards/notices'))
      return okEnvelope([{ mobile: '0712****78', amount: 50_00, createTime: '2026-12-20T10:00:00.000Z' }]);
    if (pathname.endsWith('/collect-cards/member')) return okEnvelope(member);
    if (pathname.endsWith('/collect-cards/gifts')) return okEnvelope([]);
    if (pathname.endsWith('/collect-cards/draws')) return okEnvelope([]);
    if (pathname.endsWith('/collect-cards/free')) {
      member = { ...member, chances: member.chances + 1, free: false };
      return okEnvelope({ added: 1, member });
    }
    if (pathname.endsWith('/collect-cards/draw')) {
      if (!drawAnswer) {
        return envelope(
          { code: ERRORS.COLLECT_CARDS_NO_CHANCE.code, msg: ERRORS.COLLECT_CARDS_NO_CHANCE.msg, data: null },
          409,
        );
      }
      member = drawAnswer.member;
      return okEnvelope(drawAnswer);
    }
    return okEnvelope(null);
  });
});
afterEach(resetAppState);

function renderPage() {
  render(
    <MemoryRouter initialEntries={['/activities/collect-cards']}>
      <Routes>
        <Route path="/activities/collect-cards" element={<CollectCardsPage />} />
      </Routes>
    </MemoryRouter>,
  );
}

const lit = () =>
  [...screen.getByTestId('collect-cards-lights').querySelectorAll('li')].map((light) =>
    light.classList.contains('is-lit'),
  );

describe('CollectCardsPage', () => {
  it('shows a visitor the five lights, the odds and the rules, and asks them to log in to draw', async () => {
    renderPage();
    await screen.findByTestId('collect-cards-lights');
    expect(lit()).toEqual([false, false, false, false, false]);
    const rules = screen.getByTestId('collect-cards-rules').textContent ?? '';
    expect(rules).toContain('On average a full set takes 14.42 chances');
    expect(rules).toContain('about 721.05 coins for a prize of KES 50.00');
    expect(rules).toContain('Each paid deposit gives 1 chance');
    expect(screen.getByTestId('collect-cards-ticker').textContent).toContain(
      '0712****78 completed a set and won KES 50.00',
    );
    fireEvent.click(screen.getByTestId('collect-cards-draw'));
    expect((await screen.findByTestId('confirm-dialog')).textContent).toContain(
      'You have not logged in yet, please login !',
    );
    expect(posts).toEqual([]);
  });

  it('lights the cards a member holds, takes the free chance and draws with a reveal that says the gift was paid', async () => {
    setSession(loginAnswer({ money: 10_00, withdrawMoney: 10_00, bonusMoney: 120_00 }));
    member = memberState({ cardSet: '1,2,3,4', chances: 0 });
    renderPage();
    await waitFor(() => expect(lit()).toEqual([true, true, true, true, false]));
    expect(screen.getByTestId('collect-cards-chances').textContent).toBe('0 chances');
    expect((screen.getByTestId('collect-cards-draw') as HTMLButtonElement).disabled).toBe(true);

    fireEvent.click(screen.getByTestId('collect-cards-free'));
    await waitFor(() => expect(screen.getByTestId('collect-cards-chances').textContent).toBe('1 chance'));
    expect(screen.getByTestId('collect-cards-free').textContent).toBe('Free chance taken, back tomorrow');

    drawAnswer = {
      id: 9,
      activityId: 1,
      card: 5,
      duplicate: false,
      completed: true,
      gift: 50_00,
      fairness: {
        serverSeed: 'cd'.repeat(32),
        serverSeedHash: 'ab'.repeat(32),
        clientSeed: 'seed',
        nonce: 3,
        weights: [30, 25, 20, 15, 10],
      },
      createTime: '2026-12-20T10:00:00.000Z',
      member: memberState({ cardSet: '', chances: 0, sets: 1, free: false }),
      money: 60_00,
      withdrawMoney: 60_00,
    };
    fireEvent.click(screen.getByTestId('collect-cards-draw'));
    const reveal = await screen.findByTestId('collect-cards-reveal');
    expect(reveal.textContent).toContain('Drawing a card');
    const result = await screen.findByTestId('collect-cards-result', {}, { timeout: 3_000 });
    expect(result.textContent).toContain('You got card 5: Lucky seven');
    expect(within(result).getByTestId('collect-cards-gift').textContent).toContain('KES 50.00 has been paid');
    expect(getProfile()?.money).toBe(60_00);
    expect(posts.map((post) => post.path)).toEqual([
      '/api/account-service/collect-cards/free',
      '/api/account-service/collect-cards/draw',
    ]);
    fireEvent.click(within(result).getByRole('button', { name: 'OK' }));
    await waitFor(() =>
      expect(screen.getByTestId('collect-cards-sets').textContent).toBe('Sets completed: 1'),
    );
    expect(lit()).toEqual([false, false, false, false, false]);
  });

  it('says a finished activity has ended and takes nothing', async () => {
    setSession(loginAnswer());
    cfg = config({ status: -1, endAt: '2026-12-31T21:00:00.000Z' });
    renderPage();
    expect((await screen.findByTestId('collect-cards-status')).textContent).toBe(
      'This activity has ended. Thank you for playing!',
    );
    await waitFor(() => expect(screen.getByTestId('collect-cards-chances')).toBeTruthy());
    for (const id of ['collect-cards-draw', 'collect-cards-free', 'collect-cards-buy']) {
      expect((screen.getByTestId(id) as HTMLButtonElement).disabled).toBe(true);
    }
  });

  it('says nothing of deposits where they give no chance (Brazil), nor sells chances priced at 0', async () => {
    cfg = config({ depositChance: 0, costChance: 0 });
    renderPage();
    await screen.findByTestId('collect-cards-rules');
    expect(document.body.textContent).not.toMatch(/deposit/i);
    expect(screen.queryByTestId('collect-cards-buy')).toBeNull();
  });

  it('draws Christmas cards in the Christmas variant', async () => {
    setSettings({ ...kenyaSettings, christmas: true });
    setSession(loginAnswer());
    member = memberState({ cardSet: '1' });
    renderPage();
    const page = await screen.findByTestId('collect-cards-page');
    expect(page.getAttribute('data-art')).toBe('christmas');
    expect(await screen.findByRole('heading', { name: 'Christmas cards' })).toBeTruthy();
    await waitFor(() =>
      expect(screen.getByRole('img', { name: /Card 1, Christmas tree: Collected/ })).toBeTruthy(),
    );
  });
});
