import { beforeEach, describe, expect, it, vi } from 'vitest';
import { clearQueryCache, fetchQuery, prefetchQuery } from './query.ts';

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

describe('prefetchQuery with initial data', () => {
  it('does not call when the initial data is fresh', () => {
    const queryFn = vi.fn(async () => 'network');
    prefetchQuery({
      queryKey: ['fresh'],
      queryFn,
      initialData: () => 'written',
      initialDataUpdatedAt: () => Date.now(),
    });
    expect(queryFn).not.toHaveBeenCalled();
  });

  it('refreshes initial data without a time, such as a local copy', () => {
    const queryFn = vi.fn(async () => 'network');
    prefetchQuery({ queryKey: ['copy'], queryFn, initialData: () => 'kept' });
    expect(queryFn).toHaveBeenCalledOnce();
  });
});
