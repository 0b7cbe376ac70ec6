import { beforeEach, describe, expect, it, vi } from 'vitest';
import { clearQueryCache, fetchQuery } from './query.ts';

beforeEach(() => clearQueryCache());

describe('fetchQuery', () => {
  it('shares one request between callers of the same key', async () => {
    const queryFn = vi.fn(async () => 42);
    const [a, b] = await Promise.all([
      fetchQuery({ queryKey: ['x', 1], queryFn }),
      fetchQuery({ queryKey: ['x', 1], queryFn }),
    ]);
    expect([a, b]).toEqual([42, 42]);
    expect(queryFn).toHaveBeenCalledOnce();
  });

  it('runs again after a failure', async () => {
    const queryFn = vi.fn().mockRejectedValueOnce(new Error('down')).mockResolvedValueOnce('ok');
    await expect(fetchQuery({ queryKey: ['y'], queryFn })).rejects.toThrow('down');
    await expect(fetchQuery({ queryKey: ['y'], queryFn })).resolves.toBe('ok');
  });
});
