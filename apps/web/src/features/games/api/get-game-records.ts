import type { GameRecord } from '@app/contracts/games';
import { useCallback, useEffect, useRef, useState } from 'react';
import { GAME_RECORDS_PAGE_SIZE } from '@app/contracts/game-rules';
import { GAME_PATHS } from '@app/contracts/paths';
import { request } from '../../../lib/request.ts';

export type GameRecordKind = 'bet' | 'win';
export type GameRecordPage = { list: GameRecord[]; total: number; page: number; size: number };

/** One page of the member's rounds (spec §7 `game/records/bet`, `game/records/win`), newest first. */
export function getGameRecords(kind: GameRecordKind, page: number): Promise<GameRecordPage> {
  return request<GameRecordPage>(kind === 'bet' ? GAME_PATHS.betRecords : GAME_PATHS.winRecords, {
    params: { page, size: GAME_RECORDS_PAGE_SIZE, order: 'desc' },
  });
}

type RecordsState = {
  records: GameRecord[];
  status: 'pending' | 'success' | 'error';
  error: unknown;
  hasMore: boolean;
  loadingMore: boolean;
};

/**
 * The member's rounds of one kind, page after page (50 a page, spec §9). `loadMore` fetches the next
 * page; an answer for a kind the player has since left is dropped.
 */
export function useGameRecords(kind: GameRecordKind) {
  const [state, setState] = useState<RecordsState>({
    records: [],
    status: 'pending',
    error: undefined,
    hasMore: false,
    loadingMore: false,
  });
  const page = useRef(0);
  const generation = useRef(0);

  const load = useCallback(
    async (reset: boolean) => {
      const run = reset ? (generation.current += 1) : generation.current;
      const next = reset ? 1 : page.current + 1;
      setState((previous) =>
        reset
          ? { records: [], status: 'pending', error: undefined, hasMore: false, loadingMore: false }
          : { ...previous, loadingMore: true },
      );
      try {
        const answer = await getGameRecords(kind, next);
        if (run !== generation.current) return;
        page.current = next;
        setState((previous) => {
          const records = reset ? answer.list : [...previous.records, ...answer.list];
          return {
            records,
            status: 'success',
            error: undefined,
            hasMore: records.length < answer.total && answer.list.length > 0,
            loadingMore: false,
          };
        });
      } catch (error) {
        if (run !== generation.current) return;
        setState((previous) =>
          reset ? { ...previous, status: 'error', error } : { ...previous, loadingMore: false, error },
        );
      }
    },
    [kind],
  );

  useEffect(() => {
    void load(true);
  }, [load]);

  return {
    ...state,
    loadMore: useCallback(() => void load(false), [load]),
    retry: useCallback(() => void load(true), [load]),
  };
}
