import { RECORDS_PAGE_SIZE } from '@app/contracts/payment-records';
import { useCallback, useEffect, useRef, useState } from 'react';

export type RecordPagesState<T> = {
  status: 'pending' | 'success' | 'error';
  error: unknown;
  records: T[];
  /** A further page is being fetched. */
  loadingMore: boolean;
  /** A further page failed: the list stays, with a retry at its end. */
  moreError: unknown;
  /** The last page came back short: there is nothing more. */
  done: boolean;
};

function initial<T>(): RecordPagesState<T> {
  return {
    status: 'pending',
    error: undefined,
    records: [],
    loadingMore: false,
    moreError: undefined,
    done: false,
  };
}

/**
 * Endless records (spec §7, §9): pages of 50, each asked for with `startId` = the last id shown, until a
 * page comes back with fewer than 50. A new `filter` starts over; answers to an older filter are dropped.
 */
export function useRecordPages<T extends { id: number }>(
  fetchPage: (startId: number | undefined) => Promise<T[]>,
  filter: string,
) {
  const [state, setState] = useState<RecordPagesState<T>>(initial);
  const run = useRef(0);
  const busy = useRef(false);
  const fetchRef = useRef(fetchPage);
  fetchRef.current = fetchPage;

  const load = useCallback((startId: number | undefined) => {
    const current = run.current;
    busy.current = true;
    fetchRef.current(startId).then(
      (page) => {
        if (current !== run.current) return;
        busy.current = false;
        setState((previous) => {
          const known = new Set(previous.records.map((record) => record.id));
          const records =
            startId === undefined ? page : [...previous.records, ...page.filter((r) => !known.has(r.id))];
          return {
            status: 'success',
            error: undefined,
            records,
            loadingMore: false,
            moreError: undefined,
            done: page.length < RECORDS_PAGE_SIZE,
          };
        });
      },
      (error: unknown) => {
        if (current !== run.current) return;
        busy.current = false;
        setState((previous) =>
          startId === undefined
            ? { ...initial<T>(), status: 'error', error }
            : { ...previous, loadingMore: false, moreError: error },
        );
      },
    );
  }, []);

  const reload = useCallback(() => {
    run.current += 1;
    setState(initial<T>());
    load(undefined);
  }, [load]);

  useEffect(() => {
    reload();
  }, [filter, reload]);

  const records = state.records;
  const loadMore = useCallback(() => {
    if (busy.current || state.done || state.status !== 'success') return;
    const last = records[records.length - 1];
    if (!last) return;
    setState((previous) => ({ ...previous, loadingMore: true, moreError: undefined }));
    load(last.id);
  }, [load, records, state.done, state.status]);

  return { ...state, reload, loadMore };
}
