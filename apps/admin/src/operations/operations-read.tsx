import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useCanAccess } from 'ra-core';
import { callAdminApi } from '../api.ts';
import { Denied, Pending } from '../players.tsx';

/** How often the operations screens read again: a job's run, a heartbeat, a file may change any moment. */
const REFRESH_MS = 10_000;

/**
 * An operations screen's one read (jobs, fleet, the regulator's feed): made only with the screen's
 * permission (permissions.ts, the route's), read again every 10 seconds. `data` once it is there;
 * otherwise `placeholder` is what the screen shows instead: waiting, refused, or the error.
 */
export function useOperationsRead<T>(
  resource: string,
  path: string,
): { data: T; placeholder?: undefined } | { data?: undefined; placeholder: ReactNode } {
  const { canAccess, isPending: checking } = useCanAccess({ resource, action: 'list' });
  const read = useQuery({
    queryKey: [resource],
    queryFn: () => callAdminApi<T>(path),
    enabled: canAccess === true,
    refetchInterval: REFRESH_MS,
  });
  if (checking) return { placeholder: <Pending /> };
  if (!canAccess) return { placeholder: <Denied /> };
  if (read.data === undefined) return { placeholder: <Pending error={read.error} /> };
  return { data: read.data };
}
