import type { LoginResponse } from '@app/contracts/member';
import { useCallback } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { getPreviousAppPath } from '../../../lib/navigation.ts';
import { setSession } from '../../../lib/session.ts';
import { returnPathAfterLogin } from '../return-path.ts';

/**
 * After login or register: keep the session, then leave the account screen (spec §4). It is replaced in
 * history, so back from the page the player returns to does not land on the login form again.
 */
export function useCompleteLogin(): (response: LoginResponse) => void {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const returnTo = params.get('r');
  return useCallback(
    (response: LoginResponse) => {
      setSession(response);
      void navigate(returnPathAfterLogin(returnTo, getPreviousAppPath()), { replace: true });
    },
    [navigate, returnTo],
  );
}
