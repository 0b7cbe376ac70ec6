import { Link } from 'react-router';
import { hideBanner, useBanner } from '../../lib/banner.ts';

/**
 * Where banners raised with `showBanner` appear (spec §4): sliding in at the top, gone after 3 s. The
 * live region stays mounted so screen readers announce each new line.
 */
export function NotificationBanner() {
  const banner = useBanner();
  return (
    <div className="notification-banner-host" aria-live="polite">
      {banner ? (
        <div
          key={banner.id}
          className="notification-banner"
          data-testid={banner.testId ?? 'notification-banner'}
        >
          {banner.to ? (
            <Link to={banner.to} className="notification-banner__link" onClick={() => hideBanner(banner.id)}>
              {banner.message}
            </Link>
          ) : (
            banner.message
          )}
        </div>
      ) : null}
    </div>
  );
}
