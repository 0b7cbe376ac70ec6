import { Link, useSearchParams } from 'react-router';
import { safeRedirectPath } from '../../../lib/redirect.ts';

/** A link to another account screen that carries the return path `r` along. */
export function AccountLink({
  to,
  className,
  children,
}: {
  to: string;
  className?: string;
  children: string;
}) {
  const [params] = useSearchParams();
  const returnTo = safeRedirectPath(params.get('r'));
  const target = returnTo ? `${to}?r=${encodeURIComponent(returnTo)}` : to;
  return (
    <Link to={target} className={className}>
      {children}
    </Link>
  );
}
