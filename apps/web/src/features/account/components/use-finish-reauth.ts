import { useCallback } from 'react';
import { useNavigate } from 'react-router';

/**
 * After a re-authentication: on to the page that asked for it. The step is replaced in history, so
 * back from that page does not show the "confirm it's you" form again.
 */
export function useFinishReauth(target: string): () => void {
  const navigate = useNavigate();
  return useCallback(() => void navigate(target, { replace: true }), [navigate, target]);
}
