import { PAGE_PATHS } from '@app/contracts/page-paths';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { postNativeBack } from './native-bridge.ts';

type HistoryState = { idx?: number } | null;

/**
 * Back (spec §2): a native host handles it when present; otherwise history back, or home when this page
 * was opened directly (React Router numbers its history entries in `state.idx`).
 */
export function useGoBack(): () => void {
  const navigate = useNavigate();
  return useCallback(() => {
    if (postNativeBack()) return;
    const state = window.history.state as HistoryState;
    if (state?.idx && state.idx > 0) void navigate(-1);
    else void navigate(PAGE_PATHS.home, { replace: true });
  }, [navigate]);
}
