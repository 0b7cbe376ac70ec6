// @vitest-environment jsdom
import type { CashRainGift } from '@app/contracts/cash-rain';
import { fireEvent, render, screen } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setSettings } from '../../../lib/settings.ts';
import { advanceFakeTime, kenyaSettings, resetAppState } from '../../../test/fixtures.ts';
import { RainGame } from './rain-game.tsx';
import { ResultDialog } from './result-dialog.tsx';

const t = (key: string, vars?: Record<string, string | number>) =>
  vars ? `${key} ${Object.values(vars).join(' ')}` : key;
const drops = () => screen.queryAllByTestId('rain-drop');

beforeEach(() => {
  vi.useFakeTimers();
  setSettings(kenyaSettings);
});
afterEach(async () => {
  await resetAppState();
});

describe('the rain', () => {
  it('counts down 3, 2, 1, then drops one every 250 ms, each falling for 3 s', async () => {
    render(<RainGame t={t} onEnd={() => undefined} />);
    expect(screen.getByTestId('rain-countdown').textContent).toBe('3');
    await advanceFakeTime(1000);
    expect(screen.getByTestId('rain-countdown').textContent).toBe('2');
    await advanceFakeTime(1000);
    expect(screen.getByTestId('rain-countdown').textContent).toBe('1');
    await advanceFakeTime(1000);
    expect(screen.queryByTestId('rain-countdown')).toBeNull();
    expect(drops()).toHaveLength(0);
    await advanceFakeTime(250);
    expect(drops()).toHaveLength(1);
    await advanceFakeTime(1000);
    expect(drops()).toHaveLength(5);
    // At 3 s the first drop has fallen out: twelve in the air at any moment.
    await advanceFakeTime(2000);
    expect(drops()).toHaveLength(12);
  });

  it('adds each tapped drop to the count and the combo; a tap beside them resets the combo', async () => {
    const onEnd = vi.fn();
    render(<RainGame t={t} onEnd={onEnd} />);
    for (let second = 0; second < 3; second += 1) await advanceFakeTime(1000);
    await advanceFakeTime(1000);
    expect(drops()).toHaveLength(4);
    for (let tap = 0; tap < 3; tap += 1) {
      fireEvent.pointerDown(drops()[0]!);
      await advanceFakeTime(0);
    }
    expect(screen.getByTestId('rain-count').textContent).toBe('cash_rain.count 3');
    expect(screen.getByText('cash_rain.combo 3')).toBeTruthy();
    fireEvent.pointerDown(screen.getByTestId('rain-field'));
    await advanceFakeTime(0);
    expect(screen.queryByText(/cash_rain.combo/)).toBeNull();
    expect(screen.getByTestId('rain-count').textContent).toBe('cash_rain.count 3');
    fireEvent.pointerDown(drops()[0]!);
    expect(onEnd).not.toHaveBeenCalled();
    // The rain lasts 15 s from its first moment.
    await advanceFakeTime(15_000 - 1000 - 1);
    expect(onEnd).not.toHaveBeenCalled();
    await advanceFakeTime(1);
    expect(onEnd).toHaveBeenCalledWith(4);
  });
});

describe('the red packet', () => {
  const gift: CashRainGift = {
    giftType: 1,
    giftAmount: 2_500,
    date: '2026-11-26',
    duration: 1,
    createTime: 0,
    position: 6,
  };

  it('shows a won gift and the share popup 1 s later, without LinkedIn (the one place the spec hides it)', async () => {
    render(
      <ResultDialog
        t={t}
        gift={gift}
        shareLink="https://x.test/activities/cash-rain"
        onClose={() => undefined}
      />,
    );
    expect(screen.getByTestId('rain-gift').textContent).toContain('25');
    // The packet's place in the rain's committed split, to check once the rain has ended.
    expect(screen.getByTestId('rain-packet').textContent).toBe('cash_rain.packet 7');
    await advanceFakeTime(999);
    expect(screen.queryByTestId('share-popup')).toBeNull();
    await advanceFakeTime(1);
    const links = screen.getByTestId('share-popup').querySelectorAll('a');
    expect([...links].map((link) => link.textContent)).toEqual(['facebook', 'twitter', 'whatsapp', 'sms']);
  });

  it('shows try again, and no share popup, for gift type 0 or no gift', async () => {
    render(
      <ResultDialog
        t={t}
        gift={{ ...gift, giftType: 0, giftAmount: 0 }}
        shareLink=""
        onClose={() => undefined}
      />,
    );
    expect(screen.getByTestId('rain-try-again')).toBeTruthy();
    await advanceFakeTime(5000);
    expect(screen.queryByTestId('share-popup')).toBeNull();
  });
});
