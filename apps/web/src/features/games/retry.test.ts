import { describe, expect, it } from 'vitest';
import { LOBBY_RETRY } from './api/get-lobby.ts';
import { withRetry } from './retry.ts';

describe('withRetry', () => {
  it('retries the lobby load 5 times after 1 s, 2 s, 3 s, 4 s and 5 s, then gives up', async () => {
    const waits: number[] = [];
    let calls = 0;
    const failing = () => {
      calls += 1;
      return Promise.reject(new Error(`failure ${calls}`));
    };
    await expect(
      withRetry(failing, {
        ...LOBBY_RETRY,
        wait: async (ms) => {
          waits.push(ms);
        },
      }),
    ).rejects.toThrow('failure 6');
    expect(calls).toBe(6);
    expect(waits).toEqual([1000, 2000, 3000, 4000, 5000]);
  });

  it('stops at the first success', async () => {
    const waits: number[] = [];
    let calls = 0;
    const answer = await withRetry(
      () => {
        calls += 1;
        return calls < 3 ? Promise.reject(new Error('down')) : Promise.resolve('lobby');
      },
      { ...LOBBY_RETRY, wait: async (ms) => void waits.push(ms) },
    );
    expect(answer).toBe('lobby');
    expect(waits).toEqual([1000, 2000]);
  });

  it('does not retry a failure that says retrying is pointless', async () => {
    let calls = 0;
    await expect(
      withRetry(
        () => {
          calls += 1;
          return Promise.reject(new Error('refused'));
        },
        { ...LOBBY_RETRY, shouldRetry: () => false, wait: async () => undefined },
      ),
    ).rejects.toThrow('refused');
    expect(calls).toBe(1);
  });
});
