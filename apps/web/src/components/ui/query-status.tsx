import { isApiError } from '../../lib/request.ts';
import { useTranslation } from '../../lib/i18n.ts';

type QueryStatusProps = { status: 'pending' | 'success' | 'error'; error: unknown; onRetry: () => void };

/** Loading and failure states of a page that has nothing to show without its data. */
export function QueryStatus({ status, error, onRetry }: QueryStatusProps) {
  const { t } = useTranslation();
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
        <button type="button" className="button button--primary" onClick={onRetry}>
          {t('common.retry')}
        </button>
      </div>
    );
  }
  return null;
}
