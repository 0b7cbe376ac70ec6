import type { InhouseSession, PlayResult } from '@app/contracts/inhouse';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { en } from '../locales/en.ts';
import { ApiError, type GameApi } from '../lib/api.ts';
import { createTranslate } from '../lib/i18n.ts';
import { GamePage } from './game-page.tsx';

const t = createTranslate(en);
const fairness = { serverSeedHash: 'c'.repeat(64), clientSeed: 'client', nonce: 4 };

function session(overrides: Partial<InhouseSession> = {}): InhouseSession {
  return {
    game: { id: 3, code: 'dice', name: 'Dice', minStake: 1_000, maxStake: 1_000_000, rtp: 9_900 },
    stakeLimit: { maxStake: 1_000_000, gameMaxStake: 1_000_000, bonus: null },
    mode: 'demo',
    currency: 'KES',
    balance: 100_000,
    fairness,
    openRound: null,
    ...overrides,
  };
}

function diceResult(win: boolean): PlayResult {
  const payout = win ? 1_980 : 0;
  return {
    balance: 100_000 - 1_000 + payout,
    fairness: { ...fairness, nonce: 5 },
    round: {
      id: 41,
      gameCode: 'dice',
      state: 'settled',
      stake: 1_000,
      payout,
      multiplier: win ? 19_800 : 0,
      nonce: 4,
      serverSeedHash: fairness.serverSeedHash,
      clientSeed: 'client',
      options: { target: 5_000, direction: 'under' },
      outcome: { roll: win ? 1_234 : 8_765, win, multiplier: win ? 19_800 : 0 },
      createTime: new Date().toISOString(),
    },
  };
}

function fakeApi(overrides: Partial<GameApi> = {}): GameApi {
  const refuse = () => Promise.reject(new Error('not expected in this test'));
  return {
    session: vi.fn(async () => session()),
    bet: vi.fn(async () => diceResult(true)),
    minesStart: refuse,
    minesReveal: refuse,
    minesCashout: refuse,
    rounds: vi.fn(async () => ({ list: [], page: 1, size: 20 })),
    rotateSeeds: refuse,
    revealedSeeds: vi.fn(async () => []),
    forfeitBonus: refuse,
    ...overrides,
  };
}

function show(api: GameApi, language: 'en' | 'fr' = 'en') {
  return render(<GamePage api={api} token="tok" language={language} t={t} validAddress />);
}

