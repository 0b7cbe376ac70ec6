import { describe, expect, it } from 'vitest';
import { MAX_ATTEMPTS, retrying } from './transactions.ts';

const failure = (code: string) => Object.assign(new Error(code), { code });

describe('retrying', () => {
  it('runs the work again after a deadlock or a serialisation failure, and answers its result', async () => {
    const codes = ['40P01', '40001'];
    let calls = 0;
    const answer = await retrying(async () => {
      calls += 1;
      const code = codes.shift();
      if (code) throw failure(code);
      return 'done';
    });
    expect(answer).toBe('done');
    expect(calls).toBe(3);
  });

  it(`lets the error through after ${MAX_ATTEMPTS} attempts, and any other error at once`, async () => {
    let calls = 0;
    await expect(
      retrying(async () => {
        calls += 1;
        throw failure('40P01');
      }),
    ).rejects.toMatchObject({ code: '40P01' });
    expect(calls).toBe(MAX_ATTEMPTS);
    calls = 0;
    await expect(
      retrying(async () => {
        calls += 1;
        throw failure('23505');
      }),
    ).rejects.toMatchObject({ code: '23505' });
    expect(calls).toBe(1);
  });
});
