import { useCallback, useEffect, useSyncExternalStore } from 'react';

/**
 * A small query cache with TanStack Query's vocabulary (queryKey, queryFn, staleTime, query options
 * objects), so a request file reads the same either way. TanStack Query is 11 KB gzipped, which the
 * home screen's 100 KB budget cannot carry next to React and the router; this covers what the app
 * uses: shared entries per key, de-duplicated requests, stale-while-revalidate and refetch.
 */
export type QueryKey = readonly unknown[];

export type QueryOptions<T> = {
  queryKey: QueryKey;
  queryFn: () => Promise<T>;
  /** How long a result counts as fresh; a mounted reader refetches stale entries. */
  staleTime?: number;
  /** A value to show before the first answer (e.g. a local copy). */
  initialData?: () => T | undefined;
  /** When the initial data was fetched; 0 or absent means stale, so a mounted reader refetches. */
  initialDataUpdatedAt?: () => number | undefined;
};

export type QueryState<T> = {
  data: T | undefined;
  error: unknown;
  status: 'pending' | 'success' | 'error';
  isFetching: boolean;
  updatedAt: number;
};

type Entry = {
  state: QueryState<unknown>;
  promise: Promise<unknown> | undefined;
  listeners: Set<() => void>;
};

const DEFAULT_STALE_TIME = 60_000;
const entries = new Map<string, Entry>();

function hashKey(key: QueryKey): string {
  return JSON.stringify(key);
}

function getEntry<T>(options: QueryOptions<T>): Entry {
  const hash = hashKey(options.queryKey);
  let entry = entries.get(hash);
  if (!entry) {
    const initial = options.initialData?.();
    entry = {
      state: {
        data: initial,
        error: undefined,
        status: initial === undefined ? 'pending' : 'success',
        isFetching: false,
        updatedAt: initial === undefined ? 0 : (options.initialDataUpdatedAt?.() ?? 0),
      },
      promise: undefined,
      listeners: new Set(),
    };
    entries.set(hash, entry);
  }
  return entry;
}

function update(entry: Entry, patch: Partial<QueryState<unknown>>): void {
  entry.state = { ...entry.state, ...patch };
  entry.listeners.forEach((listener) => listener());
}

function isStale(entry: Entry, staleTime: number): boolean {
  return entry.state.updatedAt === 0 || Date.now() - entry.state.updatedAt > staleTime;
}

/** Runs the query (or joins the request in flight) and stores the answer under its key. */
export function fetchQuery<T>(options: QueryOptions<T>): Promise<T> {
  const entry = getEntry(options);
  if (entry.promise) return entry.promise as Promise<T>;
  const promise = options.queryFn().then(
    (data) => {
      entry.promise = undefined;
      update(entry, { data, error: undefined, status: 'success', isFetching: false, updatedAt: Date.now() });
      return data;
    },
    (error: unknown) => {
      entry.promise = undefined;
      // A failed refresh keeps the data already shown.
      update(entry, {
        error,
        status: entry.state.data === undefined ? 'error' : 'success',
        isFetching: false,
      });
      throw error;
    },
  );
  entry.promise = promise;
  update(entry, { isFetching: true });
  return promise;
}

/** Starts a query early (e.g. before its screen renders) without caring about the result here. */
export function prefetchQuery<T>(options: QueryOptions<T>): void {
  const entry = getEntry(options);
  if (isStale(entry, options.staleTime ?? DEFAULT_STALE_TIME)) fetchQuery(options).catch(() => undefined);
}

export function useQuery<T>(
  options: QueryOptions<T> & { enabled?: boolean },
): QueryState<T> & { refetch: () => Promise<T> } {
  const hash = hashKey(options.queryKey);
  const entry = getEntry(options);
  const subscribe = useCallback(
    (listener: () => void) => {
      entry.listeners.add(listener);
      return () => entry.listeners.delete(listener);
    },
    [entry],
  );
  const getSnapshot = useCallback(() => entry.state, [entry]);
  const state = useSyncExternalStore(subscribe, getSnapshot, getSnapshot) as QueryState<T>;

  const staleTime = options.staleTime ?? DEFAULT_STALE_TIME;
  const enabled = options.enabled ?? true;
  useEffect(() => {
    if (enabled && isStale(entry, staleTime) && !entry.promise) fetchQuery(options).catch(() => undefined);
    // The key identifies the query; a new options object for the same key must not refetch.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [hash, enabled]);

  const refetch = useCallback(() => fetchQuery(options), [hash]); // eslint-disable-line react-hooks/exhaustive-deps
  return { ...state, refetch };
}

/** Test helper: forgets every entry. */
export function clearQueryCache(): void {
  entries.clear();
}
