import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { isSafeExternalUrl } from '../../lib/contacts.ts';
import { safeRedirectPath } from '../../lib/redirect.ts';

type AdvertLinkProps = {
  url: string;
  className?: string;
  label?: string;
  onNavigate?: () => void;
  children: ReactNode;
};

/**
 * Where an operator's advert or menu entry goes: an in-app path through the router, an https address in
 * a new tab. Anything else (javascript:, http:, a broken value) renders as plain content, not a link.
 */
export function AdvertLink({ url, className, label, onNavigate, children }: AdvertLinkProps) {
  const path = safeRedirectPath(url);
  if (path) {
    return (
      <Link to={path} className={className} aria-label={label} onClick={onNavigate}>
        {children}
      </Link>
    );
  }
  if (isSafeExternalUrl(url)) {
    return (
      <a
        href={url}
        className={className}
        aria-label={label}
        target="_blank"
        rel="noopener noreferrer"
        onClick={onNavigate}
      >
        {children}
      </a>
    );
  }
  return <div className={className}>{children}</div>;
}
