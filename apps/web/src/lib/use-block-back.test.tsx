// @vitest-environment jsdom
import { render } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { advanceFakeTime, resetAppState } from '../test/fixtures.ts';
import { useBlockBack } from './use-block-back.ts';

function Page({ blocked, onBlocked }: { blocked: boolean; onBlocked: () => void }) {
  useBlockBack(blocked, onBlocked);
  return <p>spin</p>;
}

/** Goes back as the browser does, and lets the queued popstate run. */
async function pressBack(): Promise<void> {
  window.history.back();
  await advanceFakeTime(50);
}

afterEach(resetAppState);

describe('useBlockBack', () => {
  it('keeps the player on the page while blocked, then lets one back leave with no entry left over', async () => {
    vi.useFakeTimers();
    window.history.replaceState({ idx: 0, key: 'home' }, '', '/home');
    window.history.pushState({ idx: 1, key: 'spin' }, '', '/diamond/spin');
    const onBlocked = vi.fn();
    const { rerender } = render(<Page blocked={false} onBlocked={onBlocked} />);

    rerender(<Page blocked onBlocked={onBlocked} />);
    // The guard keeps the router's entry: same address, key and index.
    expect(window.history.state).toMatchObject({ idx: 1, key: 'spin' });

    await pressBack();
    expect(window.location.pathname).toBe('/diamond/spin');
    expect(onBlocked).toHaveBeenCalledTimes(1);
    await pressBack();
    expect(window.location.pathname).toBe('/diamond/spin');
    expect(onBlocked).toHaveBeenCalledTimes(2);

    // The spin ends: the guard is taken off, and one back leaves.
    rerender(<Page blocked={false} onBlocked={onBlocked} />);
    await advanceFakeTime(50);
    expect(window.location.pathname).toBe('/diamond/spin');
    expect(window.history.state).toEqual({ idx: 1, key: 'spin' });
    await pressBack();
    expect(window.location.pathname).toBe('/home');
    expect(onBlocked).toHaveBeenCalledTimes(2);
  });

  it('leaves no guard behind when the page goes while blocked', async () => {
    vi.useFakeTimers();
    window.history.replaceState({ idx: 0, key: 'home' }, '', '/home');
    window.history.pushState({ idx: 1, key: 'spin' }, '', '/games/coin-spin/1');
    const onBlocked = vi.fn();
    const { unmount } = render(<Page blocked onBlocked={onBlocked} />);
    unmount();
    await advanceFakeTime(50);
    expect(window.history.state).toEqual({ idx: 1, key: 'spin' });
    await pressBack();
    expect(window.location.pathname).toBe('/home');
    expect(onBlocked).not.toHaveBeenCalled();
  });
});
