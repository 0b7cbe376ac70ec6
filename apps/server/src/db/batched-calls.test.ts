import { describe, expect, it } from 'vitest';
import { batchedCalls, type Settled } from './batched-calls.ts';

/** A batch runner whose batches the test answers by hand, in the order it chooses. */
function manualRunner() {
  const batches: { items: number[]; answer: (results: Settled<string>[] | Error) => void }[] = [];
  const run = (items: number[]) =>
    new Promise<Settled<string>[]>((resolve, reject) => {
      batches.push({
        items,
        answer: (results) => (results instanceof Error ? reject(results) : resolve(results)),
      });
    });
  return { batches, run };
}

const doubled = (items: number[]): Settled<string>[] =>
  items.map((item) => ({ ok: true, value: `${item * 2}` }));

describe('batched calls (group commit)', () => {
  it('runs a call alone at once while fewer than the allowed batches run: no timer, no added wait', () => {
    const { batches, run } = manualRunner();
    const calls = batchedCalls(run, { maxBatch: 10, maxConcurrent: 2 });
    void calls.call(1);
    expect(batches.map((batch) => batch.items)).toEqual([[1]]);
    void calls.call(2);
    expect(batches.map((batch) => batch.items)).toEqual([[1], [2]]);
  });

  it('sends the calls that arrived meanwhile together when a batch returns, at most maxBatch of them', async () => {
    const { batches, run } = manualRunner();
    const calls = batchedCalls(run, { maxBatch: 3, maxConcurrent: 1 });
    const answers = [1, 2, 3, 4, 5, 6].map((item) => calls.call(item));
    expect(batches.map((batch) => batch.items)).toEqual([[1]]);
    batches[0]!.answer(doubled([1]));
    await answers[0];
    expect(batches.map((batch) => batch.items)).toEqual([[1], [2, 3, 4]]);
    batches[1]!.answer(doubled([2, 3, 4]));
    await answers[3];
    expect(batches.map((batch) => batch.items)).toEqual([[1], [2, 3, 4], [5, 6]]);
    batches[2]!.answer(doubled([5, 6]));
    expect(await Promise.all(answers)).toEqual(['2', '4', '6', '8', '10', '12']);
    expect(calls.stats).toEqual({ batches: 3, items: 6 });
  });

  it('answers each call its own result or refusal, and a failed batch fails only its own calls', async () => {
    const { batches, run } = manualRunner();
    const calls = batchedCalls(run, { maxBatch: 10, maxConcurrent: 1 });
    const first = calls.call(1);
    const [second, third] = [calls.call(2), calls.call(3)];
    const fourth = calls.call(4);
    batches[0]!.answer(new Error('connection lost'));
    await expect(first).rejects.toThrow('connection lost');
    expect(batches[1]!.items).toEqual([2, 3, 4]);
    batches[1]!.answer([
      { ok: true, value: 'taken' },
      { ok: false, error: new Error('refused') },
      { ok: true, value: 'taken too' },
    ]);
    await expect(second).resolves.toBe('taken');
    await expect(third).rejects.toThrow('refused');
    await expect(fourth).resolves.toBe('taken too');
    // Nothing is left waiting after a failure: the next call runs at once.
    void calls.call(5);
    expect(batches[2]!.items).toEqual([5]);
  });

  it('refuses every call of a batch whose runner answers a different number of results', async () => {
    const calls = batchedCalls(async () => [{ ok: true as const, value: 'one' }], {
      maxBatch: 10,
      maxConcurrent: 1,
    });
    const held = calls.call(1);
    const others = [calls.call(2), calls.call(3)];
    await expect(held).resolves.toBe('one');
    for (const other of others) await expect(other).rejects.toThrow('2 items run, 1 answers');
  });
});
