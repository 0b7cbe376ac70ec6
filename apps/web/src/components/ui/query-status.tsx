import { PAGE_PATHS } from '@app/contracts/page-paths';
import { Link, useInRouterContext } from 'react-router';
import { isApiError } from '../../lib/request.ts';
import { useTranslation } from '../../lib/i18n.ts';

type QueryStatusProps = { status: 'pending' | 'success' | 'error'; error: unknown; onRetry: () => void };

/**
 * Whether asking again may answer otherwise: a lost connection, a server fault, a timeout or a rate
 * limit. A refusal of the request itself (a 4xx: not found, not allowed, not valid) stays what it is.
 */
export function isTransientError(error: unknown): boolean {
  if (!isApiError(error) || error.status === undefined) return true;
  return error.status >= 500 || error.status === 408 || error.status === 429;
}

/**
 * Loading and failure states of a page that has nothing to show without its data. Only a transient
 * failure offers "Try again"; a permanent one (the thing does not exist) says so and offers the way home.
 */
export function QueryStatus({ status, error, onRetry }: QueryStatusProps) {
  const { t } = useTranslation();
  const inRouter = useInRouterContext();
  if (status === 'pending') {
    return (
      <div className="page-status" aria-busy="true">
        <span className="spinner" aria-hidden="true" />
        <span>{t('common.loading')}</span>
      </div>
    );
  }
  if (status === 'error') {
    return (
      <div className="page-status" role="alert">
        <p>{isApiError(error) ? error.message : t('errors.INTERNAL')}</p>
        {isTransientError(error) ? (
          <button type="button" className="button button--primary" onClick={onRetry}>
            {t('common.retry')}
          </button>
        ) : inRouter ? (
          <Link className="button button--primary" to={PAGE_PATHS.home} data-testid="not-found-home">
            {t('routeError.home')}
          </Link>
        ) : (
          <a className="button button--primary" href={PAGE_PATHS.home} data-testid="not-found-home">
            {t('routeError.home')}
          </a>
        )}
      </div>
    );
  }
  return null;
}
