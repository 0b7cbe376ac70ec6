/**
 * Calls of one kind made together (docs/decisions.md "Crash bets and game sessions in batches"): a call
 * that arrives while `maxConcurrent` batches are running waits, and every call waiting when one of them
 * returns goes in the next batch, at most `maxBatch` of them, in one statement (for a write, one
 * transaction: group commit). At low load each call goes alone at once: nothing waits on a timer, so
 * batching adds no latency of its own. At a peak a thousand calls cost tens of round trips instead of a
 * thousand, and on a small host those round trips were what the event loop and PostgreSQL spent their
 * time on (docs/benchmarks.md, bench:crash).
 *
 * `runBatch` answers each item of its batch in order, or throws for all of them (the connection was lost,
 * or the whole statement failed and nothing of it was written).
 */
export type Settled<T> = { ok: true; value: T } | { ok: false; error: unknown };

export type BatchedCalls<In, Out> = {
  call(item: In): Promise<Out>;
  /** Batches run so far and the items in them: how much the grouping saved. */
  readonly stats: { batches: number; items: number };
};

type Waiting<In, Out> = { item: In; resolve: (value: Out) => void; reject: (error: unknown) => void };

export function batchedCalls<In, Out>(
  runBatch: (items: In[]) => Promise<Settled<Out>[]>,
  { maxBatch, maxConcurrent }: { maxBatch: number; maxConcurrent: number },
): BatchedCalls<In, Out> {
  const queue: Waiting<In, Out>[] = [];
  const stats = { batches: 0, items: 0 };
  let running = 0;

  const flush = () => {
    while (running < maxConcurrent && queue.length > 0) {
      const batch = queue.splice(0, maxBatch);
      running += 1;
      stats.batches += 1;
      stats.items += batch.length;
      void settle(batch);
    }
  };

  const settle = async (batch: Waiting<In, Out>[]) => {
    let results: Settled<Out>[] | undefined;
    let failure: unknown;
    try {
      const answered = await runBatch(batch.map((waiting) => waiting.item));
      if (answered.length !== batch.length) {
        throw new Error(`batched calls: ${batch.length} items run, ${answered.length} answers`);
      }
      results = answered;
    } catch (error) {
      failure = error;
    }
    // The calls that waited go before these callers' own work resumes.
    running -= 1;
    flush();
    if (!results) {
      for (const waiting of batch) waiting.reject(failure);
      return;
    }
    for (const [index, waiting] of batch.entries()) {
      const result = results[index] as Settled<Out>;
      if (result.ok) waiting.resolve(result.value);
      else waiting.reject(result.error);
    }
  };

  return {
    stats,
    call: (item) =>
      new Promise<Out>((resolve, reject) => {
        queue.push({ item, resolve, reject });
        flush();
      }),
  };
}