beforeEach(() => {
  // Reduced motion: results are shown as soon as they arrive, so the test needs no timers.
  vi.stubGlobal('matchMedia', (query: string) => ({ matches: query.includes('reduce'), media: query }));
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the game frame', () => {
  it('shows the game, the play-money balance and the demo banner from the session', async () => {
    show(fakeApi());
    expect(await screen.findByTestId('balance')).toHaveProperty('textContent', 'KES 1,000.00');
    expect(screen.getByTestId('demo-banner').textContent).toBe('Demo money cannot be withdrawn.');
    expect(screen.getByRole('heading', { name: 'Dice' })).toBeTruthy();
    expect((screen.getByLabelText('Stake (KES)') as HTMLInputElement).value).toBe('10');
  });

  it("leaves the demo warning to the app's bar when it is in the app's frame: one warning, the chip stays", async () => {
    render(<GamePage api={fakeApi()} token="tok" language="en" t={t} validAddress embedded />);
    expect(await screen.findByTestId('balance')).toHaveProperty('textContent', 'KES 1,000.00');
    expect(screen.queryByTestId('demo-banner')).toBeNull();
    expect(screen.getByText('Demo')).toBeTruthy();
  });

  it('plays a round: the server’s roll and win are shown, then the balance and net result move', async () => {
    const api = fakeApi();
    show(api);
    fireEvent.click(await screen.findByTestId('play'));
    await waitFor(() => expect(screen.getByTestId('round-result').textContent).toBe('You win KES 19.80'));
    expect(api.bet).toHaveBeenCalledWith(1_000, { target: 5_000, direction: 'under' });
    expect(screen.getByTestId('dice-roll').textContent).toBe('12.34');
    expect(screen.getByTestId('balance').textContent).toBe('KES 1,009.80');
    expect(screen.getByTestId('session-net').textContent).toBe('Net +KES 9.80');
  });

  it('keeps the stake within the limits and says why', async () => {
    show(fakeApi());
    const input = (await screen.findByLabelText('Stake (KES)')) as HTMLInputElement;
    fireEvent.input(input, { target: { value: '5' } });
    fireEvent.blur(input);
    expect(await screen.findByText('The minimum stake is KES 10.00')).toBeTruthy();
    await waitFor(() => expect(input.value).toBe('10'));
    fireEvent.click(screen.getByRole('button', { name: 'Double the stake' }));
    await waitFor(() => expect(input.value).toBe('20'));
    fireEvent.click(screen.getByRole('button', { name: 'Halve the stake' }));
    await waitFor(() => expect(input.value).toBe('10'));
  });

  it('shows the bonus’s limit from the server, names it when met, and lifts it by a confirmed forfeit', async () => {
    const limited = session({
      mode: 'launch',
      stakeLimit: {
        maxStake: 5_000,
        gameMaxStake: 1_000_000,
        bonus: { id: 12, source: 'welcome-bonus', maxStake: 5_000 },
      },
    });
    const forfeitBonus = vi.fn(async () => ({
      stakeLimit: { maxStake: 1_000_000, gameMaxStake: 1_000_000, bonus: null },
      balance: 90_000,
    }));
    show(fakeApi({ session: vi.fn(async () => limited), forfeitBonus }));
    expect(
      await screen.findByText('Min KES 10.00 · Max KES 50.00 while your welcome bonus is active'),
    ).toBeTruthy();
    const input = (await screen.findByLabelText('Stake (KES)')) as HTMLInputElement;
    fireEvent.input(input, { target: { value: '100' } });
    fireEvent.blur(input);
    await waitFor(() => expect(input.value).toBe('50'));
    const notice = await screen.findByTestId('game-notice');
    expect(notice.textContent).toContain(
      'KES 50.00 is the most you can stake while your welcome bonus is active. Forfeit the bonus to stake up to KES 10,000.00.',
    );
    fireEvent.click(screen.getByTestId('bonus-forfeit'));
    // Asked first; keeping it changes nothing.
    expect((await screen.findByTestId('bonus-forfeit-confirm')).textContent).toContain(
      'Forfeit your welcome bonus?',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Keep it' }));
    expect(forfeitBonus).not.toHaveBeenCalled();
    fireEvent.click(screen.getByTestId('bonus-forfeit'));
    fireEvent.click(await screen.findByTestId('bonus-forfeit-yes'));
    await waitFor(() => expect(forfeitBonus).toHaveBeenCalledWith(12));
    expect((await screen.findByTestId('game-notice')).textContent).toContain(
      'Bonus forfeited: you can now stake up to KES 10,000.00.',
    );
    expect(await screen.findByText('Min KES 10.00 · Max KES 10,000.00')).toBeTruthy();
    expect(screen.getByTestId('balance').textContent).toBe('KES 900.00');
    fireEvent.input(input, { target: { value: '100' } });
    fireEvent.blur(input);
    await waitFor(() => expect(input.value).toBe('100'));
  });

  it('names the limit and offers the forfeit when the server refuses a stake for a bonus', async () => {
    const limited = session({
      mode: 'launch',
      stakeLimit: {
        maxStake: 5_000,
        gameMaxStake: 1_000_000,
        bonus: { id: 12, source: 'welcome-bonus', maxStake: 5_000 },
      },
    });
    const sessions = [session({ mode: 'launch' }), limited];
    const api = fakeApi({
      session: vi.fn(async () => sessions.shift() ?? limited),
      bet: vi.fn(async () => {
        throw new ApiError(4090, 'KES 50.00 is the most you can stake while your welcome bonus is active');
      }),
    });
    show(api);
    fireEvent.click(await screen.findByTestId('play'));
    await waitFor(() =>
      expect(screen.getByTestId('game-notice').textContent).toContain(
        'KES 50.00 is the most you can stake while your welcome bonus is active. Forfeit the bonus',
      ),
    );
    expect(screen.getByTestId('bonus-forfeit')).toBeTruthy();
  });

  it('shows the server’s message, and offers the deposit, when the balance is short', async () => {
    const api = fakeApi({
      bet: vi.fn(async () => {
        throw new ApiError(3001, 'Insufficient balance, please recharge');
      }),
    });
    show(api);
    fireEvent.click(await screen.findByTestId('play'));
    const notice = await screen.findByTestId('game-notice');
    expect(notice.textContent).toContain('Insufficient balance, please recharge');
    expect(screen.getByRole('button', { name: 'Deposit' })).toBeTruthy();
    expect(screen.getByTestId('balance').textContent).toBe('KES 1,000.00');
  });

  it('ends the page when the session has ended', async () => {
    const api = fakeApi({
      bet: vi.fn(async () => {
        throw new ApiError(5010, 'This game session has ended, please open the game again');
      }),
    });
    show(api);
    fireEvent.click(await screen.findByTestId('play'));
    expect((await screen.findByTestId('game-ended')).textContent).toBe(en['page.ended']);
  });

  it('says a game this build has no page for is not available', async () => {
    const keno = session({
      game: { id: 9, code: 'keno', name: 'Keno', minStake: 1_000, maxStake: 10_000, rtp: 9_700 },
    });
    show(fakeApi({ session: vi.fn(async () => keno) }));
    expect(await screen.findByTestId('game-unavailable')).toBeTruthy();
  });

  it('brings back an unfinished mines round: its open tiles, the cash-out and the next multiplier', async () => {
    const openRound = {
      ...diceResult(false).round,
      id: 77,
      gameCode: 'mines',
      state: 'open' as const,
      payout: 0,
      multiplier: null,
      options: { mines: 3 },
      outcome: { revealed: [4, 9] },
    };
    const mines = session({
      game: { id: 4, code: 'mines', name: 'Mines', minStake: 1_000, maxStake: 1_000_000, rtp: 9_900 },
      openRound,
    });
    show(fakeApi({ session: vi.fn(async () => mines) }));
    expect((await screen.findByTestId('round-result')).textContent).toBe(en['mines.resumed']);
    expect(screen.getByTestId('tile-4').getAttribute('data-state')).toBe('gem');
    expect(screen.getByTestId('tile-9').getAttribute('data-state')).toBe('gem');
    expect(screen.getByTestId('tile-0').getAttribute('data-state')).toBe('hidden');
    // 3 mines, 2 safe tiles open: 0.99 ÷ (22/25 × 21/24) = 1.2857× now, and 1.4785× after one more.
    expect(screen.getByTestId('mines-current').textContent).toBe('1.2857×');
    expect(screen.getByTestId('mines-next').textContent).toBe('1.4785×');
    expect(screen.getByTestId('cashout').textContent).toBe('Cash out KES 12.85');
    // The fairness panel refuses a rotation while the round is open.
    fireEvent.click(screen.getByRole('button', { name: 'Provably fair' }));
    expect(((await screen.findByTestId('rotate-seeds')) as HTMLButtonElement).disabled).toBe(true);
  });

  it('opens the fairness panel with the commitment and next nonce', async () => {
    show(fakeApi());
    fireEvent.click(await screen.findByRole('button', { name: 'Provably fair' }));
    expect((await screen.findByTestId('server-seed-hash')).textContent).toBe('c'.repeat(64));
    expect(screen.getByTestId('next-nonce').textContent).toBe('4');
    expect((screen.getByTestId('client-seed') as HTMLInputElement).value).toBe('client');
  });
});
