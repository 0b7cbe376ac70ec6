import { PAGE_PATHS } from '@app/contracts/page-paths';
import { Navigate, useSearchParams } from 'react-router';
import { safeRedirectPath } from '../../lib/redirect.ts';

/** `/` goes home, or onward to `r` when it names a path on this site (spec §2). */
export function IndexRedirect() {
  const [params] = useSearchParams();
  const target = safeRedirectPath(params.get('r'));
  return <Navigate to={target && target !== '/' ? target : PAGE_PATHS.home} replace />;
}
