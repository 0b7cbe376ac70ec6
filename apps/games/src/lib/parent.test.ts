import { IN_OTHER_GAMES_MESSAGE } from '@app/contracts/game-rules';
import { describe, expect, it, vi } from 'vitest';
import {
  frameMessage,
  isTrustedOrigin,
  onParentCommand,
  parentCommand,
  postToParent,
  tellInOtherGames,
} from './parent.ts';

const own = 'https://winslots.example';

/** A frame inside a parent window: the two as far as postMessage and listeners go. */
function framedWindow() {
  const parent = { postMessage: vi.fn() };
  const listeners = new Map<string, EventListener>();
  const win = {
    parent,
    location: { origin: own },
    addEventListener: (type: string, listener: EventListener) => listeners.set(type, listener),
    removeEventListener: (type: string) => listeners.delete(type),
  } as unknown as Window;
  return { win, parent, listeners };
}

describe('messages to and from the app', () => {
  it('posts to the parent at this page’s own origin only', () => {
    const { win, parent } = framedWindow();
    postToParent(frameMessage('balance', { balance: 990, currency: 'KES' }), win);
    expect(parent.postMessage).toHaveBeenCalledWith(
      { source: 'inhouse-game', type: 'balance', payload: { balance: 990, currency: 'KES' } },
      own,
    );
    tellInOtherGames(win);
    expect(parent.postMessage).toHaveBeenLastCalledWith(IN_OTHER_GAMES_MESSAGE, own);
    expect(IN_OTHER_GAMES_MESSAGE).toBe('in other games');
  });

  it('posts nothing when the page is not in a frame', () => {
    const spy = vi.spyOn(window, 'postMessage');
    postToParent(frameMessage('cashier', { reason: 'insufficient-balance' }));
    expect(spy).not.toHaveBeenCalled();
  });

  it('trusts only messages from its own origin', () => {
    expect(isTrustedOrigin({ origin: own }, own)).toBe(true);
    expect(isTrustedOrigin({ origin: 'https://evil.example' }, own)).toBe(false);
    expect(isTrustedOrigin({ origin: 'null' }, own)).toBe(false);
    expect(isTrustedOrigin({ origin: `${own}.evil.example` }, own)).toBe(false);
  });

  it('reads the app’s refresh-balance command, and nothing else, from its own origin', () => {
    expect(parentCommand({ origin: own, data: { type: 'refresh-balance' } }, own)).toBe('refresh-balance');
    expect(
      parentCommand({ origin: 'https://evil.example', data: { type: 'refresh-balance' } }, own),
    ).toBeUndefined();
    expect(parentCommand({ origin: own, data: 'refresh-balance' }, own)).toBeUndefined();
    expect(parentCommand({ origin: own, data: { type: 'withdraw' } }, own)).toBeUndefined();
    expect(parentCommand({ origin: own, data: null }, own)).toBeUndefined();
  });

  it('calls the handler for trusted commands until stopped', () => {
    const { win, listeners } = framedWindow();
    const handler = vi.fn();
    const stop = onParentCommand(handler, win);
    const deliver = (origin: string) =>
      listeners.get('message')?.(new MessageEvent('message', { origin, data: { type: 'refresh-balance' } }));
    deliver('https://evil.example');
    expect(handler).not.toHaveBeenCalled();
    deliver(own);
    expect(handler).toHaveBeenCalledWith('refresh-balance');
    stop();
    expect(listeners.has('message')).toBe(false);
  });
});
