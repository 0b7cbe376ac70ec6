import { PAGE_PATHS } from '@app/contracts/page-paths';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { trackError } from '../../lib/analytics.ts';
import { t } from '../../lib/i18n.ts';

type Props = { children: ReactNode };
type State = { error: unknown };

/**
 * A screen that fails (a render error, a chunk that did not load) is logged and replaced by a friendly
 * page; the shell and tab bar stay usable. The shell remounts this per path, which clears the error.
 */
export class RouteErrorBoundary extends Component<Props, State> {
  override state: State = { error: undefined };

  static getDerivedStateFromError(error: unknown): State {
    return { error };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    trackError('route', { error, componentStack: info.componentStack });
  }

  override render() {
    if (this.state.error === undefined) return this.props.children;
    // A plain link, not the router: after a failed chunk a full load picks up the current build.
    return (
      <section className="placeholder" role="alert">
        <h1 className="placeholder__title">{t('routeError.title')}</h1>
        <p className="placeholder__text">{t('routeError.text')}</p>
        <a className="button button--primary" href={PAGE_PATHS.home}>
          {t('routeError.home')}
        </a>
      </section>
    );
  }
}
